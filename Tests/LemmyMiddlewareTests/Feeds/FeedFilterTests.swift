import FeedLoading
import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The standard filters of a Lemmy feed, wired to the account and the models.
@Suite("Lemmy feed filters") @MainActor
struct FeedFilterTests {
    @Test("Blocking a person or a community and keywords hide loaded posts without fetching", arguments: LemmyDialect.allCases)
    func blocksAndKeywords(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .tiny) { server in
            let loader = RecordingLoader()
            let alice = try await ApiClient.login(to: server.baseURL, username: "alice", password: "password", loader: loader)
            try await alice.loadAccount()
            let feed = PostFeed(api: alice, query: PostFeedQuery(feed: .all, sort: .new, pageSize: 50))
            await feed.loadMore()
            let all = feed.items
            try #require(all.count >= 10)
            let requests = loader.requests(to: "/post/list").count

            let author = try #require(all.first { $0.creatorId != alice.account?.person?.id }?.creator)
            #expect(await author.toggleBlock() == .confirmed)
            feed.updateBlocklist()
            #expect(!feed.items.contains { $0.creatorId == author.id })
            #expect(feed.loader.removedCount(named: LemmyFeedFilter.blocked.rawValue) == all.filter { $0.creatorId == author.id }.count)

            let community = try #require(feed.items.first?.community)
            #expect(await community.toggleBlock() == .confirmed)
            feed.updateBlocklist()
            #expect(!feed.items.contains { $0.communityId == community.id })

            let word = try #require(feed.items.first?.title.split(separator: " ").first.map(String.init))
            feed.setKeywords([word])
            #expect(!feed.items.contains { $0.title.lowercased().split(separator: " ").contains { $0 == word.lowercased() } })
            #expect(feed.loader.removedCount(named: LemmyFeedFilter.keywords.rawValue) > 0)

            // Switching the filters off shows everything again; nothing was fetched for any of this.
            feed.setFilterEnabled(.blocked, false)
            feed.setFilterEnabled(.keywords, false)
            #expect(feed.items.map(\.id) == all.map(\.id))
            #expect(loader.requests(to: "/post/list").count == requests)
        }
    }
}
