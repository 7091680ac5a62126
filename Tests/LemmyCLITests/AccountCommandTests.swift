import Foundation
import LemmyCLI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's read and write commands for a signed-in account, in each dialect.
@Suite("lemmy binary, account commands")
struct AccountCommandTests {
    /// Logs `alice` in through the binary and returns her config file.
    @Test("community, user and search read what the server has", arguments: LemmyDialect.allCases)
    func reads(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let instance = server.baseURL.absoluteString
            let community = try await LemmyBinary.run(["community", "music", "--instance", instance, "--json"])
            #expect(community.status == 0, "\(community)")
            let music = try JSONOutput.decoder().decode(CommunityOutput.self, from: Data(community.stdout.utf8))
            #expect(music.name == "music" && music.subscribers > 0)
            #expect(music.moderators?.isEmpty == false)

            let user = try await LemmyBinary.run(["user", "bob", "--instance", instance, "--json"])
            let bob = try JSONOutput.decoder().decode(PersonOutput.self, from: Data(user.stdout.utf8))
            #expect(bob.name == "bob" && bob.posts != nil)

            let text = try await LemmyBinary.run(["user", "bob", "--instance", instance])
            #expect(text.stdout.contains("u/bob") && text.stdout.contains("moderates: c/"))

            let search = try await LemmyBinary.run(["search", "music", "--instance", instance, "--json"])
            #expect(search.status == 0, "\(search)")
            let found = try JSONOutput.decoder().decode(SearchOutput.self, from: Data(search.stdout.utf8))
            #expect(found.communities.contains { $0.name == "music" })

            let missing = try await LemmyBinary.run(["community", "no-such-community", "--instance", instance])
            #expect(missing.status == LemmyCLI.ExitStatus.software.rawValue)
            #expect(missing.errorLines.count == 1 && missing.stderr.contains("refused with `"))
        }
    }

    @Test("inbox shows the account's replies and unread counts", arguments: LemmyDialect.allCases)
    func inbox(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let config = try await TemporaryConfig.loggedIn(server)
            let expected = try await onMain { () async throws -> (Int, Int, Int) in
                let alice = try await ApiClient.login(to: server.baseURL, username: "alice", password: "password")
                try await alice.refreshUnreadCounts()
                return (
                    alice.account?.unread.replies ?? -1, try await alice.getReplies(limit: 5).count,
                    try await alice.getMessages(limit: 5).count
                )
            }
            let result = try await LemmyBinary.run(["inbox", "--limit", "5", "--json"], config: config.url)
            #expect(result.status == 0, "\(result)")
            let inbox = try JSONOutput.decoder().decode(InboxOutput.self, from: Data(result.stdout.utf8))
            #expect(inbox.unreadReplies == expected.0)
            #expect(inbox.replies.count == expected.1)
            // Every dialect lists messages (1.0: from notifications).
            #expect(inbox.messages?.count == expected.2)
        }
    }

    @Test("inbox --mark-all-read leaves nothing unread", arguments: LemmyDialect.allCases)
    func markAllRead(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let config = try await TemporaryConfig.loggedIn(server)
            try await onMain { () async throws in
                let bob = try await ApiClient.login(to: server.baseURL, username: "bob", password: "password")
                _ = try await bob.sendMessage("Unread for alice", to: 2)
            }
            let before = try await LemmyBinary.run(["inbox", "--json"], config: config.url)
            let unread = try JSONOutput.decoder().decode(InboxOutput.self, from: Data(before.stdout.utf8))
            #expect(unread.unreadMessages + unread.unreadReplies > 0)
            let result = try await LemmyBinary.run(["inbox", "--mark-all-read", "--json"], config: config.url)
            #expect(result.status == 0, "\(result)")
            let inbox = try JSONOutput.decoder().decode(InboxOutput.self, from: Data(result.stdout.utf8))
            #expect(inbox.unreadReplies == 0 && inbox.unreadMentions == 0 && inbox.unreadMessages == 0)
            #expect(inbox.replies.allSatisfy { $0.read })
        }
    }

    @Test("save, subscribe, reply and block change the server's state", arguments: LemmyDialect.allCases)
    func mutations(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let config = try await TemporaryConfig.loggedIn(server)
            let postId = try await onMain { () async throws -> Int in
                let posts = try await ApiClient.getApiClient(for: server.baseURL, with: nil).getPosts(sort: .new, limit: 1)
                return try #require(posts.items.first).id
            }

            #expect(try await LemmyBinary.run(["save", "\(postId)"], config: config.url).status == 0)
            let saved = try await LemmyBinary.run(["post", "\(postId)", "--json"], config: config.url)
            #expect(try JSONOutput.decoder().decode(PostDetailOutput.self, from: Data(saved.stdout.utf8)).post.saved)

            let before = try await LemmyBinary.run(["community", "gardening", "--json"], config: config.url)
            let wasSubscribed =
                try JSONOutput.decoder().decode(CommunityOutput.self, from: Data(before.stdout.utf8)).subscription != "unsubscribed"
            let toggle = wasSubscribed ? ["subscribe", "gardening", "--undo"] : ["subscribe", "gardening"]
            #expect(try await LemmyBinary.run(toggle, config: config.url).status == 0)
            let after = try await LemmyBinary.run(["community", "gardening", "--json"], config: config.url)
            let isSubscribed =
                try JSONOutput.decoder().decode(CommunityOutput.self, from: Data(after.stdout.utf8)).subscription != "unsubscribed"
            #expect(isSubscribed != wasSubscribed)

            let reply = try await LemmyBinary.run(["reply", "\(postId)", "Written by the CLI test", "--json"], config: config.url)
            #expect(reply.status == 0, "\(reply)")
            let comment = try JSONOutput.decoder().decode(CommentOutput.self, from: Data(reply.stdout.utf8))
            #expect(comment.postId == postId && comment.creator == "alice" && comment.content == "Written by the CLI test")
            let shown = try await LemmyBinary.run(["post", "\(postId)", "--json", "--sort", "new"], config: config.url)
            #expect(
                try JSONOutput.decoder().decode(PostDetailOutput.self, from: Data(shown.stdout.utf8)).comments.contains {
                    $0.id == comment.id
                })

            #expect(try await LemmyBinary.run(["block", "user", "carol"], config: config.url).status == 0)
            let carol = try await LemmyBinary.run(["user", "carol", "--json"], config: config.url)
            #expect(try JSONOutput.decoder().decode(PersonOutput.self, from: Data(carol.stdout.utf8)).blocked)
            #expect(try await LemmyBinary.run(["block", "user", "carol", "--undo"], config: config.url).status == 0)
            let unblocked = try await LemmyBinary.run(["user", "carol", "--json"], config: config.url)
            #expect(try !JSONOutput.decoder().decode(PersonOutput.self, from: Data(unblocked.stdout.utf8)).blocked)
        }
    }
}
