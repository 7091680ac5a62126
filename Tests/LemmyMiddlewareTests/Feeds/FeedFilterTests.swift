import FeedLoading
import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The standard filters of a Lemmy feed, wired to the account and the models.
@Suite("Lemmy feed filters") @MainActor
struct FeedFilterTests {
    /// Alice logged in with her account loaded, through a recording loader, and the first page
    /// of a feed of all posts, newest first.
    private static func aliceFeed(_ server: LemmyTestServer) async throws -> (ApiClient, RecordingLoader, PostFeed) {
        let loader = RecordingLoader()
        let alice = try await ApiClient.login(to: server.baseURL, username: "alice", password: "password", loader: loader)
        try await alice.loadAccount()
        let feed = PostFeed(api: alice, query: PostFeedQuery(feed: .all, sort: .new, pageSize: 50))
        await feed.loadMore()
        return (alice, loader, feed)
    }

    @Test("Blocking a person or a community and keywords hide loaded posts without fetching", arguments: LemmyDialect.allCases)
    func blocksAndKeywords(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .tiny) { server in
            let (alice, loader, feed) = try await Self.aliceFeed(server)
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

    @Test(
        "Blocking an instance hides loaded posts whose creator or community is on it, without fetching",
        arguments: LemmyDialect.allCases.filter { $0 != .v0_18 })
    func instanceBlock(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .medium) { server in
            let (alice, loader, feed) = try await Self.aliceFeed(server)
            let home = try #require(alice.account?.person?.instanceId)
            while !feed.items.contains(where: { $0.community.instanceId != home }), feed.loadingState == .idle { await feed.loadMore() }
            let all = feed.items
            // Two instances: one hosting the creator of a post whose community is elsewhere, one
            // hosting the community of a post whose creator is elsewhere, so that both keys count.
            // Not alice's own instance, which Lemmy does not let her block.
            let byCreator = try #require(all.first { $0.creator.instanceId != home && $0.community.instanceId == home }).creator.instanceId
            let byCommunity = try #require(all.first { $0.community.instanceId != home }).community.instanceId
            let blocked = Set([byCreator, byCommunity])
            var onIt: [Int] = []
            var (byCreatorOnly, byCommunityOnly) = (false, false)
            for post in all {
                let (creator, community) = (blocked.contains(post.creator.instanceId), blocked.contains(post.community.instanceId))
                if creator || community { onIt.append(post.id) }
                byCreatorOnly = byCreatorOnly || (creator && !community)
                byCommunityOnly = byCommunityOnly || (community && !creator)
            }
            try #require(byCreatorOnly && byCommunityOnly)
            let requests = loader.requests(to: "/post/list").count
            for instance in blocked { #expect(await alice.blockInstance(instance) == .confirmed) }
            feed.updateBlocklist()
            #expect(feed.items.map(\.id) == all.map(\.id).filter { !onIt.contains($0) })
            #expect(feed.loader.removedCount(named: LemmyFeedFilter.blocked.rawValue) == onIt.count)
            #expect(loader.requests(to: "/post/list").count == requests)
        }
    }
}
