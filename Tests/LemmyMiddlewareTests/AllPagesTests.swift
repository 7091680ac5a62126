import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

@Suite("Reading every page")
@MainActor
struct AllPagesTests {
    @Test("allPages reads a list to its last page: the same posts, in order, as one big page", arguments: LemmyDialect.allCases)
    func everyPage(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
            let whole = try await client.getPosts(feed: .all, sort: .new, limit: 50)
            #expect(whole.next == nil || whole.items.count < 50)
            let all = try await client.allPages { cursor async throws(ApiClientError) in
                try await client.getPosts(feed: .all, sort: .new, limit: 4, cursor: cursor)
            }
            #expect(all.end == .lastPage && all.isComplete && all.next == nil)
            #expect(all.items.map(\.id) == whole.items.map(\.id))
            #expect(all.pageCount == (whole.items.count + 3) / 4 || all.pageCount == (whole.items.count + 3) / 4 + 1)
        }
    }

    @Test("maxPages bounds the reading and hands back where to go on", arguments: LemmyDialect.allCases)
    func pageLimit(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
            let first = try await client.allPages(maxPages: 2) { cursor async throws(ApiClientError) in
                try await client.getPosts(feed: .all, sort: .new, limit: 3, cursor: cursor)
            }
            #expect(first.end == .pageLimit && !first.isComplete)
            #expect(first.pageCount == 2 && first.items.count == 6)
            let rest = try #require(first.next)
            let third = try await client.getPosts(feed: .all, sort: .new, limit: 3, cursor: rest)
            let expected = try await client.getPosts(feed: .all, sort: .new, limit: 9)
            #expect((first.items + third.items).map(\.id) == expected.items.map(\.id))
        }
    }

    @Test("A server that hands out a cursor again is not followed round the loop", arguments: LemmyDialect.allCases)
    func repeatedCursor(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
            var asked: [PageCursor?] = []
            // Stands in for a hostile server: whatever page is asked for, page one comes back, with
            // the same next cursor each time.
            let all = try await client.allPages(maxPages: 1_000) { cursor async throws(ApiClientError) in
                asked.append(cursor)
                return try await client.getPosts(feed: .all, sort: .new, limit: 3, cursor: nil)
            }
            #expect(all.end == .repeatedCursor && !all.isComplete)
            #expect(all.pageCount == 2 && asked.count == 2)
            #expect(asked.first == .some(nil))
        }
    }
}
