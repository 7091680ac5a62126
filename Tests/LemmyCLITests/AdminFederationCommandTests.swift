import Foundation
import LemmyCLI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// `lemmy admin block-instance` and `allow-instance`: the federation lists (Lemmy 1.0 admins).
@Suite("lemmy admin block-instance and allow-instance")
struct AdminFederationCommandTests {
    @Test("an admin blocks an instance for a week, lifts the block, then allows one")
    func blockThenAllow() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TemporaryConfig.loggedIn(server, as: "admin")
            let blocked = try await LemmyBinary.run(
                ["admin", "block-instance", "Spam.Example", "--reason", "Spam wave", "--days", "7"], config: admin.url)
            #expect(blocked.status == 0, "\(blocked)")
            #expect(blocked.stdout.contains("no longer federates with spam.example until 20"), "\(blocked.stdout)")
            let lifted = try await LemmyBinary.run(
                ["admin", "block-instance", "spam.example", "--reason", "Over", "--undo"], config: admin.url)
            #expect(lifted.status == 0 && lifted.stdout.contains("federates with spam.example again"), "\(lifted)")
            let allowed = try await LemmyBinary.run(
                ["admin", "allow-instance", "remote.example", "--reason", "Friends"], config: admin.url)
            #expect(allowed.status == 0 && allowed.stdout.contains("Added remote.example to the allowlist."), "\(allowed)")
            // The lists exclude each other: Lemmy's refusal, on one line.
            let refused = try await LemmyBinary.run(["admin", "block-instance", "other.example", "--reason", "Spam"], config: admin.url)
            #expect(refused.status == LemmyCLI.ExitStatus.software.rawValue, "\(refused)")
            #expect(refused.stderr.contains("cannot_combine_federation_blocklist_and_allowlist"), "\(refused.stderr)")
            let state = try server.store.with { db in (db.federation.allowed.keys.sorted(), db.federation.blocked.count) }
            #expect(state.0 == [2] && state.1 == 0)
        }
    }

    @Test("a URL instead of a domain is bad data, --days with --undo a usage error; 0.19 changes its site settings")
    func refusals() async throws {
        try await withServer(.v0_19) { server in
            let admin = try await TemporaryConfig.loggedIn(server, as: "admin")
            let url = try await LemmyBinary.run(["admin", "block-instance", "https://spam.example", "--reason", "x"], config: admin.url)
            #expect(url.status == LemmyCLI.ExitStatus.badData.rawValue, "\(url)")
            let both = try await LemmyBinary.run(
                ["admin", "block-instance", "spam.example", "--reason", "x", "--undo", "--days", "2"], config: admin.url)
            #expect(both.status == 64, "\(both)")
            let older = try await LemmyBinary.run(["admin", "allow-instance", "remote.example", "--reason", "x"], config: admin.url)
            #expect(older.status == 0 && older.stdout.contains("Added remote.example to the allowlist."), "\(older)")
            #expect(try server.store.with { db in db.federation.allowed.keys.sorted() } == [2])
            let ends = try await LemmyBinary.run(
                ["admin", "block-instance", "spam.example", "--reason", "x", "--days", "2"], config: admin.url)
            #expect(ends.status == LemmyCLI.ExitStatus.unsupported.rawValue && ends.stderr.contains("end"), "\(ends)")
        }
    }
}
