internal import LemmyAPI

/// Who runs a community and the instance: appointing and dismissing moderators, handing a
/// community to another moderator, appointing and dismissing admins.
///
/// None of these is optimistic: each waits for the server, since Lemmy checks rank
/// (`not_higher_mod`, `not_higher_admin`) and keeps the last moderator or admin
/// (`cannot_leave_mod`, `cannot_leave_admin`), which the client cannot know for certain. Then the
/// live models agree with the answer: the community's moderators (``Community3Providing/moderators``,
/// and the posts' ``Post3Providing/moderators`` of that community), the person's
/// ``Person3Providing/moderatedCommunities`` and ``Person2Providing/isAdmin``, the site's
/// ``Site3Providing/administrators``, and the account's ``Account/moderatedCommunityIds`` and
/// ``Account/isAdmin`` when the change is the account's own.
extension ApiClient {
    /// Appoints `personId` a moderator of `communityId`, or dismisses them; returns the
    /// moderators, longest serving first.
    ///
    /// Moderators and admins may appoint. A dismissal needs a moderator appointed earlier than the
    /// one dismissed, or an admin (0.19 and later, `not_higher_mod`); on 1.0 the last moderator
    /// stays unless an admin dismisses them (`cannot_leave_mod`). Dismissing yourself is leaving.
    @discardableResult
    public func setModerator(_ personId: Int, of communityId: Int, _ isModerator: Bool) async throws(ApiClientError) -> [Person1] {
        try requireAccount()
        let form = ApiAddModToCommunity(communityId: communityId, personId: personId, added: isModerator)
        let response = try await send(LemmyAnyGeneration.AddModToCommunity(form), mutation: true)
        for view in response.moderators { try Self.requireSame("community", answered: view.community.id, asked: communityId) }
        // Lemmy answers the list before a remote community confirms a change: trust the list.
        let moderators = response.moderators.map { person1($0.moderator) }
        replaceModerators(of: communityId, with: moderators)
        let nowModerates = moderators.contains { $0.id == personId }
        if let person = caches.person3[personId] {
            var communities = person.moderatedCommunities.filter { $0.id != communityId }
            // The answer's views name the community (checked above); none when the list is empty.
            if nowModerates, let view = response.moderators.first { communities.append(community1(view.community)) }
            person.replaceModeratedCommunities(communities, sequence: mergeSequence)
        }
        if let account, account.person?.id == personId { Account.set(&account.moderatedCommunityIds, communityId, member: nowModerates) }
        return moderators
    }

    /// Hands `communityId` to `personId`, who must already moderate it: they become its top
    /// moderator, and the others keep their order. Returns the community as read after the change.
    ///
    /// The community's top moderator or an admin may transfer it (`not_an_admin` otherwise).
    /// Lemmy answers a target who is no moderator with an error without a code, so the
    /// community is read first and, when the caller may transfer it, such a target is refused
    /// here: ``ApiClientError/lemmyCode`` `.notAModerator`, a message naming the person, and
    /// nothing sent. (A caller who may not is sent on, for Lemmy's own refusal.)
    @discardableResult
    public func transferCommunity(_ communityId: Int, to personId: Int) async throws(ApiClientError) -> Community3 {
        let me = try await accountPersonId()
        let community = try await getCommunity(id: communityId)
        let mayTransfer = community.moderators.first?.id == me || account?.isAdmin == true
        if mayTransfer && !community.moderators.contains(where: { $0.id == personId }) {
            throw .lemmy(.notAModerator, message: "person \(personId) does not moderate community \(communityId); nothing was sent")
        }
        let form = ApiTransferCommunity(communityId: communityId, personId: personId)
        let response = try await send(LemmyAnyGeneration.TransferCommunity(form), mutation: true)
        try Self.requireSame("community", answered: response.communityView.community.id, asked: communityId)
        // Not `community3(response)`: Lemmy's answer always has empty discussion languages.
        _ = community2(response.communityView)
        replaceModerators(of: communityId, with: response.moderators.map { person1($0.moderator) })
        return community
    }

    /// Appoints `personId` an admin of the instance, or dismisses them; returns the admins,
    /// longest serving first.
    ///
    /// Only admins may. A dismissal needs an admin appointed earlier than the one dismissed
    /// (0.19 and later, `not_higher_admin`); 1.0 keeps the last admin (`cannot_leave_admin`).
    /// The person must have an account on this instance (0.19 `object_not_local`, 1.0 `not_found`;
    /// 0.18 takes anyone).
    @discardableResult
    public func setAdmin(_ personId: Int, _ isAdmin: Bool) async throws(ApiClientError) -> [Person2] {
        try requireAccount()
        let response = try await send(LemmyAnyGeneration.AddAdmin(ApiAddAdmin(personId: personId, added: isAdmin)), mutation: true)
        return mergeAdmins(response.admins, changed: personId)
    }

    /// Stops the account being an admin of the instance; refused for the only admin
    /// (`cannot_leave_admin`). 0.18 and 0.19 have LeaveAdmin for this; on 1.0 an admin dismisses
    /// themself.
    public func leaveAdmin() async throws(ApiClientError) {
        let me = try await accountPersonId()
        guard try await generation() == .v3 else {
            try await setAdmin(me, false)
            return
        }
        let response = try await send(LemmyV3.LeaveAdmin(), mutation: true)
        // The answer is GetSite's: merging it updates the admins and the site's list.
        let site = site3(response)
        settleAdmin(me, stillAdmin: site.administrators.contains { $0.id == me })
    }

    /// Merges an answer's admins into the person and site models; `changed`, if no longer listed,
    /// is no longer an admin.
    @discardableResult
    private func mergeAdmins(_ views: [ApiPersonView], changed personId: Int) -> [Person2] {
        let admins = views.map { person2($0) }
        for site in caches.site3.values { site.replaceAdministrators(admins.map(\.person1), sequence: mergeSequence) }
        settleAdmin(personId, stillAdmin: admins.contains { $0.id == personId })
        return admins
    }

    /// The flags an answer's list of admins does not set itself: the person it no longer lists,
    /// and the account when the change was its own.
    private func settleAdmin(_ personId: Int, stillAdmin: Bool) {
        if !stillAdmin { applyConfirmed(caches.person2[personId]) { $0.isAdmin = false } }
        if let account, account.person?.id == personId { account.isAdmin = stillAdmin }
    }

    /// Shows `moderators` as the moderators of `communityId` wherever a live model lists them.
    private func replaceModerators(of communityId: Int, with moderators: [Person1]) {
        caches.community3[communityId]?.replaceModerators(moderators, sequence: mergeSequence)
        for post in caches.post3.values where post.communityId == communityId {
            post.replaceModerators(moderators, sequence: mergeSequence)
        }
    }
}
