import Foundation
import LemmyCLI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The `lemmy` binary against a server that sends hostile numbers and text in real answers.
@Suite("lemmy binary, hostile server")
struct HostileServerTests {
    /// A title that retitles the terminal and writes the clipboard, then reverses the line.
    static let hostileName = #""name":"\u001b]0;PWNED\u0007\u001b]52;c;aGVsbG8=\u0007Free \u202egift\u009b2J\r""#

    static func forbiddenBytes(in text: String) -> [UInt8] {
        Array(text.utf8).filter { $0 == 0x1B || $0 == 0x07 || $0 == 0x0D }
    }

    @Test("feed survives Int.max/Int.min vote counts and shows saturated scores", arguments: LemmyDialect.allCases)
    func extremeCounts(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.faults.add(FaultRule(.rewriteBody(pattern: #""upvotes":\s*-?[0-9]+"#, replacement: #""upvotes":9223372036854775807"#)))
            server.faults.add(
                FaultRule(.rewriteBody(pattern: #""downvotes":\s*-?[0-9]+"#, replacement: #""downvotes":-9223372036854775808"#)))
            server.faults.add(
                FaultRule(.rewriteBody(pattern: #""comments":\s*-?[0-9]+"#, replacement: #""comments":-9223372036854775808"#)))
            let instance = server.baseURL.absoluteString
            let text = try await LemmyBinary.run(["feed", "--instance", instance, "--limit", "3"])
            #expect(text.status == 0, "\(text)")
            #expect(text.stdout.contains("9223372036854775807 pts"), "\(text)")
            #expect(text.stdout.contains("0 comments"), "\(text)")
            let json = try await LemmyBinary.run(["feed", "--instance", instance, "--limit", "3", "--json"])
            #expect(json.status == 0, "\(json)")
            let feed = try JSONOutput.decoder().decode(FeedOutput.self, from: Data(json.stdout.utf8))
            #expect(!feed.posts.isEmpty)
            for post in feed.posts {
                #expect(post.score == Int.max && post.upvotes == Int.max && post.downvotes == 0 && post.comments == 0)
            }
        }
    }

    @Test("feed prints no escape, BEL or CR bytes from titles and names; --json keeps them exactly", arguments: LemmyDialect.allCases)
    func hostileTitles(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.faults.add(FaultRule(.rewriteBody(pattern: #""name":\s*"[^"]*""#, replacement: Self.hostileName), route: "/post/list"))
            let instance = server.baseURL.absoluteString
            let text = try await LemmyBinary.run(["feed", "--instance", instance, "--limit", "3"])
            #expect(text.status == 0, "\(text)")
            #expect(text.stdout.contains("Free"), "\(text)")
            #expect(Self.forbiddenBytes(in: text.stdout).isEmpty, "\(text.stdout.debugDescription)")
            #expect(!text.stdout.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x9B })
            let json = try await LemmyBinary.run(["feed", "--instance", instance, "--limit", "3", "--json"])
            #expect(json.status == 0, "\(json)")
            #expect(Self.forbiddenBytes(in: json.stdout).isEmpty)
            let feed = try JSONOutput.decoder().decode(FeedOutput.self, from: Data(json.stdout.utf8))
            let expected = "\u{1b}]0;PWNED\u{7}\u{1b}]52;c;aGVsbG8=\u{7}Free \u{202e}gift\u{9b}2J\r"
            #expect(feed.posts.first?.title == expected)
            #expect(feed.posts.first?.community == expected)
        }
    }

    @Test("a server's error message cannot drive the terminal either", arguments: [LemmyDialect.v0_19])
    func hostileError(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.faults.add(FaultRule(.status(code: 400, error: "\u{1b}]0;PWNED\u{7}nope\u{1b}[2J"), route: "/post/list"))
            let result = try await LemmyBinary.run(["feed", "--instance", server.baseURL.absoluteString, "--limit", "3"])
            #expect(result.status != 0)
            #expect(result.stderr.contains("nope"), "\(result)")
            #expect(Self.forbiddenBytes(in: result.stderr).isEmpty, "\(result.stderr.debugDescription)")
        }
    }

    @Test("a server's refusal with line breaks is one line on stderr", arguments: [LemmyDialect.v0_19])
    func refusalForgesNoLine(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.faults.add(FaultRule(.status(code: 400, error: "nope\nLogged in as admin on https://lemmy.ml."), route: "/post/list"))
            let result = try await LemmyBinary.run(["feed", "--instance", server.baseURL.absoluteString, "--limit", "3"])
            #expect(result.status != 0)
            #expect(result.errorLines.count == 1, "\(result)")
            #expect(result.stderr.contains("`nope Logged in as admin on https://lemmy.ml.`"), "\(result)")
        }
    }

    @Test("a comment author's name with a line break stays on the comment's header line", arguments: [LemmyDialect.v0_19])
    func nameForgesNoLine(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let (post, _, _) = try await Self.postWithComments(server)
            server.faults.add(
                FaultRule(
                    .rewriteBody(pattern: #""name":\s*"[^"]*""#, replacement: #""name":"evil\nLogged in as admin""#), route: "/comment/list"
                ))
            let result = try await LemmyBinary.run(["post", "\(post)", "--instance", server.baseURL.absoluteString, "--limit", "3"])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("u/evil Logged in as admin"), "\(result)")
            #expect(!result.stdout.split(separator: "\n").contains { $0.trimmingPrefix(while: \.isWhitespace).hasPrefix("Logged in") })
        }
    }

    @Test("comments whose paths loop back to themselves are all listed", arguments: [LemmyDialect.v0_19])
    func parentLoop(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let (post, comment, count) = try await Self.postWithComments(server)
            // Every comment's parent becomes `comment`, and `comment` its own parent: no root.
            server.faults.add(
                FaultRule(
                    .rewriteBody(pattern: #""path":\s*"[0-9.]+""#, replacement: "\"path\":\"0.\(comment).\(comment)\""),
                    route: "/comment/list"))
            let result = try await LemmyBinary.run(
                ["post", "\(post)", "--instance", server.baseURL.absoluteString, "--sort", "new", "--json"])
            #expect(result.status == 0, "\(result)")
            let output = try JSONOutput.decoder().decode(PostDetailOutput.self, from: Data(result.stdout.utf8))
            #expect(output.comments.count == count)
            #expect(Set(output.comments.map(\.id)).count == count)
            #expect(output.comments.first?.id == comment)
        }
    }

    @Test("people (1.0) prints no escape, BEL or CR bytes from names; --json keeps them exactly")
    func hostilePeople() async throws {
        try await withServer(.v1_0) { server in
            server.faults.add(FaultRule(.rewriteBody(pattern: #""name":\s*"[^"]*""#, replacement: Self.hostileName), route: "/person/list"))
            let instance = server.baseURL.absoluteString
            let text = try await LemmyBinary.run(["people", "--instance", instance, "--limit", "3"])
            #expect(text.status == 0, "\(text)")
            #expect(text.stdout.contains("Free"), "\(text)")
            #expect(Self.forbiddenBytes(in: text.stdout).isEmpty, "\(text.stdout.debugDescription)")
            #expect(!text.stdout.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x9B })
            let json = try await LemmyBinary.run(["people", "--instance", instance, "--limit", "3", "--json"])
            #expect(json.status == 0 && json.stdout.contains(#"\u001b]0;PWNED"#), "\(json)")
        }
    }

    @Test("user (1.0) shows a vote tally of Int.max and Int.min as sent; one past Int64 is a typed error, not a crash")
    func extremeTally() async throws {
        try await withServer(.v1_0) { server in
            // Alice has voted on bob's content: her view of bob carries her tally.
            try server.store.with { db in
                db.users[2, default: UserState()].personVotes[3] = PersonVoteTally(rowExisted: false, now: Date().timeIntervalSince1970)
            }
            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            server.faults.add(FaultRule(.rewriteBody(pattern: #""upvotes":\s*-?[0-9]+"#, replacement: #""upvotes":9223372036854775807"#)))
            server.faults.add(
                FaultRule(.rewriteBody(pattern: #""downvotes":\s*-?[0-9]+"#, replacement: #""downvotes":-9223372036854775808"#)))
            let shown = try await LemmyBinary.run(["user", "bob"], config: alice.url)
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.stdout.contains("9223372036854775807 up, -9223372036854775808 down"), "\(shown)")
            server.faults.clear()
            server.faults.add(FaultRule(.rewriteBody(pattern: #""upvotes":\s*-?[0-9]+"#, replacement: #""upvotes":99999999999999999999"#)))
            let refused = try await LemmyBinary.run(["user", "bob"], config: alice.url)
            // A clean exit with a message (a trap would be a signal, status 128 and more).
            #expect(refused.status != 0 && refused.status < 128 && !refused.stderr.isEmpty, "\(refused)")
            #expect(Self.forbiddenBytes(in: refused.stderr).isEmpty)
        }
    }

    /// A post with at least two comments, its first comment's id, and how many comments it has.
    static func postWithComments(_ server: LemmyTestServer) async throws -> (post: Int, comment: Int, count: Int) {
        try await onMain {
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
            for post in try await client.getPosts(sort: .new, limit: 50).items where post.commentCount >= 2 {
                let comments = try await client.getComments(postId: post.id, sort: .new, limit: 50).items
                if comments.count >= 2 { return (post.id, comments[0].id, comments.count) }
            }
            throw PostWithCommentsMissing()
        }
    }

    struct PostWithCommentsMissing: Error {}
}
