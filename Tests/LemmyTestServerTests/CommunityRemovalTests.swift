import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Deleting and removing communities, and moderating in one that is deleted or as a banned
/// moderator, as each Lemmy version answers (`api_crud/src/community/{delete,remove}.rs` and
/// `check_community_mod_action`, 0.18.5, 0.19.13, 1.0).
@Suite("Community deletion and removal per dialect")
struct CommunityRemovalTests: RefusalChecking {
    func outcome(_ raw: TestClient.RawResponse) -> String { raw.status == 200 ? "ok" : refusal(raw).code }

    @Test(
        "The top moderator deletes, an admin removes; a deleted community or a ban stops its moderators", arguments: LemmyDialect.allCases)
    func deleteAndRemove(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let admin = try await TestClient(server).login("admin")
            let carol = try await TestClient(server).login("carol")
            let created = try await post(alice, "/community", ["name": "removal_test", "title": "Removal test"])
            let community = try #require(createdId(created, view: "community_view", entity: "community"))
            let made = try await post(alice, "/post", ["name": "A post to moderate", "community_id": community])
            let postId = try #require(createdId(made, view: "post_view", entity: "post"))
            func delete(_ client: TestClient, _ deleted: Bool) async throws -> String {
                let form = ApiDeleteCommunity(communityId: community, deleted: deleted)
                return outcome(try await either(client, LemmyV3.DeleteCommunity(form), LemmyV4.DeleteCommunity(form)))
            }
            func remove(_ client: TestClient, _ removed: Bool) async throws -> String {
                let form = ApiRemoveCommunity(communityId: community, removed: removed, reason: "Spam")
                return outcome(try await either(client, LemmyV3.RemoveCommunity(form), LemmyV4.RemoveCommunity(form)))
            }
            func lock() async throws -> String {
                let form = ApiLockPost(postId: postId, locked: true, reason: dialect == .v1_0 ? "Heated" : nil)
                return outcome(try await either(alice, LemmyV3.LockPost(form), LemmyV4.LockPost(form)))
            }
            func removePost() async throws -> String {
                let form = ApiRemovePost(postId: postId, removed: true, reason: "Off topic")
                return outcome(try await either(alice, LemmyV3.RemovePost(form), LemmyV4.RemovePost(form)))
            }

            // Only the top moderator deletes (not even an admin); only an admin removes.
            #expect(try await delete(admin, true) == "not_top_mod")
            #expect(try await delete(carol, true) == (dialect == .v0_18 ? "not_top_mod" : "not_a_mod_or_admin"))
            #expect(try await remove(alice, true) == "not_an_admin")
            #expect(try await remove(carol, true) == (dialect == .v0_18 ? "not_an_admin" : "not_a_mod_or_admin"))

            // Deleted, the community takes no lock (every version) and no removal (0.19, 1.0).
            #expect(try await delete(alice, true) == "ok")
            #expect(try await lock() == "deleted")
            #expect(try await removePost() == (dialect == .v0_18 ? "ok" : "deleted"))
            #expect(try await delete(alice, false) == "ok")

            // A moderator banned from the community is stopped.
            let ban = ApiBanFromCommunity(communityId: community, personId: 2, ban: true, reason: "Spam")
            #expect(try await either(admin, LemmyV3.BanFromCommunity(ban), LemmyV4.BanFromCommunity(ban)).status == 200)
            let banned = ["0.18": "community_ban", "0.19": "banned_from_community", "1.0": "person_is_banned_from_community"]
            #expect(try await lock() == banned[dialect.rawValue])

            // The removal is in the modlog.
            #expect(try await remove(admin, true) == "ok")
            let modlog = ApiGetModlog(communityId: community, limit: 50)
            if dialect == .v1_0 {
                let items = try await admin.send(LemmyV4.GetModlog(modlog)).items
                #expect(items.contains { $0.modlog.kind == .adminRemoveCommunity && $0.modlog.reason == "Spam" })
            } else {
                // 0.18 and 0.19 list a community's removal in the whole modlog only.
                #expect(try await admin.send(LemmyV3.GetModlog(modlog)).removedCommunities.isEmpty)
                let removed = try await admin.send(LemmyV3.GetModlog(ApiGetModlog(limit: 50))).removedCommunities
                #expect(removed.map(\.modRemoveCommunity.communityId) == [community])
                #expect(removed.first?.modRemoveCommunity.removed == true)
            }
        }
    }
}
