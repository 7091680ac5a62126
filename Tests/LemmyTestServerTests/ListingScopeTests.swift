import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// GetPosts' and GetComments' listing as Lemmy defaults it (`listing_type_with_default`): in a
/// community everything; elsewhere `type_`, else the caller's default listing (0.19, 1.0), else
/// the site's, `Local`. The small seed has communities on other instances.
@Suite("Listing scope")
struct ListingScopeTests {
    static let world = SeedWorlds.remoteCommunity

    @Test("The seeded world has its remote community, not NSFW, with posts")
    func worldHasARemoteCommunity() throws {
        let db = SeedGenerator(scale: Self.world.scale, seed: Self.world.seed, now: 1_700_000_000).generate()
        let community = try #require(db.community(Self.world.communityId))
        #expect(community.instanceId != 1 && !community.nsfw)
        #expect(db.posts.contains { $0.communityId == community.id })
    }

    /// Whether `client`'s account follows community `id`, as GetCommunity says.
    static func follows(_ client: TestClient, _ id: Int) async throws -> Bool {
        if client.v4 {
            let view = try await client.send(LemmyV4.GetCommunity(ApiGetCommunity(id: id))).communityView
            return view.communityActions?.followState == .accepted
        }
        return try await client.send(LemmyV3.GetCommunity(ApiGetCommunity(id: id))).communityView.subscribed == .subscribed
    }

    @Test(
        "Without a type, posts and a post's comments come from local communities; All or a community lists the rest",
        arguments: LemmyDialect.allCases)
    func localByDefault(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: Self.world.scale, seed: Self.world.seed) { server in
            let client = TestClient(server)
            // Old first: the seed's first posts are spread over every community.
            var everything = try await client.posts(ApiGetPosts(type: .all, sort: .new, limit: 50)).posts
            everything += try await client.posts(ApiGetPosts(type: .all, sort: .old, limit: 50)).posts
            let remote = try #require(everything.first { !$0.community.local })
            let byDefault = try await client.posts(ApiGetPosts(sort: .new, limit: 50)).posts
            #expect(!byDefault.isEmpty)
            #expect(!byDefault.contains { !$0.community.local })
            // Inside a community the type does not matter.
            let inCommunity = try await client.posts(ApiGetPosts(type: .local, sort: .new, communityId: remote.community.id, limit: 5))
                .posts
            #expect(inCommunity.contains { $0.post.id == remote.post.id } || inCommunity.count == 5)
            #expect(!inCommunity.isEmpty && inCommunity.allSatisfy { $0.community.id == remote.community.id })

            // A remote post's comments: none unless All is asked for.
            var commented: Int?
            for post in everything where !post.community.local {
                if try await !client.comments(ApiGetComments(type: .all, postId: post.post.id)).isEmpty {
                    commented = post.post.id
                    break
                }
            }
            let postId = try #require(commented)
            // 1.0 applies Local to no post's comments (only without a post or community).
            #expect(try await client.comments(ApiGetComments(postId: postId)).isEmpty == (dialect != .v1_0))
            #expect(try await client.comments(ApiGetComments(type: .local, postId: postId)).isEmpty == (dialect != .v1_0))
        }
    }

    @Test("The caller's default listing stands in for a missing type from 0.19 on; 0.18 uses the site's", arguments: LemmyDialect.allCases)
    func callersDefault(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: Self.world.scale, seed: Self.world.seed) { server in
            let alice = try await TestClient(server).login("alice")
            let settings = ApiSaveUserSettings(defaultListingType: .all)
            let saved =
                dialect == .v1_0
                ? try await alice.sendRaw(LemmyV4.SaveUserSettings(settings)).status
                : try await alice.sendRaw(LemmyV3.SaveUserSettings(settings)).status
            #expect(saved == 200)
            let posts = try await alice.posts(ApiGetPosts(sort: .old, limit: 50)).posts
            #expect(posts.contains { !$0.community.local } == (dialect != .v0_18))
        }
    }

    @Test("Subscribed comments are those of followed communities", arguments: LemmyDialect.allCases)
    func subscribedComments(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: Self.world.scale, seed: Self.world.seed) { server in
            let alice = try await TestClient(server).login("alice")
            _ = try await alice.follow(community: 2, true)
            // Newest and oldest: on 1.0 the NSFW community's comments, hidden from alice, are
            // among the newest.
            let all =
                try await alice.comments(ApiGetComments(type: .all, sort: .new, limit: 50))
                + alice.comments(ApiGetComments(type: .all, sort: .old, limit: 50))
            let subscribed = try await alice.comments(ApiGetComments(type: .subscribed, sort: .new, limit: 50))
            #expect(!subscribed.isEmpty)
            for id in Set(subscribed.map(\.community.id)) { #expect(try await Self.follows(alice, id), "community \(id)") }
            // The filter leaves something out: All has comments of communities alice does not follow.
            var unfollowed = false
            for id in Set(all.map(\.community.id)) where try await !Self.follows(alice, id) { unfollowed = true }
            #expect(unfollowed)
        }
    }
}
