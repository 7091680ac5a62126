public import FeedLoading

/// The posts or comments the account upvoted or downvoted (Lemmy 0.19 and later), one kind per
/// feed: Lemmy 1.0 orders them by when the vote was cast, which the models do not carry, so two
/// kinds could not be merged in the server's order.
public typealias VotedFeed = LemmyFeed<PostOrComment, VotedFeedQuery>

/// What a ``VotedFeed`` lists.
public struct VotedFeedQuery: Sendable, Hashable {
    /// `.upvote` or `.downvote` (`.none` lists nothing and fails).
    public var vote: ScoringOperation
    /// Comments instead of posts.
    public var comments: Bool
    /// Items asked for per request.
    public var pageSize: Int

    /// Creates a query.
    public init(vote: ScoringOperation = .upvote, comments: Bool = false, pageSize: Int = 20) {
        self.vote = vote
        self.comments = comments
        self.pageSize = pageSize
    }
}

extension LemmyFeed where Model == PostOrComment, Query == VotedFeedQuery {
    /// Creates a feed of what the account voted on (``ApiClient/getVoted(_:comments:limit:cursor:)``).
    public convenience init(
        api: ApiClient, query: VotedFeedQuery = VotedFeedQuery(), configuration: FeedConfiguration = FeedConfiguration()
    ) {
        self.init(api: api, query: query, configuration: configuration, isRead: PostOrComment.isRead) { context in
            .paged(context) { api, query, cursor in
                let page = try await api.getVoted(query.vote, comments: query.comments, limit: query.pageSize, cursor: cursor)
                return FetchedPage(items: page.items.map(FeedEntry<PostOrComment>.item), next: page.next)
            }
        }
    }
}
