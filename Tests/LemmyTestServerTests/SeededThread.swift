@testable import LemmyTestServer

/// A thread of the seed for the tests of actions on a comment and the comments below it: a
/// top-level comment of community 1 (which bob moderates in the tiny seed) with a reply that has
/// a reply, and a sibling of the top-level comment.
struct SeededThread {
    let root: Int
    let child: Int
    let grandchild: Int
    let sibling: Int
    let post: Int

    /// The first such thread of `server`'s seed.
    init(_ server: LemmyTestServer) throws {
        self = try server.store.with { db in
            for root in db.comments where root.parentId == nil && db.post(root.postId)?.communityId == 1 {
                for child in db.comments where child.parentId == root.id {
                    if let grandchild = db.comments.first(where: { $0.parentId == child.id }),
                        let sibling = db.comments.first(where: { $0.postId == root.postId && $0.parentId == nil && $0.id != root.id })
                    {
                        return SeededThread(
                            root: root.id, child: child.id, grandchild: grandchild.id, sibling: sibling.id, post: root.postId)
                    }
                }
            }
            throw APIError.code("no thread in the seed")
        }
    }

    private init(root: Int, child: Int, grandchild: Int, sibling: Int, post: Int) {
        self.root = root
        self.child = child
        self.grandchild = grandchild
        self.sibling = sibling
        self.post = post
    }
}
