import Foundation
import LemmyTestServer
import LemmyTestSupport
import Testing

@testable import LemmyMiddleware

/// A tree fetch comes out with parents before their children, whatever order the server used
/// (1.0 orders parent paths last first, so its replies come first).
@Suite("Comment tree order") @MainActor
struct CommentTreeOrderTests {
    /// `(id, path)` pairs, as a comment's id and the ids of its path after the leading 0.
    typealias Item = (id: Int, path: [Int])

    static func order(_ items: [Item]) -> [Int] {
        CommentTreeOrder.parentsFirst(items, id: \.id, path: \.path).map(\.id)
    }

    @Test("Parents first, each reply right after its parent, siblings in the server's order")
    func reordered() {
        // 1.0's order for a tree: replies to 2, then to 1, then the top level.
        let items: [Item] = [(4, [2, 4]), (3, [1, 3]), (5, [1, 5]), (1, [1]), (2, [2])]
        #expect(Self.order(items) == [1, 3, 5, 2, 4])
        // An order that already has parents first is kept as it is.
        let ascending: [Item] = [(1, [1]), (2, [2]), (3, [1, 3]), (5, [1, 5]), (4, [2, 4])]
        #expect(Self.order(ascending) == [1, 2, 3, 5, 4])
        // A reply whose parent was not fetched stays where it was.
        #expect(Self.order([(9, [8, 9]), (1, [1])]) == [9, 1])
    }

    @Test("Hostile paths: loops keep every comment, a second copy goes, a long chain does not exhaust the stack")
    func hostile() {
        // 1 and 2 name each other as parent; 3 hangs below 2.
        #expect(Set(Self.order([(3, [2, 3]), (1, [2, 1]), (2, [1, 2])])) == [1, 2, 3])
        #expect(Self.order([(1, [1]), (2, [1, 2]), (1, [1])]) == [1, 2])
        // 200,000 replies, each to the next one in the list: placing them recurses that deep.
        let count = 200_000
        let chain: [Item] = (1...count).map { id in (id, id == count ? [id] : [id + 1, id]) }
        let ordered = Self.order(chain)
        #expect(ordered.count == count && ordered.first == count && ordered.last == 1)
    }

    @Test("getCommentTree and getCommentChildren hand out parents first on every version", arguments: LemmyDialect.allCases)
    func overHTTP(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let top = try await alice.createComment(postId: 6, parentId: nil, content: "Top level")
            let reply = try await alice.createComment(postId: 6, parentId: top.id, content: "A reply")
            let deeper = try await alice.createComment(postId: 6, parentId: reply.id, content: "Deeper")
            for sort in [CommentSortType.hot, .new, .top] {
                let tree = try await alice.getCommentTree(postId: 6, sort: sort, maxDepth: 8).map(\.id)
                let (t, r, d) = (
                    try #require(tree.firstIndex(of: top.id)), try #require(tree.firstIndex(of: reply.id)),
                    try #require(tree.firstIndex(of: deeper.id))
                )
                #expect(t < r && r < d, "\(sort)")
                let below = try await alice.getCommentChildren(of: top.id, sort: sort, maxDepth: 3).map(\.id)
                #expect(below == [reply.id, deeper.id], "\(sort)")
            }
        }
    }
}
