internal import LemmyAPI

/// Lemmy 1.0's multi-communities: a person's named list of up to 50 communities, which anyone
/// may follow and read as one feed (``FeedType/multiCommunity(id:)``). Before 1.0 every call
/// fails with ``ApiClientError/unavailableInVersion(_:)`` before any request.
extension ApiClient {
    /// A page of multi-communities as ``MultiCommunity1`` models (one live object per id).
    ///
    /// - Parameters:
    ///   - listing: All, local, or followed ones. Lemmy lists deleted ones too (see
    ///     ``MultiCommunity1/deleted``).
    ///   - sort: The order.
    ///   - creatorId: Only those this person made.
    ///   - search: Words to find, in order, in names and titles and in the descriptions.
    ///   - limit: Per page, 1 to 50.
    ///   - cursor: Where the page starts; nil for the first.
    public func getMultiCommunities(
        listing: MultiCommunityListing = .all, sort: MultiCommunitySort = .subscribers, creatorId: Int? = nil,
        search: String? = nil, limit: Int = 20, cursor: PageCursor? = nil
    ) async throws(ApiClientError) -> ContentPage<MultiCommunity1> {
        try await requireMultiCommunities()
        let form = ApiListMultiCommunities(
            type: listing.api, sort: sort.api, creatorId: creatorId, searchTerm: search, limit: limit)
        let (views, next) = try await page(LemmyV4.ListMultiCommunities(form), at: cursor)
        return ContentPage(items: views.map { multiCommunity1($0) }, next: next)
    }

    /// One multi-community with its communities, as a ``MultiCommunity2``.
    ///
    /// Its communities are read as the account sees them (``Community2`` with the account's
    /// subscription): Lemmy's own answer lists at most 20 of them, as a guest sees them.
    /// Communities the account blocks, NSFW ones it does not show, and (but for an admin) deleted
    /// or removed ones are left out of ``MultiCommunity2/communities`` but counted in
    /// ``MultiCommunity1/communityCount``.
    public func getMultiCommunity(id: Int) async throws(ApiClientError) -> MultiCommunity2 {
        try await requireMultiCommunities()
        return try await multiCommunity2(readMultiCommunity1(id: id))
    }

    /// The multi-community named `name` (`reading`; `reading@example.org` for another
    /// instance's), as ``getMultiCommunity(id:)`` reads it. Lemmy finds a local one by its name
    /// in any case.
    public func getMultiCommunity(name: String) async throws(ApiClientError) -> MultiCommunity2 {
        try await requireMultiCommunities()
        let response = try await send(LemmyV4.GetMultiCommunity(ApiGetMultiCommunity(name: name)), mutation: false)
        return try await multiCommunity2(multiCommunity1(response.multiCommunityView))
    }

    /// Makes a multi-community named `name` (2 to 20 letters, digits and `_` of one alphabet,
    /// unique on the instance in any case); the account follows it. Lemmy refuses a taken name
    /// (`already_exists`), a bad one (`invalid_name`), a title that is not a display name
    /// (`invalid_display_name`), a summary over 150 characters (`site_description_length_overflow`).
    public func createMultiCommunity(
        name: String, title: String? = nil, summary: String? = nil, sidebar: String? = nil
    ) async throws(ApiClientError) -> MultiCommunity1 {
        try requireAccount()
        try await requireMultiCommunities()
        let form = ApiCreateMultiCommunity(name: name, title: title, summary: summary, sidebar: sidebar)
        let view = try await send(LemmyV4.CreateMultiCommunity(form), mutation: true).multiCommunityView
        return multiCommunity1(view)
    }

    /// Fails before any request on a server older than 1.0.
    func requireMultiCommunities() async throws(ApiClientError) {
        guard try await generation() == .v4 else { throw .unavailableInVersion("multi-communities need Lemmy 1.0 or later") }
    }

    /// The model of `view`, an answer to the account's own request: its follow state is the
    /// account's, so ``Account/followedMultiCommunityIds`` takes it up.
    func multiCommunity1(_ view: ApiMultiCommunityView) -> MultiCommunity1 {
        let creator = person1(view.owner)
        let snapshot = MultiCommunity1Snapshot(view, text: escapedText)
        let followed = snapshot.subscription.isSubscribed
        let model = merge(snapshot, creator: creator)
        if let account { Account.set(&account.followedMultiCommunityIds, model.id, member: followed) }
        return model
    }

    /// Reads multi-community `id`, the view alone (not its communities); an answer about
    /// another one is a ``ApiClientError/Kind/decoding`` failure.
    @discardableResult
    func readMultiCommunity1(id: Int) async throws(ApiClientError) -> MultiCommunity1 {
        let view = try await send(LemmyV4.GetMultiCommunity(ApiGetMultiCommunity(id: id)), mutation: false).multiCommunityView
        try Self.requireSame("multi-community", answered: view.multi.id, asked: id)
        return multiCommunity1(view)
    }

    /// `multi` with its communities, read through the account's community list (one page: a
    /// multi-community holds at most 50). `multi` is merged before, under its own answer's
    /// sequence: a change confirmed while the communities are read is newer and must win.
    private func multiCommunity2(_ multi: MultiCommunity1) async throws(ApiClientError) -> MultiCommunity2 {
        let form = ApiListCommunities(type: .all, multiCommunityId: multi.id, limit: 50)
        let (communities, _) = try await page(LemmyV4.ListCommunities(form), at: nil)
        return merge(MultiCommunity2Snapshot(), multiCommunity1: multi, communities: communities.map { community2($0) })
    }
}
