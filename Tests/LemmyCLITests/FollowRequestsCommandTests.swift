import Foundation
import LemmyCLI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `follow-requests` command: a moderator of a private community lists the
/// requests to follow it and approves one (Lemmy 1.0).
@Suite("lemmy binary, follow-requests")
struct FollowRequestsCommandTests {
    /// Community 2 (bob moderates it) made private, with carol's request to follow it waiting.
    @MainActor
    static func waitingRequest(_ server: LemmyTestServer) async throws {
        let bob = try await ApiClient.login(to: server.baseURL, username: "bob", password: "password")
        _ = try await bob.editCommunity(id: 2, CommunityDetails(visibility: .private))
        let carol = try await ApiClient.login(to: server.baseURL, username: "carol", password: "password")
        let community = try await carol.getCommunity(id: 2)
        _ = await community.toggleSubscribe()
        _ = await community.toggleSubscribe()
    }

    @Test("follow-requests lists the waiting request, approves it by the person's name, and lists it no more")
    func approve() async throws {
        try await withServer(.v1_0) { server in
            try await Self.waitingRequest(server)
            let config = try await TemporaryConfig.loggedIn(server, as: "bob")
            let listed = try await LemmyBinary.run(["follow-requests"], config: config.url)
            #expect(listed.status == 0 && listed.stdout.contains("u/carol") && listed.stdout.contains("(1)"), "\(listed)")
            let json = try await LemmyBinary.run(["follow-requests", "--json"], config: config.url)
            let output = try JSONOutput.decoder().decode([FollowRequestOutput].self, from: Data(json.stdout.utf8))
            #expect(output.map(\.followerId) == [4] && output.first?.state == "waiting" && output.first?.communityId == 2)

            let unknown = try await LemmyBinary.run(["follow-requests", "--deny", "alice"], config: config.url)
            #expect(
                unknown.status == ExitStatus.software.rawValue && unknown.stderr.contains("no waiting request from u/alice"), "\(unknown)")
            let approved = try await LemmyBinary.run(["follow-requests", "--approve", "carol"], config: config.url)
            #expect(approved.status == 0 && approved.stdout.contains("Approved u/carol"), "\(approved)")
            #expect(approved.stdout.contains("(0)"))
            let all = try await LemmyBinary.run(["follow-requests", "--all", "--json"], config: config.url)
            let decided = try JSONOutput.decoder().decode([FollowRequestOutput].self, from: Data(all.stdout.utf8))
            #expect(decided.first { $0.followerId == 4 }?.state == "accepted")
        }
    }

    @Test("Before 1.0 the command says the version has no follow requests")
    func olderVersion() async throws {
        try await withServer(.v0_19) { server in
            let config = try await TemporaryConfig.loggedIn(server, as: "bob")
            let result = try await LemmyBinary.run(["follow-requests"], config: config.url)
            #expect(result.status != 0 && result.stderr.contains("Lemmy 1.0"), "\(result)")
        }
    }
}
