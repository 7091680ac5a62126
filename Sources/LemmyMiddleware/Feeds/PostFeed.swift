public import FeedLoading
internal import LemmyAPI

/// A feed of posts: a listing (all, local, subscribed) or one community, in one sort.
public typealias PostFeed = LemmyFeed<Post2, PostFeedQuery>

/// What a ``PostFeed`` lists.
public struct PostFeedQuery: Sendable, Hashable {
    /// The listing, or one community.
    public var feed: FeedType
    /// The order.
    public var sort: PostSortType
    /// Posts asked for per request.
    public var pageSize: Int
    /// Whether the listing includes posts the account has read. `false` asks the server to leave
    /// them out where its version can (0.19.9+), else each page is filtered in the client. Unlike
    /// the ``LemmyFeedFilter/read`` filter this changes what is fetched, so pages stay full.
    public var showRead: Bool

    /// Creates a query.
    /// - Parameters:
    ///   - feed: The listing, or `.community(id:)` for one community's posts.
    ///   - sort: The order.
    ///   - pageSize: Posts asked for per request (Lemmy allows up to 50).
    ///   - showRead: Whether read posts are listed (see ``showRead``).
    public init(feed: FeedType = .all, sort: PostSortType = .hot, pageSize: Int = 20, showRead: Bool = true) {
        self.feed = feed
        self.sort = sort
        self.pageSize = pageSize
        self.showRead = showRead
    }
}

extension LemmyFeed where Model == Post2, Query == PostFeedQuery {
    /// How many posts, from the top of the listing, ``archive(savedAt:)`` saves unless the feed
    /// was created with another limit.
    public static var defaultArchiveLimit: Int { 200 }

    /// Creates a post feed; the read filter hides posts whose ``Post2/read`` is set.
    /// - Parameters:
    ///   - api: The account to fetch with.
    ///   - query: The listing or community, and the sort.
    ///   - configuration: How eagerly to load.
    ///   - archiveLimit: How many posts from the top of the listing the feed keeps as the server
    ///     sent them, for ``archive(savedAt:)`` (an offline start shows the top of a feed); 0
    ///     keeps none.
    public convenience init(
        api: ApiClient, query: PostFeedQuery = PostFeedQuery(),
        configuration: FeedConfiguration = FeedConfiguration(),
        archiveLimit: Int = PostFeed.defaultArchiveLimit
    ) {
        let budget = ArchiveBudget(limit: archiveLimit)
        self.init(api: api, query: query, configuration: configuration, isRead: { $0.read }) { context in
            .paged(context) { api, query, cursor in
                let (views, next) = try await api.postViews(
                    feed: query.feed, sort: query.sort, limit: query.pageSize,
                    showRead: query.showRead, cursor: cursor)
                return FetchedPage(items: budget.entries(for: consume views, cursor: cursor) { api.post2($0) }, next: next)
            }
        }
    }
}
