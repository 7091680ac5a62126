import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// `ApiClient.setModerator`, `transferCommunity`, `setAdmin` and `leaveAdmin`, and the live models
/// they keep in step (StaffFidelityTests has the server's rules). Community 1 is run by bob (3)
/// alone; the admin is 1, alice 2, carol 4.
@Suite("Moderators and admins") @MainActor
struct StaffTests {
    nonisolated static let allDialects: [LemmyDialect] = [.v0_18, .v0_19, .v1_0]

    func bobRunsCommunity1(_ server: LemmyTestServer) throws {
        try server.store.with { $0.communities[0].moderators = [3] }
    }

    @Test("Appointing a moderator: the answer's list shows in the community, its posts and the person's page", arguments: allDialects)
    func appoint(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try bobRunsCommunity1(server)
            let bob = try await login(server, "bob")
            let community = try await bob.getCommunity(id: 1)
            let postId = try #require(server.store.with { db in db.posts.first { $0.communityId == 1 && !$0.deleted && !$0.removed }?.id })
            let post = try await bob.getPost(id: postId)
            let carol = try await bob.getPerson(id: 4)
            #expect(!carol.moderatedCommunities.contains { $0.id == 1 })

            let moderators = try await bob.setModerator(4, of: 1, true)
            #expect(moderators.map(\.id) == [3, 4])
            #expect(community.moderators.map(\.id) == [3, 4])
            #expect(post.moderators.map(\.id) == [3, 4])
            #expect(carol.moderatedCommunities.contains { $0.id == 1 })

            // carol leaves: her account no longer moderates it.
            let carolsClient = try await login(server, "carol")
            _ = try await carolsClient.loadAccount()
            #expect(carolsClient.account?.moderatedCommunityIds.contains(1) == true)
            try await carolsClient.setModerator(4, of: 1, false)
            #expect(carolsClient.account?.moderatedCommunityIds.contains(1) == false)
        }
    }

    @Test("An appointment reaches the person's page also when the client holds no model of the community")
    func appointUncachedCommunity() async throws {
        try await withServer(.v0_19) { server in
            try bobRunsCommunity1(server)
            let bob = try await login(server, "bob")
            let carol = try await bob.getPerson(id: 4)
            try await bob.setModerator(4, of: 1, true)
            #expect(carol.moderatedCommunities.contains { $0.id == 1 })
        }
    }

    @Test("A refused dismissal changes nothing: not_higher_mod from 0.19 on", arguments: [LemmyDialect.v0_19, .v1_0])
    func refusedDismissal(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try server.store.with { $0.communities[0].moderators = [3, 4] }
            let carol = try await login(server, "carol")
            let community = try await carol.getCommunity(id: 1)
            let error = await #expect(throws: ApiClientError.self) { try await carol.setModerator(3, of: 1, false) }
            #expect(error?.lemmyCode == .notHigherMod)
            #expect(community.moderators.map(\.id) == [3, 4])
        }
    }

    @Test("Transferring puts the new owner first; a target who is no moderator is refused before sending", arguments: allDialects)
    func transfer(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try server.store.with { $0.communities[0].moderators = [3, 2, 4] }
            let loader = GatingLoader()
            let bob = try await login(server, "bob", loader: loader)
            let community = try await bob.getCommunity(id: 1)
            let transferred = try await bob.transferCommunity(1, to: 4)
            #expect(transferred === community)
            #expect(community.moderators.map(\.id) == [4, 3, 2])

            // bob is no longer the top moderator: Lemmy refuses him, whoever the target.
            let refused = await #expect(throws: ApiClientError.self) { try await bob.transferCommunity(1, to: 1) }
            #expect(refused?.lemmyCode == .notAnAdmin)
            #expect(loader.requestedPaths.filter { $0.hasSuffix("/community/transfer") }.count == 2)
            // carol may: a target who is no moderator is refused before sending.
            let carolsLoader = GatingLoader()
            let carol = try await login(server, "carol", loader: carolsLoader)
            let error = await #expect(throws: ApiClientError.self) { try await carol.transferCommunity(1, to: 1) }
            #expect(error?.lemmyCode == .notAModerator)
            #expect(!carolsLoader.requestedPaths.contains { $0.hasSuffix("/community/transfer") })
            #expect(try server.store.with { $0.communities[0].moderators } == [4, 3, 2])
        }
    }

    @Test("Appointing and dismissing an admin: the site's admins and the person's flag follow", arguments: allDialects)
    func admins(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let site = try await admin.getSite()
            let alice = try await admin.getPerson(id: 2)
            #expect(!alice.isAdmin)
            let admins = try await admin.setAdmin(2, true)
            #expect(admins.map(\.id) == [1, 2])
            #expect(site.administrators.map(\.id) == [1, 2])
            #expect(alice.isAdmin)
            try await admin.setAdmin(2, false)
            #expect(site.administrators.map(\.id) == [1])
            #expect(!alice.isAdmin)
        }
    }

    @Test("Leaving: LeaveAdmin on 0.18 and 0.19, a dismissal of oneself on 1.0; the only admin cannot", arguments: allDialects)
    func leave(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let alone = await #expect(throws: ApiClientError.self) { try await admin.leaveAdmin() }
            #expect(alone?.lemmyCode == .cannotLeaveAdmin)
            try await admin.setAdmin(2, true)

            let loader = GatingLoader()
            let alice = try await login(server, "alice", loader: loader)
            let account = try await alice.loadAccount()
            let site = try await alice.getSite()
            #expect(account.isAdmin && site.administrators.map(\.id) == [1, 2])
            try await alice.leaveAdmin()
            #expect(!account.isAdmin)
            #expect(site.administrators.map(\.id) == [1])
            #expect(try server.store.with { $0.persons[1].isAdmin } == false)
            let path = dialect == .v1_0 ? "/admin/add" : "/user/leave_admin"
            #expect(loader.requestedPaths.contains { $0.hasSuffix(path) })
        }
    }

    @Test(
        "The modlog names appointments, transfers and admins as meant on every version (1.0 writes appointments inverted)",
        arguments: allDialects)
    func modlog(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            try bobRunsCommunity1(server)
            let bob = try await login(server, "bob")
            try await bob.setModerator(4, of: 1, true)
            try await bob.transferCommunity(1, to: 4)
            let admin = try await login(server, "admin")
            try await admin.setAdmin(2, true)
            try await admin.setAdmin(2, false)
            let entries = try await admin.getModlog(limit: 50, cursor: nil).items
            let appointed = try #require(entries.first { $0.action == .addModerator })
            #expect(!appointed.isRevert && appointed.targetPerson?.id == 4 && appointed.community?.id == 1)
            // carol, now the top moderator, dismisses bob: a revert on every version.
            let carol = try await login(server, "carol")
            try await carol.setModerator(3, of: 1, false)
            let dismissal = try #require(
                try await admin.getModlog(action: .addModerator, limit: 50, cursor: nil).items.first { $0.targetPerson?.id == 3 })
            #expect(dismissal.isRevert && dismissal.moderator?.id == 4)
            let transfer = try #require(entries.first { $0.action == .transferCommunity })
            #expect(!transfer.isRevert && transfer.targetPerson?.id == 4 && transfer.moderator?.id == 3)
            let adminChanges = entries.filter { $0.action == .addAdmin }.sorted { $0.id < $1.id }
            #expect(adminChanges.map(\.isRevert) == [false, true] && adminChanges.allSatisfy { $0.targetPerson?.id == 2 })
            // One kind at a time, and a community's modlog without the admins'.
            #expect(try await admin.getModlog(action: .addAdmin, limit: 50, cursor: nil).items.count == 2)
            let community = try await admin.getModlog(communityId: 1, limit: 50, cursor: nil).items
            #expect(community.contains { $0.action == .transferCommunity } && !community.contains { $0.action == .addAdmin })
        }
    }
}
