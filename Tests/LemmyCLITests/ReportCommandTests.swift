import Foundation
import LemmyCLI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// `lemmy report`: filing reports, and the admins' queue of community reports (Lemmy 1.0).
@Suite("lemmy report")
struct ReportCommandTests {
    @Test("alice reports a community; the admin finds it in `lemmy reports --type community` and resolves it")
    func community() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            let filed = try await LemmyBinary.run(["report", "community", "gardening", "--reason", "Breaks the rules"], config: alice.url)
            #expect(filed.status == 0, "\(filed)")
            #expect(filed.stdout.contains("Reported c/gardening."), "\(filed.stdout)")
            // One report per person and community: Lemmy's refusal, on one line.
            let again = try await LemmyBinary.run(["report", "community", "gardening", "--reason", "Again"], config: alice.url)
            #expect(again.status == LemmyCLI.ExitStatus.software.rawValue && again.stderr.contains("couldnt_create"), "\(again)")

            let admin = try await TemporaryConfig.loggedIn(server, as: "admin")
            let listed = try await LemmyBinary.run(["reports", "--type", "community", "--json"], config: admin.url)
            #expect(listed.status == 0, "\(listed)")
            let open = try JSONOutput.decoder().decode(ReportsOutput.self, from: Data(listed.stdout.utf8)).reports
            let report = try #require(open.first)
            #expect(open.count == 1)
            #expect(report.kind == "community" && report.community == "gardening" && report.reporter == "alice")
            #expect(report.reason == "Breaks the rules" && report.postId == nil && report.commentId == nil && !report.resolved)

            let resolved = try await LemmyBinary.run(["reports", "--type", "community", "--resolve", "\(report.id)"], config: admin.url)
            #expect(resolved.status == 0, "\(resolved)")
            #expect(resolved.stdout.contains("Open community reports (0)"), "\(resolved.stdout)")
            // bob moderates gardening, and still sees no community report.
            let bob = try await TemporaryConfig.loggedIn(server, as: "bob")
            let asBob = try await LemmyBinary.run(["reports", "--type", "community", "--all"], config: bob.url)
            #expect(asBob.status == 0 && asBob.stdout.contains("All community reports (0)"), "\(asBob)")
        }
    }

    @Test("a post report reaches the community's moderator", arguments: LemmyDialect.allCases)
    func post(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            let filed = try await LemmyBinary.run(["report", "post", "2", "--reason", "Spam"], config: alice.url)
            #expect(filed.status == 0, "\(filed)")
            let bob = try await TemporaryConfig.loggedIn(server, as: "bob")
            let listed = try await LemmyBinary.run(["reports", "--json", "--limit", "50"], config: bob.url)
            let open = try JSONOutput.decoder().decode(ReportsOutput.self, from: Data(listed.stdout.utf8)).reports
            #expect(open.contains { $0.postId == 2 && $0.reporter == "alice" && $0.reason == "Spam" }, "\(listed)")
        }
    }

    @Test("1.0: a comment report --to-admins reaches the admins, not the community's moderator")
    func toAdmins() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            let filed = try await LemmyBinary.run(
                ["report", "comment", "1", "--reason", "Illegal here", "--to-admins"], config: alice.url)
            #expect(filed.status == 0, "\(filed)")
            func reports(_ user: String) async throws -> [ReportsOutput.Report] {
                let config = try await TemporaryConfig.loggedIn(server, as: user)
                let listed = try await LemmyBinary.run(["reports", "--type", "comment", "--json", "--limit", "50"], config: config.url)
                return try JSONOutput.decoder().decode(ReportsOutput.self, from: Data(listed.stdout.utf8)).reports
            }
            #expect(try await reports("admin").contains { $0.reason == "Illegal here" && $0.breaksInstanceRules })
            #expect(try await !reports("bob").contains { $0.reason == "Illegal here" })
            let admin = try await TemporaryConfig.loggedIn(server, as: "admin")
            let human = try await LemmyBinary.run(["reports", "--type", "comment", "--limit", "50"], config: admin.url)
            #expect(human.stdout.contains("(instance rules) by u/alice"), "\(human.stdout)")
        }
    }

    @Test("0.19 has no community reports; a post is named by a number; a reason is required")
    func refusals() async throws {
        try await withServer(.v0_19) { server in
            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            let older = try await LemmyBinary.run(["report", "community", "gardening", "--reason", "Spam"], config: alice.url)
            #expect(older.status == LemmyCLI.ExitStatus.unsupported.rawValue, "\(older)")
            #expect(older.stderr.contains("Lemmy 1.0"), "\(older.stderr)")
            let named = try await LemmyBinary.run(["report", "post", "first", "--reason", "Spam"], config: alice.url)
            #expect(named.status == 64, "\(named)")
            let blank = try await LemmyBinary.run(["report", "post", "1", "--reason", "  "], config: alice.url)
            #expect(blank.status == 64, "\(blank)")
            let toAdmins = try await LemmyBinary.run(["report", "post", "1", "--reason", "Spam", "--to-admins"], config: alice.url)
            #expect(toAdmins.status == LemmyCLI.ExitStatus.unsupported.rawValue, "\(toAdmins)")
            let admin = try await TemporaryConfig.loggedIn(server, as: "admin")
            let queue = try await LemmyBinary.run(["reports", "--type", "community"], config: admin.url)
            #expect(queue.status == LemmyCLI.ExitStatus.unsupported.rawValue, "\(queue)")
        }
    }
}
