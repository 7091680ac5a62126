import Foundation
import LemmyCLI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Runs the built `lemmy` binary against an in-process LemmyTestServer in each dialect.
@Suite("lemmy binary, end to end")
struct EndToEndTests {
    @Test("feed --json lists the server's posts", arguments: LemmyDialect.allCases)
    func feedJSON(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let config = try TemporaryConfig()
            let result = try await LemmyBinary.run(
                ["feed", "--instance", server.baseURL.absoluteString, "--sort", "new", "--limit", "5", "--json"],
                config: config.url)
            #expect(result.status == 0, "\(result)")
            let feed = try JSONOutput.decoder().decode(FeedOutput.self, from: Data(result.stdout.utf8))
            let expected = try await onMain { () async throws -> [(Int, String, Int)] in
                let page = try await ApiClient.getApiClient(for: server.baseURL, with: nil).getPosts(sort: .new, limit: 5)
                return page.items.map { ($0.id, $0.title, $0.votes.total) }
            }
            #expect(feed.posts.count == 5)
            #expect(feed.posts.map(\.id) == expected.map(\.0))
            #expect(feed.posts.map(\.title) == expected.map(\.1))
            #expect(feed.posts.map(\.score) == expected.map(\.2))
            #expect(feed.hasMore)
            #expect(feed.sort == "new" && feed.listing == "all")
        }
    }

    @Test("feed pages follow each other without overlap", arguments: LemmyDialect.allCases)
    func feedPaging(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let instance = server.baseURL.absoluteString
            let both = try await LemmyBinary.run([
                "feed", "--instance", instance, "--sort", "new", "--limit", "4", "--pages", "2", "--json",
            ])
            let second = try await LemmyBinary.run([
                "feed", "--instance", instance, "--sort", "new", "--limit", "4", "--page", "2", "--json",
            ])
            #expect(both.status == 0 && second.status == 0, "\(both)\n\(second)")
            let all = try JSONOutput.decoder().decode(FeedOutput.self, from: Data(both.stdout.utf8)).posts.map(\.id)
            let page2 = try JSONOutput.decoder().decode(FeedOutput.self, from: Data(second.stdout.utf8)).posts.map(\.id)
            #expect(all.count == 8)
            #expect(Set(all).count == 8)
            #expect(Array(all.suffix(4)) == page2)
            // No terminal on stderr: the progress line must stay off.
            #expect(both.stderr.isEmpty)
        }
    }

    @Test("post shows the post and its comment tree", arguments: LemmyDialect.allCases)
    func postWithComments(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let instance = server.baseURL.absoluteString
            let (postId, title, commentIds) = try await onMain { () async throws -> (Int, String, Set<Int>) in
                let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
                let post = try #require(try await client.getPosts(sort: .mostComments, limit: 1).items.first)
                let comments = try await client.getComments(postId: post.id, limit: 50)
                return (post.id, post.title, Set(comments.items.map(\.id)))
            }
            let json = try await LemmyBinary.run(["post", "\(postId)", "--instance", instance, "--json"])
            #expect(json.status == 0, "\(json)")
            let detail = try JSONOutput.decoder().decode(PostDetailOutput.self, from: Data(json.stdout.utf8))
            #expect(detail.post.id == postId && detail.post.title == title)
            #expect(!detail.comments.isEmpty)
            #expect(Set(detail.comments.map(\.id)).isSubset(of: commentIds))
            // Tree order: every reply comes after its parent.
            var seen = Set<Int>()
            for comment in detail.comments {
                if let parent = comment.parentId, commentIds.contains(parent) {
                    #expect(seen.contains(parent), "comment \(comment.id) before its parent")
                }
                seen.insert(comment.id)
            }
            #expect(detail.comments.contains { $0.depth > 0 })

            let shallow = try await LemmyBinary.run(["post", "\(postId)", "--instance", instance, "--depth", "0", "--json"])
            let topLevel = try JSONOutput.decoder().decode(PostDetailOutput.self, from: Data(shallow.stdout.utf8))
            #expect(!topLevel.comments.isEmpty && topLevel.comments.allSatisfy { $0.depth == 0 })

            let text = try await LemmyBinary.run(["post", "\(postId)", "--instance", instance], environment: ["COLUMNS": "60"])
            #expect(text.status == 0)
            #expect(text.stdout.contains(String(title.prefix(20))))
            #expect(text.stdout.contains("comments"))
            #expect(text.stdout.split(separator: "\n").allSatisfy { $0.count <= 60 }, "a line is wider than COLUMNS")
            #expect(!text.stdout.contains("\u{1B}["), "colour with NO_COLOR set")
        }
    }

    @Test("login with --password-stdin, whoami, vote, logout", arguments: LemmyDialect.allCases)
    func loginVoteLogout(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let instance = server.baseURL.absoluteString
            let config = try TemporaryConfig()
            let login = try await LemmyBinary.run(
                ["login", "alice", "--instance", instance, "--password-stdin"],
                config: config.url, input: "password\n")
            #expect(login.status == 0, "\(login)")
            #expect(login.stdout.contains("Logged in as alice"))
            let attributes = try FileManager.default.attributesOfItem(atPath: config.url.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let stored = try JSONDecoder().decode(ConfigFile.self, from: Data(contentsOf: config.url))
            #expect(stored.token?.isEmpty == false && stored.instance == instance)
            #expect(!login.stdout.contains(stored.token ?? "-"), "the token was printed")

            let whoami = try await LemmyBinary.run(["whoami", "--json"], config: config.url)
            #expect(whoami.status == 0, "\(whoami)")
            let me = try JSONOutput.decoder().decode(WhoamiOutput.self, from: Data(whoami.stdout.utf8))
            #expect(me.user?.name == "alice")
            #expect(me.version == dialect.versionString)

            let postId = try await onMain { () async throws -> Int in
                let alice = try await ApiClient.login(to: server.baseURL, username: "alice", password: "password")
                let posts = try await alice.getPosts(sort: .new, limit: 10).items
                return try #require(posts.first { $0.votes.myVote == .none }).id
            }
            let vote = try await LemmyBinary.run(["vote", "\(postId)", "up"], config: config.url)
            #expect(vote.status == 0, "\(vote)")
            #expect(vote.stdout.contains("Voted up on post \(postId)"))

            // The server's state, read by a separate client, has the vote.
            let myVote = try await onMain { () async throws -> ScoringOperation in
                let bobView = try await ApiClient.login(to: server.baseURL, username: "alice", password: "password")
                return try await bobView.getPost(id: postId).votes.myVote
            }
            #expect(myVote == .upvote)
            let shown = try await LemmyBinary.run(["post", "\(postId)", "--json"], config: config.url)
            #expect(try JSONOutput.decoder().decode(PostDetailOutput.self, from: Data(shown.stdout.utf8)).post.myVote == "up")

            let undo = try await LemmyBinary.run(["vote", "\(postId)", "none", "--json"], config: config.url)
            #expect(try JSONOutput.decoder().decode(PostOutput.self, from: Data(undo.stdout.utf8)).myVote == "none")

            let logout = try await LemmyBinary.run(["logout"], config: config.url)
            #expect(logout.status == 0, "\(logout)")
            let after = try JSONDecoder().decode(ConfigFile.self, from: Data(contentsOf: config.url))
            #expect(after.token == nil && after.instance == instance)
            let inbox = try await LemmyBinary.run(["inbox"], config: config.url)
            #expect(inbox.status == LemmyCLI.ExitStatus.auth.rawValue)
        }
    }

    @Test("a wrong password exits 77 with one line naming the problem", arguments: LemmyDialect.allCases)
    func wrongPassword(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let config = try TemporaryConfig()
            let result = try await LemmyBinary.run(
                ["login", "alice", "--instance", server.baseURL.absoluteString, "--password-stdin"],
                config: config.url, input: "not-the-password\n")
            #expect(result.status == LemmyCLI.ExitStatus.auth.rawValue, "\(result)")
            #expect(result.errorLines.count == 1, "\(result)")
            #expect(result.stderr.contains("wrong user name or password"))
            #expect(!result.stderr.contains("not-the-password"))
            #expect(result.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: config.url.path), "a failed login wrote the config")
        }
    }

    @Test("rate limiting exits 75", arguments: LemmyDialect.allCases)
    func rateLimited(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.faults.add(FaultRule(.lemmyRateLimit, route: "/post/list"))
            let result = try await LemmyBinary.run(["feed", "--instance", server.baseURL.absoluteString])
            #expect(result.status == LemmyCLI.ExitStatus.temporary.rawValue, "\(result)")
            #expect(result.errorLines.count == 1)
            #expect(result.stderr.contains("rate limiting"))
        }
    }

    @Test("an unreachable instance exits 69 with one line")
    func unreachable() async throws {
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        let result = try await LemmyBinary.run(["feed", "--instance", "http://127.0.0.1:1"])
        #expect(result.status == LemmyCLI.ExitStatus.unavailable.rawValue, "\(result)")
        #expect(result.errorLines.count == 1, "\(result)")
        #expect(result.stderr.contains("cannot reach http://127.0.0.1:1"))
    }

    @Test("a server that is not Lemmy exits 76")
    func notLemmy() async throws {
        try await withServer(.v0_19) { server in
            // Under a path prefix the test server answers 404 to the version probe: an HTTP
            // server, but no Lemmy API there.
            let result = try await LemmyBinary.run(["feed", "--instance", server.baseURL.absoluteString + "/not-lemmy"])
            #expect(result.status == LemmyCLI.ExitStatus.unsupported.rawValue, "\(result)")
            #expect(result.errorLines.count == 1)
            #expect(result.stderr.contains("is not supported"))
        }
    }

    @Test("usage errors exit 64: bad option value, and no instance configured")
    func usageErrors() async throws {
        let badLimit = try await LemmyBinary.run(["feed", "--instance", "http://127.0.0.1:1", "--limit", "0"])
        #expect(badLimit.status == LemmyCLI.ExitStatus.usage.rawValue, "\(badLimit)")
        // Every paged command takes the same 1–50 and says so.
        for arguments in [["communities", "--limit", "51"], ["inbox", "--limit", "x"], ["search", "q", "--limit", "0"]] {
            let refused = try await LemmyBinary.run(arguments + ["--instance", "http://127.0.0.1:1"])
            #expect(refused.status == LemmyCLI.ExitStatus.usage.rawValue, "\(refused)")
            #expect(refused.stderr.contains("--limit must be between 1 and 50"), "\(refused)")
        }
        let config = try TemporaryConfig()
        let noInstance = try await LemmyBinary.run(["feed"], config: config.url)
        #expect(noInstance.status == LemmyCLI.ExitStatus.usage.rawValue, "\(noInstance)")
        #expect(noInstance.stderr.contains("--instance"))
        let help = try await LemmyBinary.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("77  authentication"))
    }

    @Test("decode summarises a good fixture and pinpoints a broken one")
    func decode() async throws {
        // A copy of Tests/Fixtures/lemmy/v0.19/lemmykit_GetPostsResponse_0.19.18.json (a real 0.19.18 answer, text replaced; scripts/vendor-fixtures.sh writes both).
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/GetPostsResponse_0.19.json")
        let good = try await LemmyBinary.run(["decode", "GetPostsResponse", source.path, "--version", "0.19"])
        #expect(good.status == 0, "\(good)")
        #expect(good.stdout.contains("a valid ApiGetPostsResponse"))
        #expect(good.stdout.contains("posts: [3 items]"))
        // Generated objects store a private marker for the fast decoder; it is not a member.
        #expect(!good.stdout.contains("_memberwise"), "\(good.stdout)")

        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as! [String: Any]
        var posts = json["posts"] as! [[String: Any]]
        var post = posts[1]["post"] as! [String: Any]
        post["published"] = 12
        posts[1]["post"] = post
        json["posts"] = posts
        let config = try TemporaryConfig()
        let broken = config.directory.appendingPathComponent("broken.json")
        try JSONSerialization.data(withJSONObject: json).write(to: broken)
        let bad = try await LemmyBinary.run(["decode", "GetPostsResponse", broken.path])
        #expect(bad.status == LemmyCLI.ExitStatus.badData.rawValue, "\(bad)")
        #expect(bad.errorLines.count == 1)
        #expect(bad.stderr.contains("posts[1].post.published"))
        #expect(bad.stderr.contains("String"))

        let badJSON = try await LemmyBinary.run(["decode", "GetPostsResponse", broken.path, "--json"])
        #expect(badJSON.status == LemmyCLI.ExitStatus.badData.rawValue)
        let report = try JSONSerialization.jsonObject(with: Data(badJSON.stdout.utf8)) as? [String: Any]
        #expect(report?["ok"] as? Bool == false)
        #expect(report?["path"] as? String == "posts[1].post.published")
    }

    @Test("demo runs the tour and exits 0", arguments: LemmyDialect.allCases)
    func demo(dialect: LemmyDialect) async throws {
        let result = try await LemmyBinary.run(["demo", "--dialect", dialect.rawValue, "--scale", "tiny"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Lemmy \(dialect.versionString) test server"))
        #expect(result.stdout.contains("feedRow === postView.post2 → true"))
        #expect(result.stdout.contains("retried"))
        #expect(result.stdout.contains("the instance stored the preview with it: “Video 7”"))
        #expect(result.stdout.contains("added :wave: (the instance lowercased it) with keywords bye, hello"))
        #expect(result.stdout.contains("  :wave: in Hands"))
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }
}
