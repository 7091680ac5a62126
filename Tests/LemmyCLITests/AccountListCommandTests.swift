import Foundation
import LemmyCLI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `voted` and `history` commands, in each dialect.
@Suite("lemmy binary, voted and history")
struct AccountListCommandTests {
    @Test(
        "voted --down lists the downvoted post; history lists read posts on 1.0; older versions say what they lack",
        arguments: LemmyDialect.allCases)
    func votedAndHistory(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let config = try await TemporaryConfig.loggedIn(server, as: "alice")
            // A post someone else wrote: 0.19 leaves the account's own posts out of these lists.
            var target: PostOutput?
            for id in 1...12 where target == nil {
                let shown = try await LemmyBinary.run(["post", "\(id)", "--json"], config: config.url)
                let post = try JSONOutput.decoder().decode(PostDetailOutput.self, from: Data(shown.stdout.utf8)).post
                if post.creator != "alice" { target = post }
            }
            let post = try #require(target)
            #expect(try await LemmyBinary.run(["vote", "\(post.id)", "down"], config: config.url).status == 0)
            let voted = try await LemmyBinary.run(["voted", "--down", "--json"], config: config.url)
            if dialect == .v0_18 {
                #expect(voted.status != 0 && voted.stderr.contains("0.19"), "\(voted)")
            } else {
                #expect(voted.status == 0, "\(voted)")
                let listed = try JSONOutput.decoder().decode(AccountListOutput.self, from: Data(voted.stdout.utf8))
                #expect(listed.list == "downvoted" && listed.posts.map(\.id) == [post.id] && listed.comments.isEmpty)
                let upvoted = try await LemmyBinary.run(["voted"], config: config.url)
                #expect(upvoted.status == 0 && !upvoted.stdout.contains(post.title), "\(upvoted)")
            }
            let history = try await LemmyBinary.run(["history", "--json"], config: config.url)
            if dialect == .v1_0 {
                #expect(history.status == 0, "\(history)")
                let listed = try JSONOutput.decoder().decode(AccountListOutput.self, from: Data(history.stdout.utf8))
                #expect(listed.list == "read")
                let hidden = try await LemmyBinary.run(["history", "--hidden"], config: config.url)
                #expect(hidden.status == 0 && hidden.stdout.contains("Nothing hidden"), "\(hidden)")
            } else {
                #expect(history.status != 0 && history.stderr.contains("1.0"), "\(history)")
            }
        }
    }
}
