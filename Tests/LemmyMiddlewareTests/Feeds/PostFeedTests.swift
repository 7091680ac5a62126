import FeedLoading
import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Post feeds over real HTTP against the LemmyTestServer, in every dialect.
@Suite("Lemmy post feeds") @MainActor
struct PostFeedTests {
    @Test("Scrolling a whole community (New) yields every post exactly once, in the server's order", arguments: LemmyDialect.allCases)
    func wholeCommunity(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let loader = RecordingLoader()
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: loader)
            let community = try await busiestCommunity(client)
            let expected = try await serverPostIds(server, community: community)
            #expect(expected.count > 40)

            let feed = PostFeed(api: client, query: PostFeedQuery(feed: .community(id: community), sort: .new, pageSize: 7))
            var loads = 0
            while feed.loadingState != .done {
                await feed.loadMore()
                loads += 1
                try #require(feed.loadingState.error == nil, "load failed: \(String(describing: feed.loadingState.error))")
                try #require(loads < 100)
            }
            #expect(feed.items.map(\.id) == expected)
            #expect(Set(feed.items.map(\.id)).count == feed.items.count)
            #expect(feed.items.allSatisfy { $0.communityId == community })
            // Paged, not fetched in one go: at least one request per 7 posts.
            #expect(loader.requests(to: "/post/list").count >= expected.count / 7)
            if dialect == .v0_18 {
                #expect(!loader.requests(to: "/post/list").contains { $0.contains("page_cursor=") })
            }
        }
    }

    @Test("With read posts hidden and 90% read, each load still shows a full page within the page bound", arguments: LemmyDialect.allCases)
    func readPostsHidden(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let loader = RecordingLoader()
            let alice = try await ApiClient.login(to: server.baseURL, username: "alice", password: "password", loader: loader)
            let community = try await busiestCommunity(alice)
            // Every post but each tenth (in New order) is read: 90%.
            let firstPage = try await alice.getPosts(feed: .community(id: community), sort: .new, limit: 50)
            let secondPage = try await alice.getPosts(feed: .community(id: community), sort: .new, limit: 50, cursor: firstPage.next)
            // Alice's own view is the reference: the server hides what she blocks.
            let posts = firstPage.items + secondPage.items
            let all = posts.map(\.id)
            try #require(all.count >= 85, "three loads reach post 85")
            let toRead = posts.enumerated().filter { $0.offset % 10 != 0 }.map(\.element)
            #expect(await alice.markRead(toRead) == .confirmed)
            let unread = posts.enumerated().filter { $0.offset % 10 == 0 }.map(\.element.id)

            // Pages of 5 hold at most one unread post: three need five or six pages.
            let feed = PostFeed(
                api: alice, query: PostFeedQuery(feed: .community(id: community), sort: .new, pageSize: 5),
                configuration: FeedConfiguration(minimumItemsPerLoad: 3, maximumPagesPerLoad: 10))
            feed.setFilterEnabled(.read, true)
            for load in 1...3 {
                let before = loader.requests(to: "/post/list").count
                await feed.loadMore()
                let pages = loader.requests(to: "/post/list").count - before
                #expect(feed.loadingState == .idle)
                #expect(feed.items.count == 3 * load, "load \(load) showed \(feed.items.count) items")
                #expect(pages <= 10 && pages >= 5, "load \(load) fetched \(pages) pages")
            }
            #expect(feed.items.map(\.id) == Array(unread.prefix(9)))
            #expect(feed.items.allSatisfy { !$0.read })
            #expect(feed.loader.removedCount(named: LemmyFeedFilter.read.rawValue) > 20)

            // The bound: two pages of 5 hold one unread post, and the load stops there.
            let bounded = PostFeed(
                api: alice, query: PostFeedQuery(feed: .community(id: community), sort: .new, pageSize: 5),
                configuration: FeedConfiguration(minimumItemsPerLoad: 3, maximumPagesPerLoad: 2))
            bounded.setFilterEnabled(.read, true)
            let before = loader.requests(to: "/post/list").count
            await bounded.loadMore()
            #expect(loader.requests(to: "/post/list").count - before == 2)
            #expect(bounded.items.map(\.id) == [unread[0]])
            #expect(bounded.loadingState == .idle)
            // Switching the filter off shows what it hid, without fetching.
            bounded.setFilterEnabled(.read, false)
            #expect(bounded.items.map(\.id) == Array(all.prefix(10)))
            #expect(loader.requests(to: "/post/list").count - before == 2)
        }
    }

    @Test(
        "A failed page shows the failed state with its error; retry asks for the same page; nothing lost or doubled",
        arguments: LemmyDialect.allCases)
    func failureAndRetry(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let loader = RecordingLoader()
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: loader)
            let community = try await busiestCommunity(client)
            let expected = try await serverPostIds(server, community: community)
            let feed = PostFeed(
                api: client, query: PostFeedQuery(feed: .community(id: community), sort: .new, pageSize: 10),
                configuration: FeedConfiguration(minimumItemsPerLoad: 10))
            await feed.loadMore()
            await feed.loadMore()
            #expect(feed.items.count == 20)

            server.faults.add(FaultRule(.status(code: 500, error: "internal_server_error"), route: "/post/list", count: 1))
            await feed.loadMore()
            let error = try #require(feed.loadingState.error)
            #expect((error as? ApiClientError) != nil)
            #expect(feed.items.count == 20)
            // A failed feed does not load on its own; only retry continues.
            await feed.loadMore()
            let failedRequest = try #require(loader.requests(to: "/post/list").last)
            #expect(feed.loadingState == .failed(error))

            await feed.retry()
            let retried = loader.requests(to: "/post/list").suffix(1).first
            #expect(retried == failedRequest, "retry must resume from the same page or cursor")
            #expect(feed.loadingState == .idle)
            #expect(feed.items.count == 30)
            while feed.loadingState == .idle { await feed.loadMore() }
            #expect(feed.loadingState == .done)
            #expect(feed.items.map(\.id) == expected)
        }
    }

    @Test("changeApi keeps the community and sort on the new account", arguments: LemmyDialect.allCases)
    func changeApiKeepsMeaning(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .tiny) { server in
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: RecordingLoader())
            let bob = try await ApiClient.login(to: server.baseURL, username: "bob", password: "password", loader: RecordingLoader())
            let community = try await busiestCommunity(guest)
            let query = PostFeedQuery(feed: .community(id: community), sort: .new, pageSize: 50)
            let feed = PostFeed(api: guest, query: query)
            await feed.loadMore()
            let first = try #require(feed.items.first)
            #expect(try await bob.getPost(id: first.id).post2.toggleSave() == .confirmed)

            await feed.changeApi(to: bob)
            #expect(feed.api === bob)
            #expect(feed.query == query)
            #expect(feed.items.allSatisfy { $0.api === bob && $0.communityId == community })
            #expect(
                feed.items.map(\.id) == (try await bob.getPosts(feed: .community(id: community), sort: .new, limit: 50).items.map(\.id)))
            #expect(feed.items.first?.saved == true)
            #expect(first.saved == false)
        }
    }
}
