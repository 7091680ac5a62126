public import FeedLoading

/// The posts the account read or hid, latest first (Lemmy 1.0).
public typealias PostHistoryFeed = LemmyFeed<Post2, PostHistoryQuery>

/// What a ``PostHistoryFeed`` lists.
public struct PostHistoryQuery: Sendable, Hashable {
    /// Which of the account's posts.
    public enum List: Sendable, Hashable {
        /// Posts it read (``ApiClient/getReadPosts(limit:cursor:)``).
        case read
        /// Posts it hid (``ApiClient/getHiddenPosts(limit:cursor:)``).
        case hidden
    }

    /// Read or hidden posts.
    public var list: List
    /// Posts asked for per request.
    public var pageSize: Int

    /// Creates a query.
    public init(list: List = .read, pageSize: Int = 20) {
        self.list = list
        self.pageSize = pageSize
    }
}

extension LemmyFeed where Model == Post2, Query == PostHistoryQuery {
    /// Creates a feed of the posts the account read or hid.
    public convenience init(
        api: ApiClient, query: PostHistoryQuery = PostHistoryQuery(), configuration: FeedConfiguration = FeedConfiguration()
    ) {
        self.init(api: api, query: query, configuration: configuration, isRead: { $0.read }) { context in
            .paged(context) { api, query, cursor in
                let page =
                    switch query.list {
                    case .read: try await api.getReadPosts(limit: query.pageSize, cursor: cursor)
                    case .hidden: try await api.getHiddenPosts(limit: query.pageSize, cursor: cursor)
                    }
                return FetchedPage(items: page.items.map(FeedEntry<Post2>.post), next: page.next)
            }
        }
    }
}
