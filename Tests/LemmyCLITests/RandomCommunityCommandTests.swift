import Foundation
import LemmyCLI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `communities random`.
@Suite("lemmy binary, communities random")
struct RandomCommunityCommandTests {
    @Test("--local --json names one of this instance's communities; before 1.0 the version is named")
    func random() async throws {
        try await withServer(.v1_0) { server in
            let local = try server.store.with { db in Set(db.communities.filter { $0.instanceId == 1 && !$0.nsfw }.map(\.name)) }
            let shown = try await LemmyBinary.run([
                "communities", "random", "--local", "--json", "--instance", server.baseURL.absoluteString,
            ])
            let community = try JSONOutput.decoder().decode(CommunityOutput.self, from: Data(shown.stdout.utf8))
            #expect(local.contains(community.name), "\(shown)")
        }
        try await withServer(.v0_19) { server in
            let refused = try await LemmyBinary.run(["communities", "random", "--instance", server.baseURL.absoluteString])
            #expect(refused.status != 0 && refused.stderr.contains("1.0"), "\(refused)")
        }
    }
}
