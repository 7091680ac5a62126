import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// `Community1Providing.delete(_:)` and `remove(_:reason:)`, and the modlog entries of bans and
/// removals, against the test server in every version.
@Suite("Deleting and removing communities") @MainActor
struct CommunityRemovalMiddlewareTests {
    @Test(
        "The top moderator deletes, an admin removes, others are rolled back; the modlog shows removals and bans",
        arguments: LemmyDialect.allCases)
    func deleteRemoveAndModlog(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let admin = try await login(server, "admin")
            var details = CommunityDetails()
            details.title = "Removal test"
            let community = try await alice.createCommunity(name: "removal_test", details)

            // The admin is not its top moderator: refused, rolled back.
            let adminsView = try await admin.getCommunity(id: community.id)
            #expect(await adminsView.delete().isFailure)
            #expect(!adminsView.deleted)
            #expect(await community.delete() == .confirmed)
            #expect(community.deleted)
            #expect(await community.delete(false) == .confirmed)
            #expect(!community.deleted)

            // alice moderates it but is no admin.
            #expect(await community.remove(reason: "Spam").isFailure)
            #expect(!community.removed)
            #expect(await adminsView.remove(reason: "Spam") == .confirmed)
            #expect(adminsView.removed)

            // The removal, and a ban, in the modlog, with their reasons.
            let post = try await alice.createPost(communityId: 1, title: "Someone to ban")
            let bobsView = try await login(server, "bob").getPost(id: post.id)
            #expect(await bobsView.banCreatorFromCommunity(reason: "Trolling") == .confirmed)
            // Up to 0.19 a community's removal is in the whole modlog only, not in the community's.
            let removals = try await admin.getModlog(limit: 50, cursor: nil).items
            #expect(removals.contains { $0.action == .removeCommunity && $0.reason == "Spam" && $0.community?.id == community.id })
            let bans = try await admin.getModlog(communityId: 1, cursor: nil).items
            #expect(bans.contains { $0.action == .banFromCommunity && $0.reason == "Trolling" && $0.targetPerson?.name == "alice" })
        }
    }
}
