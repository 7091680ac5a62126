import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Lock, feature and community bans land in the modlog of every dialect, in the shape each uses.
@Suite("Moderator actions in the modlog")
struct ModeratorActionTests {
    @Test(arguments: LemmyDialect.allCases)
    func modlogRecordsActions(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await TestClient(server).login("bob")
            let postId = try #require(try await bob.posts(ApiGetPosts(sort: .new, communityId: 1, limit: 1)).posts.first?.post.id)
            // 1.0 requires a reason on LockPost (0.18/0.19 have none); the server refuses without.
            let lock = ApiLockPost(postId: postId, locked: true, reason: dialect == .v1_0 ? "" : nil)
            let feature = ApiFeaturePost(postId: postId, featured: true, featureType: .community)
            let ban = ApiBanFromCommunity(communityId: 1, personId: 4, ban: true, reason: "spam")
            if dialect == .v1_0 {
                #expect(try await bob.send(LemmyV4.LockPost(lock)).postView.post.locked)
                #expect(try await bob.send(LemmyV4.FeaturePost(feature)).postView.post.featuredCommunity)
                _ = try await bob.send(LemmyV4.BanFromCommunity(ban))
                let log = try await bob.send(LemmyV4.GetModlog(ApiGetModlog(communityId: 1))).items
                let kinds = log.prefix(3).map(\.modlog.kind)
                #expect(kinds == [.modBanFromCommunity, .modFeaturePostCommunity, .modLockPost])
                #expect(log.first?.targetPerson?.name == "carol")
                #expect(log.first?.targetCommunity?.id == 1)
                #expect(log[1].targetPost?.id == postId)
            } else {
                #expect(try await bob.send(LemmyV3.LockPost(lock)).postView.post.locked)
                #expect(try await bob.send(LemmyV3.FeaturePost(feature)).postView.post.featuredCommunity)
                let banned = try await bob.send(LemmyV3.BanFromCommunity(ban))
                #expect(banned.banned)
                let log = try await bob.send(LemmyV3.GetModlog(ApiGetModlog(communityId: 1)))
                #expect(log.lockedPosts.map(\.modLockPost.postId) == [postId])
                #expect(log.featuredPosts.map(\.modFeaturePost.isFeaturedCommunity) == [true])
                #expect(log.bannedFromCommunity.map(\.bannedPerson.name) == ["carol"])
                // bob moderates community 1, so the modlog names him.
                #expect(log.lockedPosts.first?.moderator?.name == "bob")
            }
        }
    }
}
