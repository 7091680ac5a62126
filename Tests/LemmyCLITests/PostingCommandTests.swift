import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LemmyCLI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// `submit`, `edit` and `delete` through the built binary, in each dialect.
@Suite("lemmy binary, posting commands")
struct PostingCommandTests {
    /// Logs `user` in through the binary and returns the config file.
    @Test("submit posts (with --image it uploads first); edit and delete/--restore change it", arguments: LemmyDialect.allCases)
    func submitEditDelete(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let config = try await TemporaryConfig.loggedIn(server)
            let submit = try await LemmyBinary.run(
                [
                    "submit", "music", "Posted by the CLI", "--body", "Hello", "--url",
                    "https://example.org/song", "--json",
                ], config: config.url)
            #expect(submit.status == 0, "\(submit)")
            let post = try JSONOutput.decoder().decode(PostOutput.self, from: Data(submit.stdout.utf8))
            #expect(post.title == "Posted by the CLI" && post.url == "https://example.org/song" && post.creator.hasPrefix("alice"))

            let edit = try await LemmyBinary.run(["edit", "\(post.id)", "--title", "Renamed by the CLI", "--json"], config: config.url)
            #expect(edit.status == 0, "\(edit)")
            #expect(try JSONOutput.decoder().decode(PostOutput.self, from: Data(edit.stdout.utf8)).title == "Renamed by the CLI")

            let delete = try await LemmyBinary.run(["delete", "post", "\(post.id)"], config: config.url)
            #expect(delete.status == 0 && delete.stdout.contains("Deleted post \(post.id)"), "\(delete)")
            let restore = try await LemmyBinary.run(["delete", "post", "\(post.id)", "--restore"], config: config.url)
            #expect(restore.status == 0 && restore.stdout.contains("Restored post \(post.id)"), "\(restore)")
            let state = try await onMain { () async throws -> (String, Bool) in
                let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
                let read = try await client.getPost(id: post.id)
                return (read.title, read.deleted)
            }
            #expect(state.0 == "Renamed by the CLI" && !state.1)

            let file = FileManager.default.temporaryDirectory.appendingPathComponent("lemmy-cli-\(UUID().uuidString).png")
            var png: [UInt8] = [
                0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
            ]
            png += Array(repeating: 7, count: 64)
            try Data(png).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let withImage = try await LemmyBinary.run(["submit", "music", "A picture", "--image", file.path, "--json"], config: config.url)
            #expect(withImage.status == 0, "\(withImage)")
            let imagePost = try JSONOutput.decoder().decode(PostOutput.self, from: Data(withImage.stdout.utf8))
            let imageURL = try #require(imagePost.url.flatMap(URL.init(string:)))
            let (served, _) = try await URLSession.shared.data(from: imageURL)
            #expect(served == Data(png))
        }
    }

    @Test("edit prints the server's title on one bounded line, whatever its length and line breaks", arguments: [LemmyDialect.v0_19])
    func editPrintsOneBoundedLine(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let config = try await TemporaryConfig.loggedIn(server)
            let forged = "Renamed\\nLogged in as admin." + String(repeating: " and on", count: 20_000)
            server.faults.add(
                FaultRule(
                    .rewriteBody(pattern: #""name":\s*"Renamed""#, replacement: #""name":"\#(forged)""#), route: "/post", method: "PUT"))
            let submit = try await LemmyBinary.run(["submit", "music", "Posted by the CLI", "--json"], config: config.url)
            let post = try JSONOutput.decoder().decode(PostOutput.self, from: Data(submit.stdout.utf8))
            let edit = try await LemmyBinary.run(["edit", "\(post.id)", "--title", "Renamed"], config: config.url)
            #expect(edit.status == 0, "\(edit)")
            let lines = edit.stdout.split(whereSeparator: \.isNewline)
            #expect(lines.count == 1, "\(edit.stdout.prefix(300))")
            #expect(lines.first?.hasPrefix("Edited post \(post.id): Renamed Logged in as admin.") == true)
            #expect((lines.first?.count ?? .max) <= 500)
        }
    }

    @Test(
        "edit and delete of someone else's content are refused with status 70; comments and messages too", arguments: LemmyDialect.allCases)
    func refusalsAndOtherKinds(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TemporaryConfig.loggedIn(server)
            let bob = try await TemporaryConfig.loggedIn(server, as: "bob")
            let submit = try await LemmyBinary.run(["submit", "music", "Alice's", "--json"], config: alice.url)
            let post = try JSONOutput.decoder().decode(PostOutput.self, from: Data(submit.stdout.utf8))
            let hijack = try await LemmyBinary.run(["edit", "\(post.id)", "--title", "Bob's now"], config: bob.url)
            #expect(hijack.status == 70, "\(hijack)")
            #expect(hijack.stderr.contains("no_post_edit_allowed"))
            let notMine = try await LemmyBinary.run(["delete", "post", "\(post.id)"], config: bob.url)
            #expect(notMine.status == 70 && notMine.stderr.contains("no_post_edit_allowed"), "\(notMine)")

            let reply = try await LemmyBinary.run(["reply", "\(post.id)", "First!", "--json"], config: alice.url)
            let comment = try JSONOutput.decoder().decode(CommentOutput.self, from: Data(reply.stdout.utf8))
            let editComment = try await LemmyBinary.run(["edit", "\(comment.id)", "--comment", "--body", "Second!"], config: alice.url)
            #expect(editComment.status == 0, "\(editComment)")
            let deleteComment = try await LemmyBinary.run(["delete", "comment", "\(comment.id)"], config: alice.url)
            #expect(deleteComment.status == 0 && deleteComment.stdout.contains("Deleted comment"), "\(deleteComment)")

            let messageId = try await onMain { () async throws -> Int in
                let client = try await ApiClient.login(to: server.baseURL, username: "alice", password: "password")
                let bobId = try await client.getPerson(name: "bob").id
                return try await client.sendMessage("Hi Bob", to: bobId).id
            }
            let bobDeletes = try await LemmyBinary.run(["delete", "message", "\(messageId)"], config: bob.url)
            // 1.0 lets the recipient delete a message for themselves.
            #expect(bobDeletes.status == (dialect == .v1_0 ? 0 : 70), "\(bobDeletes)")
            let aliceDeletes = try await LemmyBinary.run(["delete", "message", "\(messageId)"], config: alice.url)
            #expect(aliceDeletes.status == 0 && aliceDeletes.stdout.contains("Deleted message \(messageId)"), "\(aliceDeletes)")

            let usage = try await LemmyBinary.run(["edit", "\(post.id)"], config: alice.url)
            #expect(usage.status == 64, "\(usage)")
            let guest = try await LemmyBinary.run(["delete", "post", "\(post.id)", "--instance", server.baseURL.absoluteString])
            #expect(guest.status == 77, "\(guest)")
        }
    }
}
