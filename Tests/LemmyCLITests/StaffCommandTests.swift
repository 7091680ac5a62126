import Foundation
import LemmyCLI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `mod` and `admin` commands, in each dialect. Community 1 is run by bob alone.
@Suite("lemmy binary, mod and admin")
struct StaffCommandTests {
    @Test("mod add, transfer and remove change the server's moderators and print them", arguments: LemmyDialect.allCases)
    func moderators(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let name = try server.store.with { db in
                db.communities[0].moderators = [3]
                return db.communities[0].name
            }
            let bob = try await TemporaryConfig.loggedIn(server, as: "bob")
            let added = try await LemmyBinary.run(["mod", "add", name, "carol"], config: bob.url)
            #expect(
                added.status == 0 && added.stdout.contains("Appointed u/carol a moderator.\nc/\(name) moderators: bob, carol"), "\(added)")
            let transferred = try await LemmyBinary.run(["mod", "transfer", name, "carol"], config: bob.url)
            #expect(transferred.status == 0 && transferred.stdout.contains("moderators: carol, bob"), "\(transferred)")
            #expect(try server.store.with { $0.communities[0].moderators } == [4, 3])
            // bob is no longer the top moderator: transferring again is the server's refusal.
            let refused = try await LemmyBinary.run(["mod", "transfer", name, "bob"], config: bob.url)
            #expect(refused.status == 70 && refused.stderr.contains("not_an_admin"), "\(refused)")
            // Someone who is no moderator is refused before anything is sent.
            let carol = try await TemporaryConfig.loggedIn(server, as: "carol")
            let notModerator = try await LemmyBinary.run(["mod", "transfer", name, "alice"], config: carol.url)
            #expect(notModerator.status != 0 && notModerator.stderr.contains("does not moderate"), "\(notModerator)")
            let left = try await LemmyBinary.run(["mod", "remove", name, "bob"], config: carol.url)
            #expect(left.status == 0 && left.stdout.contains("u/bob is no longer a moderator.\nc/\(name) moderators: carol"), "\(left)")
        }
    }

    @Test("admin add, remove and leave", arguments: LemmyDialect.allCases)
    func admins(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TemporaryConfig.loggedIn(server, as: "admin")
            let added = try await LemmyBinary.run(["admin", "add", "alice"], config: admin.url)
            #expect(added.status == 0 && added.stdout.contains("Appointed u/alice an admin.\nadmins: admin, alice"), "\(added)")
            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            let left = try await LemmyBinary.run(["admin", "leave"], config: alice.url)
            #expect(left.status == 0 && left.stdout.contains("no longer an admin"), "\(left)")
            #expect(try server.store.with { $0.persons[1].isAdmin } == false)
            let only = try await LemmyBinary.run(["admin", "leave"], config: admin.url)
            #expect(only.status == 70 && only.stderr.contains("cannot_leave_admin"), "\(only)")
            _ = try await LemmyBinary.run(["admin", "add", "carol"], config: admin.url)
            let removed = try await LemmyBinary.run(["admin", "remove", "carol"], config: admin.url)
            #expect(removed.status == 0 && removed.stdout.contains("u/carol is no longer an admin.\nadmins: admin"), "\(removed)")
        }
    }
}
