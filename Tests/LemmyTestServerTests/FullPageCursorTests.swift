import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// 1.0's page cursors (`paginate_response`): a full page always offers the next one, even when
/// nothing follows, and a first page offers no previous one.
@Suite("1.0 page cursors")
struct FullPageCursorTests {
    static let ordered = (1...6).reversed().map { (id: $0, key: SortKey(featured: 0, primary: Double($0), tiebreak: $0)) }

    @Test("Pages of 3 over 6 items: two full pages, then an empty one that ends the list")
    func fullLastPage() throws {
        let first = try Paging.page(Self.ordered, page: nil, limit: 3, cursor: nil, fullPages: true)
        #expect(first.ids == [6, 5, 4] && first.previous == nil)
        let afterFirst: String = try #require(first.next)
        let second = try Paging.page(Self.ordered, page: nil, limit: 3, cursor: afterFirst, fullPages: true)
        #expect(second.ids == [3, 2, 1] && second.previous != nil)
        // Full, so a next page is offered although nothing follows; the old rule offered none.
        let afterSecond: String = try #require(second.next)
        let third = try Paging.page(Self.ordered, page: nil, limit: 3, cursor: afterSecond, fullPages: true)
        #expect(third.ids.isEmpty && third.next == nil)
        #expect(try Paging.page(Self.ordered, page: nil, limit: 3, cursor: first.next, fullPages: false).next == nil)
        // Back from the second page: a full page before it, and a way forward again.
        let beforeSecond: String = try #require(second.previous)
        let back = try Paging.page(Self.ordered, page: nil, limit: 3, cursor: beforeSecond, fullPages: true)
        #expect(back.ids == [6, 5, 4] && back.next != nil)
    }

    @Test("A first page that is not full offers nothing; a short page going forward no next one")
    func shortPages() throws {
        let first = try Paging.page(Self.ordered, page: nil, limit: 10, cursor: nil, fullPages: true)
        #expect(first.ids.count == 6 && first.next == nil && first.previous == nil)
        let start = try Paging.page(Self.ordered, page: nil, limit: 4, cursor: nil, fullPages: true)
        let afterStart: String = try #require(start.next)
        let rest = try Paging.page(Self.ordered, page: nil, limit: 4, cursor: afterStart, fullPages: true)
        #expect(rest.ids == [2, 1] && rest.next == nil && rest.previous != nil)
    }

    @Test("Next past the end, or back past the start, gives an empty page whose recovery cursor returns without skipping an item")
    func recovery() throws {
        func page(_ cursor: String?, in ordered: [(id: Int, key: SortKey)] = Self.ordered, fullPages: Bool = true) throws -> PageResult {
            let cursor: String = try #require(cursor)
            return try Paging.page(ordered, page: nil, limit: 3, cursor: cursor, fullPages: fullPages)
        }
        let first = try Paging.page(Self.ordered, page: nil, limit: 3, cursor: nil, fullPages: true)
        let second = try page(first.next)
        let pastEnd = try page(second.next)
        #expect(pastEnd.ids.isEmpty && pastEnd.next == nil)
        // Back from the empty page takes in the item its cursor named (post 1): the last page again.
        let recovered = try page(pastEnd.previous)
        #expect(recovered.ids == [3, 2, 1] && recovered.next != nil && recovered.previous != nil)
        // Back twice from the second page: past the start, then forward to the first page again.
        let firstAgain = try page(second.previous)
        let pastStart = try page(firstAgain.previous)
        #expect(pastStart.ids.isEmpty && pastStart.previous == nil)
        #expect(try page(pastStart.next).ids == [6, 5, 4])
        // An empty page reached by a recovery cursor (the list emptied meanwhile) offers nothing.
        let emptied = try page(pastEnd.previous, in: [])
        #expect(emptied.ids.isEmpty && emptied.next == nil && emptied.previous == nil)
        // Before 1.0 an empty page offers no way back.
        let old = try page(second.next, fullPages: false)
        #expect(old.ids.isEmpty && old.previous == nil && old.next == nil)
    }

    @Test("Over HTTP: 1.0 GetPosts in pages that end full asks once more, and the client's feed ends all the same")
    func overHTTP() async throws {
        try await withServer(.v1_0) { server in
            let client = TestClient(server)
            let all = try await client.posts(ApiGetPosts(type: .all, sort: .new, limit: 50)).posts.map(\.post.id)
            #expect(all.count > 2 && all.count < 50)
            // Pages of a divisor of the count: the last page is full.
            let size = (2...all.count).first { all.count % $0 == 0 && $0 < all.count } ?? all.count
            var seen: [Int] = []
            var cursor: String?
            var requests = 0
            repeat {
                var form = ApiGetPosts(type: .all, sort: .new, limit: size)
                form.pageCursor = cursor
                let page = try await client.posts(form)
                seen += page.posts.map(\.post.id)
                cursor = page.next
                requests += 1
            } while cursor != nil && requests < 100
            #expect(seen == all)
            #expect(requests == all.count / size + 1)
        }
    }
}
