import Foundation
import HTTPLoading
import HTTPLoadingTesting
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Synchronization
import Testing

/// Every mutation goes through its model's queue and the stale-answer guard; token refresh is
/// single flight; logout forgets the account.
@Suite("Queue discipline") @MainActor
struct QueueDisciplineTests {
    @Test("A slow answer to an earlier read never undoes a mark-read", arguments: LemmyDialect.allCases)
    func staleReadAfterMarkRead(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let client = try await login(server, "alice", loader: loader)
            // Lists, not GetPost: reading a post marks it read on the server.
            let post = try #require(try await client.getPosts(limit: 20).items.first { !$0.read })
            let gate = loader.gate("/post/list")  // answered "unread"
            let slowRead = Task { _ = try await client.getPosts(limit: 20) }
            await gate.waitForArrivals(1)
            #expect(await post.markRead() == .confirmed)
            gate.open()
            try await slowRead.value
            #expect(post.read)
        }
    }

    @Test("A slow answer to an earlier read never undoes a block", arguments: LemmyDialect.allCases)
    func staleReadAfterBlock(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let client = try await login(server, "alice", loader: loader)
            let listed = try #require(
                try await client.getPosts(limit: 20).items.first { $0.creator.name != "alice" && !$0.creator.blocked })
            let post = try await client.getPost(id: listed.id)
            let gate = loader.gate("/post")
            let slowRead = Task { try await client.getPost(id: listed.id) }
            await gate.waitForArrivals(1)
            #expect(await post.creator.toggleBlock() == .confirmed)
            gate.open()
            _ = try await slowRead.value
            #expect(post.creator.blocked)
        }
    }

    @Test("Batch mark-read waits for each post's earlier mutations", arguments: LemmyDialect.allCases)
    func batchWaitsForQueue(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let client = try await login(server, "alice", loader: loader)
            let posts = try await client.getPosts(limit: 6).items.filter { !$0.read }
            #expect(posts.count >= 2)
            let pair = Array(posts.prefix(2))
            let gate = loader.gate("/post/like")
            let vote = Task { await pair[0].toggleUpvote() }
            await gate.waitForArrivals(1)
            let batch = Task { await client.markRead(pair) }
            // Give the batch every chance to jump the queue (no sleeping: a bounded number of turns).
            for _ in 0..<200 { await Task.yield() }
            #expect(!loader.requestedPaths.contains { $0.contains("mark_as_read") })
            #expect(pair.allSatisfy { $0.read })  // still shown at once
            gate.open()
            #expect(await vote.value == .confirmed)
            #expect(await batch.value == .confirmed)
            let paths = loader.requestedPaths
            let like = try #require(paths.firstIndex { $0.hasSuffix("/post/like") })
            let read = try #require(paths.firstIndex { $0.contains("mark_as_read") })
            #expect(like < read)
            #expect(pair.allSatisfy { $0.read })
        }
    }

    @Test("One token refresh serves every request the old token failed", arguments: LemmyDialect.allCases)
    func singleFlightRefresh(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let raw = LemmyRawClient(instanceURL: server.baseURL)
            let form = ApiLogin(usernameOrEmail: "alice", password: "password")
            let jwt: String? =
                dialect == .v1_0
                ? try await raw.send(LemmyV4.Login(form)).jwt
                : try await raw.send(LemmyV3.Login(form)).jwt
            let fresh = try #require(jwt)
            let loader = GatingLoader()
            let client = ApiClient.getApiClient(for: server.baseURL, with: "stale-\(UUID().uuidString)", loader: loader)
            _ = try await client.serverVersion()
            let refreshes = Counter()
            let handlerGate = MockGate()
            client.tokenRefreshHandler = { _ in
                refreshes.increment()
                try? await handlerGate.wait()
                return fresh
            }
            let suffix = dialect == .v1_0 ? "/account/unread_counts" : "/user/unread_count"
            let gates = (0..<3).map { _ in loader.gate(suffix) }
            let requests = (0..<3).map { _ in Task { try await client.refreshUnreadCounts() } }
            for gate in gates { await gate.waitForArrivals(1) }
            for gate in gates { gate.open() }
            await handlerGate.waitForArrivals(1)
            for _ in 0..<200 { await Task.yield() }
            handlerGate.open()
            for request in requests { try await request.value }
            #expect(refreshes.value == 1)
        }
    }

    @Test("Logout forgets the account's models, state and chain", arguments: LemmyDialect.allCases)
    func logoutClears(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = ResetCountingLoader()
            let client = try await ApiClient.login(to: server.baseURL, username: "alice", password: "password", loader: loader)
            let account = try await client.loadAccount()
            let post = try await client.getPost(id: 3)
            _ = await post.toggleSave()
            #expect(account.person != nil)
            #expect(client.cacheStatistics.live > 0)
            let resetsBefore = loader.resets
            try await client.logout()
            #expect(client.cacheStatistics.entries == 0)
            #expect(account.person == nil)
            #expect(account.subscribedCommunityIds.isEmpty && account.blockedPersonIds.isEmpty)
            #expect(account.blockedCommunityIds.isEmpty && account.blockedInstanceIds.isEmpty)
            #expect(account.unread == UnreadCounts())
            #expect(loader.resets == resetsBefore + 1)
            // A read as the logged-out client builds fresh models, not the account's.
            let again = try await client.getPost(id: 3)
            #expect(again !== post)
        }
    }
}

/// The default terminal with no retries, counting resets of the chain.
final class ResetCountingLoader: HTTPLoader {
    private let next = LemmyRawClient.defaultTerminal()
    private let count = Mutex(0)

    var resets: Int { count.withLock { $0 } }

    func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        try await next.load(request)
    }

    func reset(in context: ResetContext) async {
        count.withLock { $0 += 1 }
        await next.reset(in: context)
    }
}
