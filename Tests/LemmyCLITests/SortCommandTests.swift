import Foundation
import LemmyCLI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// `lemmy feed --sort` takes every sort of every version; the server's version decides which work.
@Suite("lemmy feed --sort")
struct SortCommandTests {
    @Test("top-week works against every version and matches the middleware's answer", arguments: LemmyDialect.allCases)
    func topWeek(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let result = try await LemmyBinary.run([
                "feed", "--instance", server.baseURL.absoluteString, "--sort", "top-week", "--limit", "5", "--json",
            ])
            #expect(result.status == 0, "\(result)")
            let feed = try JSONOutput.decoder().decode(FeedOutput.self, from: Data(result.stdout.utf8))
            #expect(feed.sort == "top-week")
            let expected = try await onMain { () async throws -> [Int] in
                try await ApiClient.getApiClient(for: server.baseURL, with: nil).getPosts(sort: .top(.week), limit: 5).items.map(\.id)
            }
            #expect(feed.posts.map(\.id) == expected)
        }
    }

    @Test("a sort the server's version lacks exits 76 naming it; an unknown name is a usage error")
    func unavailableSort() async throws {
        try await withServer(.v0_18) { server in
            let scaled = try await LemmyBinary.run(["feed", "--instance", server.baseURL.absoluteString, "--sort", "scaled"])
            #expect(scaled.status == 76, "\(scaled)")
            #expect(scaled.stderr.contains("does not have this"), "\(scaled.stderr)")
            let bogus = try await LemmyBinary.run(["feed", "--instance", server.baseURL.absoluteString, "--sort", "top"])
            #expect(bogus.status == 64, "\(bogus)")
            // A huge page number is a usage error, not an arithmetic trap.
            let huge = try await LemmyBinary.run(["feed", "--instance", server.baseURL.absoluteString, "--page", "9223372036854775807"])
            #expect(huge.status == 64, "\(huge)")
        }
    }
}
