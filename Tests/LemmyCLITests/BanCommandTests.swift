import Foundation
import LemmyCLI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `ban` command, in each dialect.
@Suite("lemmy binary, ban")
struct BanCommandTests {
    private func shown(_ name: String, config: URL) async throws -> PersonOutput {
        let shown = try await LemmyBinary.run(["user", name, "--json"], config: config)
        return try JSONOutput.decoder().decode(PersonOutput.self, from: Data(shown.stdout.utf8))
    }

    private func isBanned(_ name: String, config: URL) async throws -> Bool? { try await shown(name, config: config).banned }

    @Test("ban and ban --undo change the server's state; someone not an admin is refused", arguments: LemmyDialect.allCases)
    func banAndUndo(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TemporaryConfig.loggedIn(server, as: "admin")
            let banned = try await LemmyBinary.run(["ban", "carol", "--reason", "Spam", "--days", "3"], config: admin.url)
            #expect(banned.status == 0, "\(banned)")
            #expect(banned.stdout.contains("Banned u/carol from the instance until"))
            let carol = try await shown("carol", config: admin.url)
            #expect(carol.banned == true)
            // The end the server stored: three days ahead, give or take the test's own run time.
            let until = try #require(carol.bannedUntil).timeIntervalSinceNow
            #expect(abs(until - 3 * 86_400) < 600)
            #expect(try await LemmyBinary.run(["ban", "carol", "--undo"], config: admin.url).status == 0)
            #expect(try await isBanned("carol", config: admin.url) == false)

            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            let refused = try await LemmyBinary.run(["ban", "bob"], config: alice.url)
            #expect(refused.status != 0 && refused.stderr.contains("not_an_admin"), "\(refused)")
            #expect(try await isBanned("bob", config: admin.url) == false)
            let invalid = try await LemmyBinary.run(["ban", "bob", "--undo", "--days", "2"], config: admin.url)
            #expect(invalid.status != 0 && invalid.stderr.contains("--days"))
        }
    }

    @Test(
        "ban --community bans from one community, with --remove-content her posts there; --undo lifts it", arguments: LemmyDialect.allCases)
    func communityBan(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let community = try server.store.with { db in db.communities[0].name }
            let bob = try await TemporaryConfig.loggedIn(server, as: "bob")
            let banned = try await LemmyBinary.run(
                ["ban", "carol", "--community", community, "--remove-content", "--days", "2", "--reason", "Spam"], config: bob.url)
            #expect(banned.status == 0, "\(banned)")
            #expect(banned.stdout.contains("Banned u/carol from c/\(community) until"))
            try server.store.with { db in
                #expect(db.communities[0].bannedPersons.contains(4))
                let posts = db.posts.filter { $0.creatorId == 4 && $0.communityId == 1 }
                #expect(!posts.isEmpty && posts.allSatisfy { $0.removed })
                #expect(!db.persons[3].banned)
            }
            let lifted = try await LemmyBinary.run(["ban", "carol", "--community", community, "--undo"], config: bob.url)
            #expect(lifted.status == 0 && lifted.stdout.contains("Lifted the ban on u/carol in c/\(community)."), "\(lifted)")
            #expect(try server.store.with { db in !db.communities[0].bannedPersons.contains(4) })

            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            let refused = try await LemmyBinary.run(["ban", "carol", "--community", community], config: alice.url)
            #expect(refused.status != 0 && refused.stderr.contains("not_a_mod_or_admin"), "\(refused)")
        }
    }
}
