public import FeedLoading

/// The account's saved posts and comments, merged newest first.
public typealias SavedFeed = LemmyFeed<PostOrComment, SavedFeedQuery>

/// How a ``SavedFeed`` pages.
public struct SavedFeedQuery: Sendable, Hashable {
    /// Items asked for per request of each kind.
    public var pageSize: Int

    /// Creates a query.
    public init(pageSize: Int = 20) { self.pageSize = pageSize }
}

extension LemmyFeed where Model == PostOrComment, Query == SavedFeedQuery {
    /// Creates a feed of the account's saved posts and comments, merged by date.
    public convenience init(
        api: ApiClient, query: SavedFeedQuery = SavedFeedQuery(), configuration: FeedConfiguration = FeedConfiguration()
    ) {
        self.init(api: api, query: query, configuration: configuration, isRead: PostOrComment.isRead) { context in
            .merged(
                context, pageSize: query.pageSize,
                [false, true].map { comments -> FeedPageLoader<PostOrComment, Query> in
                    { api, query, cursor in
                        let page = try await api.getSaved(comments: comments, limit: query.pageSize, cursor: cursor)
                        return FetchedPage(items: page.items.map(FeedEntry<PostOrComment>.item), next: page.next)
                    }
                })
        }
    }
}
