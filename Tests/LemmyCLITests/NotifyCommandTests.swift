import Foundation
import LemmyCLI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `notify` command and the notices it brings to `inbox` (Lemmy 1.0). In the
/// tiny seed community 2 is `gardening`.
@Suite("lemmy binary, notify")
struct NotifyCommandTests {
    @Test("notify shows and sets a community's mode; a new post there shows in the inbox as a notice")
    func community() async throws {
        try await withServer(.v1_0) { server in
            let config = try await TemporaryConfig.loggedIn(server, as: "carol")
            let shown = try await LemmyBinary.run(["notify", "--community", "gardening"], config: config.url)
            #expect(shown.status == 0 && shown.stdout.contains("replies and mentions"), "\(shown)")
            let set = try await LemmyBinary.run(["notify", "--community", "gardening", "all-posts"], config: config.url)
            #expect(set.status == 0 && set.stdout.contains("every new post"), "\(set)")

            let bob = try await TemporaryConfig.loggedIn(server, as: "bob")
            let posted = try await LemmyBinary.run(["submit", "gardening", "Tomatoes are in"], config: bob.url)
            #expect(posted.status == 0, "\(posted)")
            let inbox = try await LemmyBinary.run(["inbox"], config: config.url)
            #expect(inbox.status == 0 && inbox.stdout.contains("Notices (1)") && inbox.stdout.contains("Tomatoes are in"), "\(inbox)")
            let json = try await LemmyBinary.run(["inbox", "--json"], config: config.url)
            let output = try JSONOutput.decoder().decode(InboxOutput.self, from: Data(json.stdout.utf8))
            #expect(output.notices?.map(\.reason) == ["subscribed"])
            #expect(output.notices?.first?.post?.title == "Tomatoes are in")
        }
    }

    @Test("A post's mode is set; a mode of the other kind or no target is a usage error; before 1.0 the version is named")
    func refusals() async throws {
        try await withServer(.v1_0) { server in
            let config = try await TemporaryConfig.loggedIn(server, as: "carol")
            let muted = try await LemmyBinary.run(["notify", "--post", "1", "mute"], config: config.url)
            #expect(muted.status == 0 && muted.stdout.contains("muted"), "\(muted)")
            let wrongKind = try await LemmyBinary.run(["notify", "--post", "1", "all-posts"], config: config.url)
            #expect(wrongKind.status == ExitStatus.usage.rawValue && wrongKind.stderr.contains("all-comments"), "\(wrongKind)")
            let noTarget = try await LemmyBinary.run(["notify", "mute"], config: config.url)
            #expect(noTarget.status == ExitStatus.usage.rawValue, "\(noTarget)")
        }
        try await withServer(.v0_19) { server in
            let config = try await TemporaryConfig.loggedIn(server, as: "carol")
            let result = try await LemmyBinary.run(["notify", "--post", "1", "mute"], config: config.url)
            #expect(result.status != 0 && result.stderr.contains("Lemmy 1.0"), "\(result)")
            let inbox = try await LemmyBinary.run(["inbox", "--json"], config: config.url)
            let output = try JSONOutput.decoder().decode(InboxOutput.self, from: Data(inbox.stdout.utf8))
            #expect(output.notices == nil)
        }
    }
}
