import FeedLoading
import Foundation
import LemmyMiddleware
import LemmyMiddlewareGRDB
import LemmyTestServer
import Resources
import ResourcesGRDB
import LemmyTestSupport
import Testing

/// Offline start: a feed saved to SQLite per account, restored at once and marked stale, then
/// replaced by a refresh; damaged or foreign archives fail with typed errors, never a crash.
@MainActor
@Suite("Offline start")
struct OfflineStartTests {
    private static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("feeds-\(UUID().uuidString).sqlite").path
    }

    private static let oneLoad = FeedConfiguration(minimumItemsPerLoad: 5, maximumPagesPerLoad: 1)

    @Test(
        "A feed saved to disk is restored in a new client and store, stale and without a request, then refreshed over HTTP",
        arguments: LemmyDialect.allCases)
    func restoreThenRefresh(dialect: LemmyDialect) async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await withServer(dialect, scale: .small) { server in
            let query = PostFeedQuery(feed: .all, sort: .new, pageSize: 5)
            let first = try await login(server, "alice")
            let feed = PostFeed(api: first, query: query, configuration: Self.oneLoad)
            await feed.loadMore()
            let savedIds = feed.items.map(\.id)
            try #require(savedIds.count == 5)
            #expect(!feed.isStale)
            await FeedStore(cache: try SQLiteResourceCache(path: path)).save(feed, key: "home", account: "alice")
            // After saving, the account votes: the archive does not have the vote, the server does.
            let voted = feed.items[0]
            #expect(voted.votes.myVote == .none)
            #expect(await voted.toggleUpvote() == .confirmed)

            // A new launch: a new client (its own loader) and a new store on the same file.
            let loader = GatingLoader()
            let second = try await login(server, "alice", loader: loader)
            let requestsBefore = loader.requestedPaths.count
            let restored = PostFeed(api: second, query: query, configuration: Self.oneLoad)
            let store = try FeedStore(path: path)
            #expect(try await store.restore(restored, key: "home", account: "alice"))
            #expect(restored.items.map(\.id) == savedIds)
            #expect(restored.isStale)
            #expect(loader.requestedPaths.count == requestsBefore, "restoring needs no request")
            let stalePost = try #require(restored.items.first)
            #expect(stalePost !== voted, "the restored models belong to the new client")
            #expect(stalePost.votes.myVote == .none, "the archive's state until the refresh")

            await restored.refresh()
            #expect(!restored.isStale)
            #expect(restored.items.map(\.id) == savedIds)
            #expect(restored.items[0].votes.myVote == .upvote, "the refresh brought the server's state")
            #expect(loader.requestedPaths.count > requestsBefore && loader.requestedPaths.last?.hasSuffix("/post/list") == true)
        }
    }

    @Test("A post feed keeps the top of its listing for the archive: as many posts as its limit, counted again from a refresh")
    func archiveKeepsTheTop() async throws {
        try await withServer(.v0_19, scale: .small) { server in
            let api = ApiClient.getApiClient(for: server.baseURL, with: nil)
            let query = PostFeedQuery(feed: .all, sort: .new, pageSize: 5)
            let feed = PostFeed(api: api, query: query, configuration: Self.oneLoad, archiveLimit: 7)
            @MainActor func archivedIds() async throws -> [Int] {
                let restored = PostFeed(api: api, query: query, configuration: Self.oneLoad)
                try await restored.restore(from: feed.archive())
                return restored.items.map(\.id)
            }
            for _ in 0..<3 { await feed.loadMore() }
            let ids = feed.items.map(\.id)
            try #require(ids.count == 15)
            #expect(try await archivedIds() == Array(ids.prefix(7)))

            await feed.refresh()
            try #require(feed.items.count == 5)
            #expect(try await archivedIds() == Array(ids.prefix(5)), "the refreshed first page starts the count again")
            await feed.loadMore()
            #expect(try await archivedIds() == Array(ids.prefix(7)))
        }
    }

    @Test("Archives are per account: another account's partition has none")
    func perAccount() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let api = ApiClient.preview()
        for id in 1...3 { _ = Post2.sample(api: api, id: id) }
        let feed = PostFeed(api: api, query: PostFeedQuery(sort: .new), configuration: Self.oneLoad)
        await feed.loadMore()
        let store = try FeedStore(path: path)
        await store.save(feed, key: "home", account: "alice")

        let other = PostFeed(api: ApiClient.preview(), query: PostFeedQuery(sort: .new))
        #expect(try await store.restore(other, key: "home", account: "bob") == false)
        #expect(other.items.isEmpty && !other.isStale)
        #expect(try await store.restore(other, key: "home", account: "alice"))
        #expect(other.items.map(\.id) == [3, 2, 1] && other.isStale)
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test("A file that is not a database opens as an empty store: nothing restored, no crash")
    func corruptFile() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: path))
        let store = try FeedStore(path: path)
        let feed = PostFeed(api: ApiClient.preview(), query: PostFeedQuery())
        #expect(try await store.restore(feed, key: "home", account: "alice") == false)
        #expect(feed.items.isEmpty && !feed.isStale)
    }

    @Test(
        "Foreign, damaged and other-instance archives fail with typed errors and leave the feed as it was",
        arguments: [
            (#"{"format":99,"whatever":true}"#, FeedArchiveError.unsupportedFormat(99)),
            (#"{"format":1,"instance":"https://preview.lemmy.invalid","savedAt":0,"posts":[{"post":7}]}"#, nil),
            ("not json at all", nil),
            (
                #"{"format":1,"instance":"https://other.example","savedAt":0,"posts":[]}"#,
                FeedArchiveError.otherInstance(URL(string: "https://other.example")!)
            ),
        ] as [(String, FeedArchiveError?)])
    func hostileArchives(body: String, expected: FeedArchiveError?) async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try FeedStore(path: path)
        await store.cache.partition(account: "alice")
            .store(CachedResponse(body: Data(body.utf8), headerFields: [], timestamp: Date()), forKey: "lemmy-feed-archive:home")
        let api = ApiClient.preview()
        _ = Post2.sample(api: api, id: 1)
        let feed = PostFeed(api: api, query: PostFeedQuery(), configuration: Self.oneLoad)
        await feed.loadMore()
        do {
            _ = try await store.restore(feed, key: "home", account: "alice")
            Issue.record("a bad archive was restored")
        } catch {
            if let expected {
                #expect(error == expected)
            } else {
                guard case .corrupt = error else {
                    Issue.record("expected .corrupt, got \(error)")
                    return
                }
            }
        }
        #expect(feed.items.map(\.id) == [1] && !feed.isStale, "the feed is as it was")
        #expect(try await store.restore(feed, key: "home", account: "alice") == false, "the bad archive was removed")
    }
}
