import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Instance blocks, block flags that arrive with the account, and favourite communities.
@Suite("Blocks and favourites") @MainActor
struct BlockAndFavoriteTests {
    @Test("Blocking an instance is optimistic, confirmed by the server and reloaded with the account", arguments: LemmyDialect.allCases)
    func instanceBlock(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let account = try await alice.loadAccount()
            #expect(account.blockedInstanceIds.isEmpty)
            let result = await alice.blockInstance(2)
            guard dialect != .v0_18 else {
                // 0.18 has no instance blocks: a typed refusal, and nothing changed.
                #expect(result == .failed(.unsupported("instance blocks need Lemmy 0.19 or later")))
                #expect(account.blockedInstanceIds.isEmpty)
                return
            }
            #expect(result == .confirmed)
            #expect(account.blockedInstanceIds == [2])
            #expect(await alice.blockInstance(2) == .unchanged)

            // Another session of the same account sees the server's state.
            let again = try await login(server, "alice")
            #expect(again !== alice)
            #expect(try await again.loadAccount().blockedInstanceIds == [2])

            // The local instance cannot be blocked: the optimistic change rolls back.
            let refused = await alice.blockInstance(1)
            #expect(refused.isFailure)
            #expect(account.blockedInstanceIds == [2])

            #expect(await alice.blockInstance(2, false) == .confirmed)
            #expect(account.blockedInstanceIds.isEmpty)
            let community = try await alice.getCommunity(id: 1)
            #expect(!community.isInstanceBlocked)
        }
    }

    @Test(
        "Instance blocks made in a row reach the server in order; a failed one rolls back only itself",
        arguments: [LemmyDialect.v0_19, .v1_0])
    func instanceBlockOrder(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let account = try await alice.loadAccount()
            let route = dialect == .v1_0 ? "/block/instance/communities" : "/site/block"
            server.faults.add(FaultRule(.status(code: 500, error: "internal_server_error"), route: route, count: 1))
            // Both tasks run on the main actor in the order they were made, and each enqueues its
            // request before its first suspension.
            let first = Task { await alice.blockInstance(3) }
            let second = Task { await alice.blockInstance(2) }
            let results = [await first.value, await second.value]
            #expect(results[0].isFailure)
            #expect(results[1] == .confirmed)
            #expect(account.blockedInstanceIds == [2])
            #expect(try await alice.loadAccount().blockedInstanceIds == [2])
        }
    }

    @Test("Block flags of models fetched before the account loaded follow the account's block lists", arguments: LemmyDialect.allCases)
    func blockedFlagsRefresh(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let post = try #require(try await alice.getPosts(feed: .community(id: 3), sort: .new, limit: 5).items.first)
            let author = post.creator
            let community = post.community
            #expect(!author.blocked)
            #expect(!community.blocked)

            // The blocks are made by another session of the same account.
            let other = try await login(server, "alice")
            #expect(try await other.getPost(id: post.id).creator.toggleBlock() == .confirmed)
            #expect(try await other.getCommunity(id: community.id).toggleBlock() == .confirmed)
            #expect(!author.blocked)

            try await alice.loadAccount()
            #expect(author.blocked)
            #expect(community.blocked)
        }
    }

    @Test(
        "A favourite subscribes first; unsubscribing drops it; a failed subscription leaves no favourite", arguments: LemmyDialect.allCases)
    func favorites(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let account = try await alice.loadAccount()
            // alice subscribes to communities 1 and 2 only.
            let community = try await alice.getCommunity(id: 3)
            #expect(!community.subscription.isSubscribed)

            #expect(await community.toggleFavorite() == .confirmed)
            #expect(community.isFavorite)
            #expect(community.subscription.isSubscribed)
            #expect(account.favoriteCommunityIds == [3])

            #expect(await community.toggleSubscribe() == .confirmed)
            #expect(!community.isFavorite)
            #expect(account.favoriteCommunityIds.isEmpty)

            server.faults.add(FaultRule(.status(code: 500, error: "internal_server_error"), route: "/community/follow", count: 1))
            #expect(await community.toggleFavorite().isFailure)
            #expect(!community.isFavorite)
            #expect(!community.subscription.isSubscribed)

            alice.restoreFavoriteCommunities([1, 2])
            #expect(try await alice.getCommunity(id: 1).isFavorite)
            let subscribed = try await alice.getCommunity(id: 2)
            #expect(await subscribed.toggleFavorite() == .confirmed)
            #expect(account.favoriteCommunityIds == [1])
            #expect(subscribed.subscription.isSubscribed)
        }
    }
}
