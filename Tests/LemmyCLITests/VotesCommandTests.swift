import Foundation
import LemmyCLI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// `lemmy votes`: who voted on a post, and the refusal for someone who moderates nothing.
@Suite("lemmy votes")
struct VotesCommandTests {
    @Test("an admin lists the votes of a post as JSON and as text", arguments: [LemmyDialect.v0_19, .v1_0])
    func listVotes(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let instance = server.baseURL.absoluteString
            let voter = try TemporaryConfig()
            _ = try await LemmyBinary.run(
                ["login", "alice", "--instance", instance, "--password-stdin"], config: voter.url, input: "password\n")
            let vote = try await LemmyBinary.run(["vote", "1", "down"], config: voter.url)
            #expect(vote.status == 0, "\(vote)")

            let config = try TemporaryConfig()
            _ = try await LemmyBinary.run(
                ["login", "admin", "--instance", instance, "--password-stdin"], config: config.url, input: "password\n")
            let listed = try await LemmyBinary.run(["votes", "1", "--json"], config: config.url)
            #expect(listed.status == 0, "\(listed)")
            let output = try JSONOutput.decoder().decode(VotesOutput.self, from: Data(listed.stdout.utf8))
            #expect(output == VotesOutput(postId: 1, votes: [.init(voter: "alice", upvote: false, bannedFromCommunity: false)]))

            let text = try await LemmyBinary.run(["votes", "1"], config: config.url)
            #expect(text.stdout.contains("Votes on post #1 (1)"), "\(text.stdout)")
            #expect(text.stdout.contains("u/alice"), "\(text.stdout)")
        }
    }

    @Test("someone who moderates nothing exits with one line naming the refusal")
    func notAModerator() async throws {
        try await withServer(.v0_19) { server in
            let config = try TemporaryConfig()
            _ = try await LemmyBinary.run(
                ["login", "carol", "--instance", server.baseURL.absoluteString, "--password-stdin"],
                config: config.url, input: "password\n")
            let refused = try await LemmyBinary.run(["votes", "1"], config: config.url)
            #expect(refused.status == LemmyCLI.ExitStatus.software.rawValue, "\(refused)")
            #expect(refused.stderr.contains("not_a_mod_or_admin"), "\(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1)
        }
    }
}
