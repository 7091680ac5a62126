import Foundation
import LemmyCLI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `multi` command and `feed --multi` (Lemmy 1.0). In the tiny seed community
/// 1 is `technology` and 2 `gardening`.
@Suite("lemmy binary, multi")
struct MultiCommandTests {
    @Test("multi create, add, show, follow, delete, and feed --multi lists its communities' posts")
    func lifecycle() async throws {
        try await withServer(.v1_0) { server in
            let carol = try await TemporaryConfig.loggedIn(server, as: "carol")
            let created = try await LemmyBinary.run(["multi", "create", "books", "--title", "Books and more"], config: carol.url)
            #expect(created.status == 0 && created.stdout.contains("m/books Books and more"), "\(created)")
            let added = try await LemmyBinary.run(["multi", "add", "books", "gardening"], config: carol.url)
            #expect(added.status == 0 && added.stdout.contains("c/gardening") && added.stdout.contains("1 community"), "\(added)")

            let shown = try await LemmyBinary.run(["multi", "show", "books", "--json"], config: carol.url)
            let output = try JSONOutput.decoder().decode(MultiCommunityOutput.self, from: Data(shown.stdout.utf8))
            #expect(output.communities == ["gardening"] && output.communityCount == 1 && output.owner == "carol")
            #expect(output.subscription == "subscribed" && output.subscribers == 1)

            let feed = try await LemmyBinary.run(["feed", "--multi", "books", "--limit", "50", "--json"], config: carol.url)
            let posts = try JSONOutput.decoder().decode(FeedOutput.self, from: Data(feed.stdout.utf8))
            #expect(posts.listing == "multi-community" && !posts.posts.isEmpty)
            #expect(posts.posts.allSatisfy { $0.community == "gardening" })

            let bob = try await TemporaryConfig.loggedIn(server, as: "bob")
            let followed = try await LemmyBinary.run(["multi", "follow", "books"], config: bob.url)
            #expect(followed.status == 0 && followed.stdout.contains("2 followers"), "\(followed)")
            let refused = try await LemmyBinary.run(["multi", "add", "books", "technology"], config: bob.url)
            #expect(refused.status != 0 && refused.stderr.contains("multi_community_update_wrong_user"), "\(refused)")

            let deleted = try await LemmyBinary.run(["multi", "delete", "books"], config: carol.url)
            #expect(deleted.status == 0 && deleted.stdout.contains("deleted"), "\(deleted)")
            let listed = try await LemmyBinary.run(["multi", "list", "--listing", "subscribed", "--json"], config: bob.url)
            let list = try JSONOutput.decoder().decode(MultiCommunitiesOutput.self, from: Data(listed.stdout.utf8))
            #expect(list.multiCommunities.map(\.name) == ["books"] && list.multiCommunities.first?.deleted == true)
        }
    }

    @Test("--multi beside --community is a usage error; before 1.0 the version is named")
    func refusals() async throws {
        try await withServer(.v0_19) { server in
            let config = try await TemporaryConfig.loggedIn(server, as: "carol")
            let both = try await LemmyBinary.run(["feed", "--multi", "books", "--community", "gardening"], config: config.url)
            #expect(both.status == ExitStatus.usage.rawValue, "\(both)")
            let old = try await LemmyBinary.run(["multi", "list"], config: config.url)
            #expect(old.status != 0 && old.stderr.contains("Lemmy 1.0"), "\(old)")
        }
    }
}
