import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Leaving read posts out (by the server where it can) and marking posts read in batches.
@Suite("Read filter and read queue") @MainActor
struct ReadFilterTests {
    @Test(
        "showRead: false leaves read posts out; 0.19.9+ and 1.0 ask the server, 0.18 filters in the client",
        arguments: LemmyDialect.allCases)
    func showReadFalse(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let page = try await alice.getPosts(sort: .new, limit: 10).items
            let read = Array(page.prefix(3))
            #expect(await alice.markRead(read) == .confirmed)

            #expect(try await alice.serverFiltersReadPosts() == (dialect != .v0_18))
            let unread = try await alice.getPosts(sort: .new, limit: 10, showRead: false).items
            #expect(!unread.contains { post in read.contains { $0 === post } })
            #expect(unread.allSatisfy { !$0.read })
            if dialect == .v0_18 {
                #expect(unread.count == page.count - read.count, "the client filters the same page")
            } else {
                #expect(unread.count == 10, "the server fills the page with unread posts")
            }
            let feed = PostFeed(api: alice, query: PostFeedQuery(sort: .new, pageSize: 10, showRead: false))
            await feed.loadMore()
            #expect(feed.items.allSatisfy { !$0.read })
            #expect(!feed.items.isEmpty)
        }
    }

    @Test("The read queue marks posts read a batch at a time; flush sends the rest", arguments: LemmyDialect.allCases)
    func batches(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let alice = try await login(server, "alice", loader: loader)
            let posts = try await alice.getPosts(sort: .new, limit: 5).items.filter { !$0.read }
            try #require(posts.count >= 4)
            let queue = ReadQueue(api: alice, batchSize: 3)
            let before = loader.requestedPaths.count
            #expect(await queue.seen(posts[0]) == nil)
            #expect(await queue.seen(posts[1]) == nil)
            #expect(await queue.seen(posts[1]) == nil, "a post seen twice waits once")
            #expect(loader.requestedPaths.count == before, "nothing sent before the batch is full")
            #expect(queue.pending.count == 2)
            #expect(await queue.seen(posts[2]) == .confirmed)
            #expect(posts[0...2].allSatisfy { $0.read })
            #expect(queue.pending.isEmpty)
            #expect(await queue.seen(posts[3]) == nil)
            #expect(await queue.flush() == .confirmed)
            #expect(posts[3].read)

            // Another client sees the server's state.
            let again = try await login(server, "alice")
            for post in posts.prefix(4) { #expect(try await again.getPost(id: post.id).read) }
        }
    }

    @Test("A failed batch rolls back and stays queued for the next flush", arguments: LemmyDialect.allCases)
    func failedBatch(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let posts = Array(try await alice.getPosts(sort: .new, limit: 5).items.filter { !$0.read }.prefix(2))
            let queue = ReadQueue(api: alice, batchSize: 10)
            for post in posts { await queue.seen(post) }
            let route = dialect == .v1_0 ? "/post/mark_as_read/many" : "/post/mark_as_read"
            server.faults.add(FaultRule(.lemmyRateLimit, route: route, count: 1))
            #expect(await queue.flush().isFailure)
            #expect(posts.allSatisfy { !$0.read })
            #expect(queue.pending.count == 2)
            #expect(await queue.flush() == .confirmed)
            #expect(posts.allSatisfy { $0.read })
        }
    }
}
