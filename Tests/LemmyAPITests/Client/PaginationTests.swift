import Foundation
import HTTPLoading
import HTTPLoadingTesting
import LemmyAPI
import Testing

@Suite("Page and cursor pagination behind LemmyPage")
struct PaginationTests {
    static func posts(_ count: Int, nextPage: String? = nil, prevPage: String? = nil, paged: Bool = false) throws -> Data {
        let fixture =
            try JSONSerialization.jsonObject(with: Fixtures.data("v0.19/lemmykit_GetPostsResponse_0.19.18.json")) as! [String: Any]
        let one = (fixture["posts"] as! [Any])[0]
        var object: [String: Any] = [paged ? "items" : "posts": Array(repeating: one, count: count)]
        if let nextPage { object["next_page"] = nextPage }
        if let prevPage { object["prev_page"] = prevPage }
        return try JSONSerialization.data(withJSONObject: object)
    }

    @Test("0.18 pages by number: page 2 follows page 1, a short page is the last")
    func pageNumbers() async throws {
        let mock = MockLoader()
        mock.respond(body: try Self.posts(2))
        mock.respond(body: try Self.posts(1))
        let client = ClientTestSupport.client("0.18.5", mock: mock)
        let request = LemmyV3.GetPosts(ApiGetPosts(limit: 2))
        let first = try await client.page(request)
        #expect(first.items.count == 2 && first.next == .page(2) && first.previous == nil)
        let second = try await client.page(request, at: first.next)
        #expect(second.items.count == 1 && second.next == nil && second.previous == .page(1))
        #expect(ClientTestSupport.queryPairs(of: mock.receivedRequests[1]).contains("page=2"))
    }

    @Test("0.19 GetPosts follows next_page as an opaque cursor")
    func v019Cursor() async throws {
        let mock = MockLoader()
        mock.respond(body: try Self.posts(1, nextPage: "Pabc/1"))
        mock.respond(body: try Self.posts(1))
        let client = ClientTestSupport.client("0.19.3", mock: mock)
        let first = try await client.page(LemmyV3.GetPosts(ApiGetPosts(limit: 1)))
        #expect(first.next == .cursor("Pabc/1"))
        let second = try await client.page(LemmyV3.GetPosts(ApiGetPosts(limit: 1)), at: first.next)
        #expect(second.next == nil)
        let pairs = ClientTestSupport.queryPairs(of: mock.receivedRequests[1])
        #expect(pairs.contains("page_cursor=Pabc%2F1") && !pairs.contains { $0.hasPrefix("page=") })
    }

    @Test("1.0 PagedResponse: next_page and prev_page")
    func v10() async throws {
        let mock = MockLoader()
        mock.respond(body: try Self.posts(3, nextPage: "n1", prevPage: "p0", paged: true))
        let client = ClientTestSupport.client("1.0.0", mock: mock)
        let page = try await client.page(LemmyV4.GetPosts(), at: .cursor("c0"))
        #expect(page.items.count == 3 && page.next == .cursor("n1") && page.previous == .cursor("p0"))
        #expect(ClientTestSupport.queryPairs(of: mock.receivedRequests[0]) == ["page_cursor=c0"])
    }

    @Test("An empty page ends numbered paging")
    func emptyEnds() {
        #expect(LemmyPageNumbering.next(after: 3, count: 0, limit: nil) == nil)
        #expect(LemmyPageNumbering.next(after: nil, count: 5, limit: nil) == .page(2))
        #expect(LemmyPageNumbering.previous(before: 1) == nil)
    }
}

@Suite("0.18 pages by number only")
struct PageNumbersOnly018Tests {
    @Test("0.18 ignores a next_page in the answer and asks for page 2, never page_cursor")
    func ignoresNextPage() async throws {
        let mock = MockLoader()
        mock.respond(body: try PaginationTests.posts(2, nextPage: "Pabc/1"))
        mock.respond(body: try PaginationTests.posts(1, nextPage: "Pdef/2"))
        let client = ClientTestSupport.client("0.18.5", mock: mock)
        let request = LemmyV3.GetPosts(ApiGetPosts(limit: 2))
        let first = try await client.page(request)
        #expect(first.next == .page(2))
        let second = try await client.page(request, at: first.next)
        #expect(second.next == nil)
        for sent in mock.receivedRequests {
            #expect(!ClientTestSupport.queryPairs(of: sent).contains { $0.hasPrefix("page_cursor=") })
        }
        #expect(ClientTestSupport.queryPairs(of: mock.receivedRequests[1]).contains("page=2"))
    }

    @Test("0.18 refuses to send a cursor rather than restart at page 1")
    func refusesCursor() async throws {
        let mock = MockLoader()
        let client = ClientTestSupport.client("0.18.5", mock: mock)
        await #expect(throws: LemmyClientError.self) {
            _ = try await client.page(LemmyV3.GetPosts(ApiGetPosts(limit: 2)), at: .cursor("Pabc/1"))
        }
        #expect(mock.receivedRequests.isEmpty)
    }
}
