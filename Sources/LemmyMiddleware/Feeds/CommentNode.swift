public import FeedLoading
public import Observation

/// One comment of a comment tree, with the replies loaded below it so far.
///
/// Replies load on demand: ``loadChildren(sort:)`` fetches the next level (Lemmy's `parent_id`
/// with `max_depth`), so a long thread costs nothing until the user opens it.
@MainActor @Observable
public final class CommentNode {
    /// The comment.
    public let comment: Comment2
    /// How deep the comment sits: 0 for a top-level comment.
    public let depth: Int
    /// The direct replies loaded so far.
    public private(set) var children: [CommentNode] = []
    /// Whether the replies are loading, loaded (`done`), or failed (retry by loading again).
    public private(set) var childrenState: LoadingState = .idle

    init(comment: Comment2, depth: Int) {
        self.comment = comment
        self.depth = depth
    }

    /// Whether the comment has replies that are not loaded yet.
    public var hasUnloadedChildren: Bool {
        comment.childCount > 0 && childrenState != .done && childrenState != .loading
    }

    /// Loads the direct replies, unless they are loaded or loading. A failure is kept in
    /// ``childrenState``, and calling again retries.
    public func loadChildren(sort: CommentSortType = .hot) async {
        guard childrenState != .done, childrenState != .loading else { return }
        childrenState = .loading
        do {
            let replies = try await comment.api.getCommentChildren(of: comment.id, sort: sort, maxDepth: 1)
            let parentDepth = comment.path.count
            children = replies.filter { $0.path.count == parentDepth + 1 }.map { CommentNode(comment: $0, depth: depth + 1) }
            childrenState = .done
        } catch {
            childrenState = .failed(error)
        }
    }
}
