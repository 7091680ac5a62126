internal import LemmyAPI

/// Requests to follow private communities, for their moderators (Lemmy 1.0; earlier versions
/// have no private communities).
extension ApiClient {
    /// A page of follow requests to the private communities the account moderates, oldest first.
    ///
    /// Lemmy refuses anyone who moderates nothing and is no admin (`not_a_mod_or_admin`). A
    /// moderator's own follow is never listed. With `allCommunities`, an admin sees the requests
    /// of every private community, each once for every moderator the community has (Lemmy lists
    /// them so); for anyone else the flag changes nothing.
    ///
    /// - Parameters:
    ///   - waitingOnly: only the requests no moderator has decided; otherwise accepted and denied
    ///     follows too.
    ///   - allCommunities: an admin's view of every private community.
    ///   - limit: the page size (1 to 50).
    ///   - cursor: where the page starts (``ContentPage/next`` of the previous page).
    /// - Throws: ``ApiClientError/Kind/unavailableInVersion`` before Lemmy 1.0.
    public func followRequests(waitingOnly: Bool = true, allCommunities: Bool = false, limit: Int = 20, cursor: PageCursor? = nil)
        async throws(ApiClientError) -> ContentPage<FollowRequest>
    {
        try requireAccount()
        try await requirePrivateCommunities()
        let form = ApiListCommunityPendingFollows(unreadOnly: waitingOnly, allCommunities: allCommunities, limit: limit)
        let page = try await self.page(LemmyV4.ListCommunityPendingFollows(form), at: cursor)
        let requests = page.items.map { view in
            FollowRequest(
                api: self, follower: person1(view.person), community: community1(view.community), isNewInstance: view.isNewInstance,
                state: Self.followRequestState(view.followState), listedAcrossCommunities: allCommunities)
        }
        return ContentPage(items: requests, next: page.next)
    }

    /// How many follow requests wait for the account, one for each person and private community
    /// it moderates (GetUnreadCounts' `pending_follow_count`).
    ///
    /// - Throws: ``ApiClientError/Kind/unsupported`` when the server gives no count (Lemmy gives
    ///   it to moderators and admins only), ``ApiClientError/Kind/unavailableInVersion`` before
    ///   Lemmy 1.0.
    public func waitingFollowRequestCount() async throws(ApiClientError) -> Int {
        try requireAccount()
        try await requirePrivateCommunities()
        guard let count = try await send(LemmyV4.GetUnreadCounts(), mutation: false).pendingFollowCount else {
            throw .unsupported("the server gives the follow request count to moderators and admins only")
        }
        return count.clampedCount
    }

    /// The state the server holds for request `id`, looked for in the first `pages` pages of every
    /// request (decided ones too); nil if it is not among them.
    func followRequestState(of id: FollowRequestId, acrossCommunities: Bool, pages: Int = 10)
        async throws(ApiClientError) -> FollowRequestState?
    {
        var cursor: PageCursor?
        for _ in 0..<pages {
            let form = ApiListCommunityPendingFollows(unreadOnly: false, allCommunities: acrossCommunities, limit: 50)
            let page = try await self.page(LemmyV4.ListCommunityPendingFollows(form), at: cursor)
            if let view = page.items.first(where: { $0.community.id == id.communityId && $0.person.id == id.followerId }) {
                return Self.followRequestState(view.followState)
            }
            guard let next = page.next else { return nil }
            cursor = next
        }
        return nil
    }

    /// The request state of a follow state; a follow of a remote community that is still being
    /// confirmed, or a state this client does not know, cannot be decided.
    static func followRequestState(_ state: ApiCommunityFollowerState?) -> FollowRequestState {
        switch state {
        case .approvalRequired?: .waiting
        case .accepted?: .accepted
        case .denied?: .denied
        default: .other
        }
    }

    /// Private communities and their follow requests are Lemmy 1.0's.
    private func requirePrivateCommunities() async throws(ApiClientError) {
        guard try await generation() == .v4 else {
            throw .unavailableInVersion("follow requests to private communities (Lemmy 1.0 and later)")
        }
    }
}
