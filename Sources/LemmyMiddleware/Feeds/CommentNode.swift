public import FeedLoading
public import Observation

/// One comment of a comment tree, with the replies loaded below it so far.
///
/// Replies load on demand: ``loadChildren(sort:)`` fetches the next level (Lemmy's `parent_id`
/// with `max_depth`), so a long thread costs nothing until the user opens it.
///
/// Observable like the content models, with its registrar made on the first observed read
/// (a thread makes one node per comment, and most are never shown).
@MainActor
public final class CommentNode: Observable, LazilyObserved {
    /// The comment.
    public let comment: Comment2
    /// How deep the comment sits: 0 for a top-level comment.
    public let depth: Int
    /// The direct replies loaded so far.
    public private(set) var children: [CommentNode] {
        get {
            access(\.children)
            return _children
        }
        set { write(\.children, changed: observationChanged(_children, newValue)) { _children = newValue } }
        _modify {
            let observers = willModify(\.children)
            defer { observers.registrar.didSet(self, keyPath: \.children) }
            yield &_children
        }
    }
    private var _children: [CommentNode] = []
    /// How many comments of the answer for the replies are not among ``children``: another
    /// post's, one whose path does not place it right under this comment, or a second copy (the
    /// comment itself, which Lemmy includes, does not count). Zero from an honest server. Set
    /// together with ``children``, so an observer of those reads it current.
    public private(set) var discardedReplies = 0
    /// Whether the replies are loading, loaded (`done`), or failed (retry by loading again).
    public private(set) var childrenState: LoadingState {
        get {
            access(\.childrenState)
            return _childrenState
        }
        set { write(\.childrenState, changed: observationChanged(_childrenState, newValue)) { _childrenState = newValue } }
        _modify {
            let observers = willModify(\.childrenState)
            defer { observers.registrar.didSet(self, keyPath: \.childrenState) }
            yield &_childrenState
        }
    }
    private var _childrenState: LoadingState = .idle
    /// Made by the first read of an observed property (see `LazilyObserved`). Unchecked: every
    /// access is an instant read or write on the main actor.
    @exclusivity(unchecked) var observers: ModelObservation?

    init(comment: Comment2, depth: Int) {
        self.comment = comment
        self.depth = depth
    }

    /// Whether the comment has replies that are not loaded yet.
    public var hasUnloadedChildren: Bool {
        comment.childCount > 0 && childrenState != .done && childrenState != .loading
    }

    /// The comments of `replies` whose path is `parent`'s and one more id, on `parent`'s post, each
    /// once: a server's answer for one comment's replies may hold anything, and a comment from
    /// elsewhere in the thread (or a second copy of one) must not show as a reply here.
    static func directReplies(of parent: Comment2, in replies: [Comment2]) -> [Comment2] {
        var seen = Set<Int>()
        return replies.filter { reply in
            reply.postId == parent.postId && reply.path.count == parent.path.count + 1
                && reply.path.starts(with: parent.path) && reply.path.last == reply.id && seen.insert(reply.id).inserted
        }
    }

    /// Loads the direct replies, unless they are loaded or loading. A failure is kept in
    /// ``childrenState``, and calling again retries.
    public func loadChildren(sort: CommentSortType = .hot) async {
        guard childrenState != .done, childrenState != .loading else { return }
        childrenState = .loading
        do {
            let replies = try await comment.api.getCommentChildren(of: comment.id, sort: sort, maxDepth: 1)
            let direct = Self.directReplies(of: comment, in: replies)
            discardedReplies = replies.count(where: { $0.id != comment.id }) - direct.count
            children = direct.map { CommentNode(comment: $0, depth: depth + 1) }
            childrenState = .done
        } catch {
            childrenState = .failed(error)
        }
    }
}
