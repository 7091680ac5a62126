import Foundation
import LemmyCLI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `note` command, and the note and vote tally in `lemmy user`.
@Suite("lemmy binary, note")
struct NoteCommandTests {
    private func shown(_ name: String, config: URL) async throws -> PersonOutput {
        let shown = try await LemmyBinary.run(["user", name, "--json"], config: config)
        return try JSONOutput.decoder().decode(PersonOutput.self, from: Data(shown.stdout.utf8))
    }

    @Test("note USER TEXT saves it, lemmy user shows it to its author, --clear deletes it (1.0)")
    func saveShowClear() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            let saved = try await LemmyBinary.run(["note", "bob", "Reviews PRs fast"], config: alice.url)
            #expect(saved.status == 0 && saved.stdout.contains("Saved your note about u/bob."), "\(saved)")
            #expect(try await shown("bob", config: alice.url).note == "Reviews PRs fast")
            let human = try await LemmyBinary.run(["user", "bob"], config: alice.url)
            #expect(human.stdout.contains("your note: Reviews PRs fast"), "\(human)")
            let carol = try await TemporaryConfig.loggedIn(server, as: "carol")
            #expect(try await shown("bob", config: carol.url).note == nil)
            let cleared = try await LemmyBinary.run(["note", "bob", "--clear"], config: alice.url)
            #expect(cleared.status == 0 && cleared.stdout.contains("Deleted your note about u/bob."), "\(cleared)")
            #expect(try await shown("bob", config: alice.url).note == nil)
            // Neither text nor --clear, or both: a usage error, before anything is sent.
            #expect(try await LemmyBinary.run(["note", "bob"], config: alice.url).status == 64)
            #expect(try await LemmyBinary.run(["note", "bob", "x", "--clear"], config: alice.url).status == 64)
        }
    }

    @Test("lemmy user shows the account's tally of votes on the person's content (1.0), absent before any vote")
    func voteTally() async throws {
        try await withServer(.v1_0) { server in
            let postId = try server.store.with { db in db.posts.first { $0.creatorId == 3 && !$0.deleted && !$0.removed }!.id }
            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            #expect(try await shown("bob", config: alice.url).yourVotes == nil)
            #expect(try await LemmyBinary.run(["vote", "\(postId)", "down"], config: alice.url).status == 0)
            #expect(try await shown("bob", config: alice.url).yourVotes == VoteTallyOutput(up: 0, down: 1))
            let human = try await LemmyBinary.run(["user", "bob"], config: alice.url)
            #expect(human.stdout.contains("your votes on their posts and comments: 0 up, 1 down"), "\(human)")
            // carol noted bob before voting: Lemmy keeps no counters for her.
            let carol = try await TemporaryConfig.loggedIn(server, as: "carol")
            _ = try await LemmyBinary.run(["note", "bob", "Met once"], config: carol.url)
            _ = try await LemmyBinary.run(["vote", "\(postId)", "up"], config: carol.url)
            #expect(try await shown("bob", config: carol.url).yourVotes == VoteTallyOutput(up: nil, down: nil))
            let uncounted = try await LemmyBinary.run(["user", "bob"], config: carol.url)
            #expect(uncounted.stdout.contains("your votes on their posts and comments: not counted by the server"), "\(uncounted)")
        }
    }

    @Test("Before 1.0 the command says the version lacks notes")
    func before10() async throws {
        try await withServer(.v0_19) { server in
            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            let refused = try await LemmyBinary.run(["note", "bob", "hi"], config: alice.url)
            #expect(refused.status != 0 && refused.stderr.contains("1.0"), "\(refused)")
        }
    }
}
