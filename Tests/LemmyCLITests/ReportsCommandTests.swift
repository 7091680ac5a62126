import Foundation
import LemmyCLI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// `lemmy reports`: list the queue, resolve and reopen a report, refusals.
@Suite("lemmy reports")
struct ReportsCommandTests {
    @Test("a moderator lists, resolves and reopens reports", arguments: LemmyDialect.allCases)
    func listResolveReopen(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let instance = server.baseURL.absoluteString
            let config = try TemporaryConfig()
            let login = try await LemmyBinary.run(
                ["login", "bob", "--instance", instance, "--password-stdin"],
                config: config.url, input: "password\n")
            #expect(login.status == 0, "\(login)")

            let listed = try await LemmyBinary.run(["reports", "--type", "comment", "--json"], config: config.url)
            #expect(listed.status == 0, "\(listed)")
            let open = try JSONOutput.decoder().decode(ReportsOutput.self, from: Data(listed.stdout.utf8)).reports
            #expect(open.count == 3)
            #expect(open.allSatisfy { $0.kind == "comment" && $0.commentId != nil && !$0.resolved && $0.reporter == "carol" })

            let target = try #require(open.first)
            let resolved = try await LemmyBinary.run(
                ["reports", "--type", "comment", "--resolve", "\(target.id)", "--json"],
                config: config.url)
            #expect(resolved.status == 0, "\(resolved)")
            let after = try JSONOutput.decoder().decode(ReportsOutput.self, from: Data(resolved.stdout.utf8)).reports
            #expect(after.map(\.id) == open.dropFirst().map(\.id))

            // The server has it resolved: a separate client sees it so.
            let serverSide = try await onMain { () async throws -> Bool in
                let bob = try await ApiClient.login(to: server.baseURL, username: "bob", password: "password")
                return try await bob.reports(.comment, unresolvedOnly: false).items.first { $0.id.value == target.id }?.isResolved ?? false
            }
            #expect(serverSide)

            let reopened = try await LemmyBinary.run(["reports", "--type", "comment", "--reopen", "\(target.id)"], config: config.url)
            #expect(reopened.status == 0, "\(reopened)")
            #expect(reopened.stdout.contains("Open comment reports (3)"), "\(reopened.stdout)")
        }
    }

    @Test("someone who moderates nothing exits with one line naming the refusal")
    func notAModerator() async throws {
        try await withServer(.v0_19) { server in
            let config = try TemporaryConfig()
            _ = try await LemmyBinary.run(
                ["login", "carol", "--instance", server.baseURL.absoluteString, "--password-stdin"],
                config: config.url, input: "password\n")
            let refused = try await LemmyBinary.run(["reports"], config: config.url)
            #expect(refused.status == LemmyCLI.ExitStatus.software.rawValue, "\(refused)")
            #expect(refused.stderr.contains("not_a_mod_or_admin"), "\(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1)
            let missing = try await LemmyBinary.run(["reports", "--resolve", "999"], config: config.url)
            #expect(missing.status != 0)
            let usage = try await LemmyBinary.run(["reports", "--resolve", "1", "--reopen", "2"], config: config.url)
            #expect(usage.status == 64, "\(usage)")
        }
    }
}
