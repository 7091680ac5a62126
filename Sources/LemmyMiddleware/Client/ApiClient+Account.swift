internal import LemmyAPI

/// The signed-in account.
extension ApiClient {
    /// Loads the account's person, subscriptions, blocks and unread counts into ``account``.
    @discardableResult
    public func loadAccount() async throws(ApiClientError) -> Account {
        try requireAccount()
        guard let account else { throw .notLoggedIn }
        _ = try await reloadMyUser()
        try await refreshUnreadCounts()
        return account
    }

    /// Reads the account's own user and writes it into ``account`` (``updateAccount(_:)``);
    /// the unread counts are not read.
    func reloadMyUser() async throws(ApiClientError) -> ApiMyUserInfo {
        // Explicit per generation: different calls: 1.0 GetMyUser, 0.18/0.19 GetSite.
        let info: ApiMyUserInfo
        if try await generation() == .v4 {
            info = try await send(LemmyV4.GetMyUser(), mutation: false)
        } else {
            guard let myUser = try await send(LemmyV3.GetSite(), mutation: false).myUser else { throw .notLoggedIn }
            info = myUser
        }
        updateAccount(info)
        return info
    }

    /// Reloads the unread counts into ``account``.
    public func refreshUnreadCounts() async throws(ApiClientError) {
        try requireAccount()
        guard let account else { throw .notLoggedIn }
        let counts: UnreadCounts
        // Explicit per generation: different calls: 1.0 GetUnreadCounts, 0.18/0.19 GetUnreadCount.
        if try await generation() == .v4 {
            let response = try await send(LemmyV4.GetUnreadCounts(), mutation: false)
            counts = UnreadCounts(replies: response.notificationCount)
        } else {
            let response = try await send(LemmyV3.GetUnreadCount(), mutation: false)
            counts = UnreadCounts(replies: response.replies, mentions: response.mentions, messages: response.privateMessages)
        }
        if account.unread != counts { account.unread = counts }
    }

    /// Writes `info` into ``account``, only where it changed.
    func updateAccount(_ info: ApiMyUserInfo) {
        guard let account else { return }
        let person = person1(info.localUserView.person)
        if account.person !== person { account.person = person }
        // 0.18 keeps the flag on the person, 0.19 and 1.0 on the local user.
        let admin = info.localUserView.localUser.admin ?? info.localUserView.person.admin ?? false
        if account.isAdmin != admin { account.isAdmin = admin }
        let subscribed = Set(info.follows.map(\.community.id))
        if account.subscribedCommunityIds != subscribed { account.subscribedCommunityIds = subscribed }
        let multiFollows = Set(info.multiCommunityFollows?.map(\.multi.id) ?? [])
        if account.followedMultiCommunityIds != multiFollows { account.followedMultiCommunityIds = multiFollows }
        let moderated = Set(info.moderates.map(\.community.id))
        if account.moderatedCommunityIds != moderated { account.moderatedCommunityIds = moderated }
        let blockedPeople = Set(info.blockedPersons.map(\.id))
        if account.blockedPersonIds != blockedPeople { account.blockedPersonIds = blockedPeople }
        let blockedCommunities = Set(info.blockedCommunities.map(\.id))
        if account.blockedCommunityIds != blockedCommunities { account.blockedCommunityIds = blockedCommunities }
        let blockedInstances = Set(info.instanceBlocks?.map(\.instance.id) ?? info.instanceCommunitiesBlocks?.map(\.id) ?? [])
        if account.blockedInstanceIds != blockedInstances { account.blockedInstanceIds = blockedInstances }
        confirmedBlockedInstanceIds = blockedInstances
        // 0.18 has no flag: a secret, shown as its URL, means login asks for a code.
        let localUser = info.localUserView.localUser
        let twoFactor = localUser.totp2faEnabled ?? (localUser.totp2faUrl != nil)
        if account.isTwoFactorEnabled != twoFactor { account.isTwoFactorEnabled = twoFactor }
        if let version = raw.knownServerVersion?.apiVersion {
            let settings = AccountSettings(info, version: version)
            if account.settings != settings { account.settings = settings }
        }
        refreshBlockedFlags(caches.person1.values, blocked: blockedPeople)
        refreshBlockedFlags(caches.community1.values, blocked: blockedCommunities)
    }

    /// Brings the `blocked` flag of live `models` in line with the account's block list: models
    /// fetched before the account loaded were built without it.
    private func refreshBlockedFlags<Model: BlockFlagModel>(_ models: [Model], blocked: Set<Int>) {
        for model in models where model.readConfirmed({ $0.blocked }) != blocked.contains(model.id) {
            var snapshot = model.confirmed
            snapshot.blocked = blocked.contains(model.id)
            model.merge(snapshot, sequence: mergeSequence)
        }
    }
}
