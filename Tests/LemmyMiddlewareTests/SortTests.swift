import Foundation
import LemmyMiddleware
import LemmyTestServer
import Testing

/// Every sort a version has, mapped per version (0.18/0.19 `TopWeek`, 1.0 `top` plus
/// `time_range_seconds`), and a typed refusal for one it lacks.
@MainActor
@Suite("Sorts per version")
struct SortTests {
    @Test("The supported lists follow the version", arguments: LemmyDialect.allCases)
    func supportedLists(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
            let sorts = try await client.supportedPostSorts()
            #expect(sorts.contains(.top(.week)) && sorts.contains(.top(.all)) && sorts.contains(.hot))
            #expect(sorts.contains(.scaled) == (dialect != .v0_18))
            #expect(sorts.contains(.controversial) == (dialect != .v0_18))
            #expect(try await client.supportedCommentSorts().contains(.controversial) == (dialect != .v0_18))
            let feeds = try await client.supportedFeedTypes()
            #expect(feeds.contains(.moderatorView) == (dialect != .v0_18))
            #expect(feeds.contains(.suggested) == (dialect == .v1_0))
        }
    }

    @Test("Top of the week: only posts of the last week, highest score first, in every version", arguments: LemmyDialect.allCases)
    func topWeek(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
            let page = try await client.getPosts(sort: .top(.week), limit: 50)
            let all = try await client.getPosts(sort: .top(.all), limit: 50)
            let weekAgo = Date().addingTimeInterval(-7 * 86_400 - 60)
            #expect(!page.items.isEmpty)
            #expect(page.items.allSatisfy { $0.created >= weekAgo })
            let scores = page.items.filter { !$0.pinnedCommunity && !$0.pinnedInstance }.map(\.votes.total)
            #expect(scores == scores.sorted(by: >))
            #expect(all.items.contains { $0.created < weekAgo }, "all time reaches older posts")
        }
    }

    @Test("Every supported sort loads; an unsupported one fails typed with nothing sent", arguments: LemmyDialect.allCases)
    func everySort(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let client = try await login(server, "alice", loader: loader)
            for sort in try await client.supportedPostSorts() {
                _ = try await client.getPosts(sort: sort, limit: 5)
            }
            guard dialect == .v0_18 else { return }
            let sent = loader.requestedPaths.count
            do {
                _ = try await client.getPosts(sort: .scaled, limit: 5)
                Issue.record("0.18 has no Scaled sort")
            } catch let error as ApiClientError {
                #expect(error.kind == .unavailableInVersion, "\(error)")
            }
            #expect(loader.requestedPaths.count == sent, "nothing reached the server")
        }
    }
}
