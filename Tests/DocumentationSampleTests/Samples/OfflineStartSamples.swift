import Foundation
import LemmyMiddleware
import LemmyMiddlewareGRDB
import LemmyTestServer
import Testing

// The LemmyMiddlewareGRDB walk-through (StartingOffline.md), run against the test server: a feed
// saved by one client is restored into a new client's feed, stale, then refreshed.
@Suite struct OfflineStartSampleTests {
    @MainActor @Test func savedFeedIsRestoredStaleThenRefreshed() async throws {
        let server = try await LemmyTestServer.start(dialect: .v0_19)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("offline-sample-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let cachePath = directory.appendingPathComponent("lemmy.sqlite").path
        var printed: [(Int, Bool)] = []
        func print(_ count: Int, _ stale: Bool) { printed.append((count, stale)) }
        do {
            let first = try await ApiClient.login(to: server.baseURL, username: "alice", password: "password")
            let feed = PostFeed(api: first, query: PostFeedQuery(feed: .all, sort: .new))
            await feed.loadMore()
            let saved = feed.items.map(\.id)
            // A new client stands for the next launch.
            let client = try await ApiClient.login(to: server.baseURL, username: "alice", password: "password")

            // sample: grdb-offline-start
            let store = try FeedStore(path: cachePath)
            await store.save(feed, key: "home", account: "alice@lemmy.ml")

            let restored = PostFeed(api: client, query: PostFeedQuery(feed: .all, sort: .new))
            if try await store.restore(restored, key: "home", account: "alice@lemmy.ml") {
                print(restored.items.count, restored.isStale)   // the saved posts, marked stale
            }
            await restored.refresh()                             // the server's page replaces them
            // end-sample

            #expect(!saved.isEmpty)
            #expect(printed.count == 1 && printed[0].0 == saved.count && printed[0].1)
            #expect(!restored.isStale)
            #expect(restored.items.map(\.id) == saved)
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
    }
}
