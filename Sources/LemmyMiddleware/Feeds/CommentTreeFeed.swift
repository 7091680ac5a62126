public import FeedLoading

/// The comment tree of a post: top-level comments as the feed's items, deeper levels loaded
/// on demand with ``LemmyFeed/loadChildren(of:)``.
///
/// Lemmy answers a tree fetch with at most 300 comments. 1.0 pages the rest by cursor, so
/// ``LemmyFeed/loadMore()`` brings the next 300 top-level comments; 0.18 and 0.19 have no page
/// after the first, so there the top level is one page.
public typealias CommentTreeFeed = LemmyFeed<CommentNode, CommentTreeQuery>

/// Which post's comments a ``CommentTreeFeed`` shows, and in which order.
public struct CommentTreeQuery: Sendable, Hashable {
    /// The post's id on the client's instance.
    public var postId: Int
    /// The order of siblings.
    public var sort: CommentSortType

    /// Creates a query.
    public init(postId: Int, sort: CommentSortType = .hot) {
        self.postId = postId
        self.sort = sort
    }
}

extension LemmyFeed where Model == CommentNode, Query == CommentTreeQuery {
    /// Creates a comment-tree feed.
    public convenience init(api: ApiClient, query: CommentTreeQuery, configuration: FeedConfiguration = FeedConfiguration()) {
        self.init(api: api, query: query, configuration: configuration) { context in
            let discards = context.discards
            return .paged(context) { api, query, cursor in
                let page = try await api.getCommentTreePage(postId: query.postId, sort: query.sort, maxDepth: 1, at: cursor)
                let comments = page.items
                // Top-level comments of this post, each once (the answer is the server's word only).
                var seen = Set<Int>()
                let topLevel = comments.filter {
                    $0.postId == query.postId && $0.path == [$0.id] && seen.insert($0.id).inserted
                }
                // Counted again from the first page on, as the feed's items are.
                discards.count = (cursor == nil ? 0 : discards.count) + comments.count - topLevel.count
                let nodes = topLevel.map { CommentNode(comment: $0, depth: 0) }
                return FetchedPage(
                    items: nodes.map { node in
                        FeedEntry(FeedEntry<Comment2>.comment(node.comment), as: node)
                    }, next: page.next)
            }
        }
    }

    /// How many comments of the answers for the top level are not shown: another post's,
    /// one whose path does not make it a top-level comment (at `max_depth` 1 a well-formed answer
    /// holds nothing else), or a second copy. Zero from an honest server; an app can tell the
    /// user that the thread is incomplete. Each node counts its own replies
    /// (``CommentNode/discardedReplies``).
    public var discardedComments: Int { discards.count }

    /// Loads the direct replies of `node` in the feed's sort.
    public func loadChildren(of node: CommentNode) async {
        await node.loadChildren(sort: query.sort)
    }
}
