@testable import LemmyCLI
import Testing

/// `lemmy post`'s comment order: every comment the server sent appears once, whatever its path.
@Suite("comment tree")
struct CommentTreeTests {
    struct Item {
        var id: Int
        var path: [Int]
    }

    /// `id@depth` for each comment, in output order.
    static func order(_ items: [Item], maxDepth: Int? = nil) -> [String] {
        CommentTree.ordered(items, id: \.id, path: \.path, maxDepth: maxDepth).map { "\($0.comment.id)@\($0.depth)" }
    }

    @Test func repliesFollowTheirParentsAndAnUnfetchedParentMakesARoot() {
        let items = [Item(id: 1, path: [0, 1]), Item(id: 3, path: [0, 9, 3]), Item(id: 2, path: [0, 1, 2])]
        #expect(Self.order(items) == ["1@0", "2@1", "3@0"])
    }

    @Test func aCommentThatIsItsOwnParentIsKept() {
        // Comment 5 with path 0.5.5, and a reply to it.
        let items = [Item(id: 1, path: [0, 1]), Item(id: 5, path: [0, 5, 5]), Item(id: 6, path: [0, 5, 6])]
        #expect(Self.order(items) == ["1@0", "5@0", "6@1"])
    }

    @Test func commentsNamingEachOtherAsParentAreKeptOnceEach() {
        // 2 and 3 each claim the other as parent; 4 replies to 2.
        let items = [
            Item(id: 1, path: [0, 1]), Item(id: 4, path: [0, 3, 2, 4]), Item(id: 3, path: [0, 2, 3]), Item(id: 2, path: [0, 3, 2]),
        ]
        #expect(Self.order(items) == ["1@0", "2@0", "4@1", "3@1"])
    }

    @Test func everyCommentUnderOneSelfParentedCommentIsKept() {
        // What a server answering `0.8.8` for every path sends: no comment is a root.
        let items = [Item(id: 7, path: [0, 8, 8]), Item(id: 8, path: [0, 8, 8]), Item(id: 9, path: [0, 8, 8])]
        #expect(Self.order(items) == ["8@0", "7@1", "9@1"])
    }

    @Test func commentsBelowTheDepthLimitStayHidden() {
        let items = [Item(id: 1, path: [0, 1]), Item(id: 2, path: [0, 1, 2]), Item(id: 3, path: [0, 1, 2, 3])]
        #expect(Self.order(items, maxDepth: 0) == ["1@0"])
        #expect(Self.order(items, maxDepth: 1) == ["1@0", "2@1"])
    }
}
