import Foundation
import LemmyCLI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Community tags through the built binary (Lemmy 1.0): `submit --tag`, and the tags `community`
/// and the post listings show.
@Suite("lemmy binary, community tags")
struct TagCommandTests {
    @Test("submit --tag by name or shown name; an unknown tag names those the community offers; community and post show them")
    func tags() async throws {
        try await withServer(.v1_0) { server in
            let config = try await TemporaryConfig.loggedIn(server)
            let technology = try server.store.with { db in try #require(db.community(1)).name }
            let submit = try await LemmyBinary.run(
                ["submit", technology, "Tagged by the CLI", "--tag", "NEWS", "--tag", "discussion", "--json"], config: config.url)
            #expect(submit.status == 0, "\(submit)")
            let post = try JSONOutput.decoder().decode(PostOutput.self, from: Data(submit.stdout.utf8))
            #expect(post.tags == ["news", "discussion"])

            let unknown = try await LemmyBinary.run(["submit", technology, "Wrong tag", "--tag", "recipes"], config: config.url)
            #expect(unknown.status == ExitStatus.usage.rawValue, "\(unknown)")
            #expect(unknown.stderr.contains("news, question, discussion"), "\(unknown)")

            let community = try await LemmyBinary.run(["community", technology, "--json"], config: config.url)
            #expect(try JSONOutput.decoder().decode(CommunityOutput.self, from: Data(community.stdout.utf8)).tags == SeedTags.names)
            let card = try await LemmyBinary.run(["community", technology], config: config.url)
            #expect(card.stdout.contains("tags: News, question, Discussion"), "\(card)")
            let shown = try await LemmyBinary.run(["post", "\(post.id)"], config: config.url)
            #expect(shown.stdout.contains("[News] · [Discussion]"), "\(shown)")
        }
        try await withServer(.v0_19) { server in
            let config = try await TemporaryConfig.loggedIn(server)
            let community = try await LemmyBinary.run(["community", "music", "--json"], config: config.url)
            #expect(!community.stdout.contains("\"tags\""), "\(community)")
        }
    }
}
