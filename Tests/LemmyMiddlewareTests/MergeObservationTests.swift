import Foundation
@_spi(Benchmarking) import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Observation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Merging an answer into cached models compares each field with the models' stored values,
/// not through their observed getters: a merge run inside an observed scope (a view body that
/// refreshes) must not make that scope depend on every field it merged.
@Suite("Merging reads no observed property") @MainActor
struct MergeObservationTests {
    // The benchmarking hook ingests 0.18/0.19 GetPosts bodies (the `v3` API) synchronously,
    // which an observed scope needs; 1.0 merges through the same generated `apply`.
    @Test("A re-merge in an observed scope is not woken by a later change", arguments: [LemmyDialect.v0_18, .v0_19])
    func remergeRegistersNoAccess(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            var components = URLComponents(url: server.baseURL.appendingPathComponent("api/v3/post/list"), resolvingAgainstBaseURL: false)!
            components.queryItems = [URLQueryItem(name: "limit", value: "10"), URLQueryItem(name: "sort", value: "New")]
            let (body, _) = try await URLSession.shared.data(from: components.url!)
            let post = try #require(try client.ingestPostsPage(body).first)

            let fired = Counter()
            let again = withObservationTracking {
                try? client.ingestPostsPage(body)
            } onChange: {
                fired.increment()
            }
            #expect(again?.first === post, "the re-merge updated the cached model")
            #expect(await post.toggleSave() == .confirmed)
            #expect(post.saved)
            #expect(fired.value == 0)
        }
    }
}
