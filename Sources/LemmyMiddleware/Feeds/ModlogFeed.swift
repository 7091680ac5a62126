public import FeedLoading

/// The modlog of an instance or one community, newest first.
public typealias ModlogFeed = LemmyFeed<ModlogEntry, ModlogFeedQuery>

/// Which modlog a ``ModlogFeed`` lists.
public struct ModlogFeedQuery: Sendable, Hashable {
    /// One community's actions, or nil for the whole instance.
    public var communityId: Int?
    /// Entries asked for per request.
    public var pageSize: Int

    /// Creates a query.
    public init(communityId: Int? = nil, pageSize: Int = 20) {
        self.communityId = communityId
        self.pageSize = pageSize
    }
}

extension LemmyFeed where Model == ModlogEntry, Query == ModlogFeedQuery {
    /// Creates a modlog feed.
    public convenience init(
        api: ApiClient, query: ModlogFeedQuery = ModlogFeedQuery(), configuration: FeedConfiguration = FeedConfiguration()
    ) {
        self.init(api: api, query: query, configuration: configuration) { context in
            .paged(context) { api, query, cursor in
                let page = try await api.getModlog(communityId: query.communityId, limit: query.pageSize, cursor: cursor)
                return FetchedPage(items: page.items.map(FeedEntry<ModlogEntry>.item), next: page.next)
            }
        }
    }
}
