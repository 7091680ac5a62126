import Foundation
import LemmyCLI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `people` command (Lemmy 1.0's ListPersons).
@Suite("lemmy binary, people")
struct PeopleCommandTests {
    private func page(_ arguments: [String], config: URL? = nil) async throws -> PeopleOutput {
        let run = try await LemmyBinary.run(["people"] + arguments + ["--json"], config: config)
        #expect(run.status == 0, "\(run)")
        return try JSONOutput.decoder().decode(PeopleOutput.self, from: Data(run.stdout.utf8))
    }

    @Test("people pages by --page, sorts, searches, and shows the account's note")
    func list() async throws {
        try await withServer(.v1_0) { server in
            let instance = server.baseURL.absoluteString
            let oldest = try server.store.with { db in
                db.persons[2].bio = "gardening"
                return db.persons.filter { !$0.deleted }.sorted { ($0.published, $0.id) < ($1.published, $1.id) }.map(\.id)
            }
            let first = try await page(["--instance", instance, "--sort", "old", "--limit", "3"])
            #expect(first.people.map(\.id) == Array(oldest.prefix(3)) && first.hasMore && first.sort == "old")
            let second = try await page(["--instance", instance, "--sort", "old", "--limit", "3", "--page", "2"])
            #expect(second.people.map(\.id) == Array(oldest.dropFirst(3).prefix(3)))
            let past = try await page(["--instance", instance, "--limit", "50", "--page", "3"])
            #expect(past.people.isEmpty && !past.hasMore)
            let found = try await page(["--instance", instance, "--search", "garden"])
            #expect(found.people.map(\.name) == ["bob"] && found.search == "garden")
            #expect(try await page(["--instance", instance, "--search", "garden", "--names-only"]).people.isEmpty)

            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            _ = try await LemmyBinary.run(["note", "bob", "Reviews PRs fast"], config: alice.url)
            let noted = try await page(["--search", "bob"], config: alice.url)
            #expect(noted.people.first?.note == "Reviews PRs fast")
            let text = try await LemmyBinary.run(["people", "--instance", instance, "--sort", "new", "--limit", "2"])
            #expect(
                text.status == 0 && text.stdout.contains("u/") && text.stdout.contains("posts")
                    && text.stdout.contains("more: lemmy people --sort new --limit 2 --page 2"), "\(text)")
            // --names-only without --search is a usage error, before anything is sent.
            #expect(try await LemmyBinary.run(["people", "--instance", instance, "--names-only"]).status == 64)
        }
    }

    @Test("Before 1.0 the command says the version lacks the list")
    func before10() async throws {
        try await withServer(.v0_19) { server in
            let refused = try await LemmyBinary.run(["people", "--instance", server.baseURL.absoluteString])
            #expect(refused.status != 0 && refused.stderr.contains("1.0"), "\(refused)")
        }
    }
}
