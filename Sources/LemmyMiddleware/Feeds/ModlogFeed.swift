public import FeedLoading
import LemmyAPI

/// The modlog of an instance or one community, newest first.
///
/// On 0.18 and 0.19 each kind of action is paged on its own (Lemmy keeps a table per kind, and a
/// page of the modlog holds a page of each), so the feed reads each kind by itself and merges
/// them by date: the first load asks once per kind. 1.0 pages one list.
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
            let whole: FeedPageLoader<ModlogEntry, ModlogFeedQuery> = { api, query, cursor in
                guard try await api.generation() == .v4 else { return FetchedPage(items: [], next: nil) }
                let page = try await api.getModlog(communityId: query.communityId, limit: query.pageSize, cursor: cursor)
                return FetchedPage(items: page.items.map(FeedEntry<ModlogEntry>.item), next: page.next)
            }
            let kinds = ModlogAction.listed.map { action -> FeedPageLoader<ModlogEntry, ModlogFeedQuery> in
                { api, query, cursor in
                    guard try await api.generation() == .v3 else { return FetchedPage(items: [], next: nil) }
                    // 0.18 and 0.19 list a community's removal and the purges only in the whole modlog.
                    if query.communityId != nil && action.isListedInWholeModlogOnly3 { return FetchedPage(items: [], next: nil) }
                    let page = try await api.getModlog(
                        communityId: query.communityId, action: action, limit: query.pageSize, cursor: cursor)
                    return FetchedPage(items: page.items.map(FeedEntry<ModlogEntry>.item), next: page.next)
                }
            }
            return .merged(context, pageSize: query.pageSize, [whole] + kinds)
        }
    }
}
