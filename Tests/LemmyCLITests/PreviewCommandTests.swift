import Foundation
import LemmyCLI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `preview` command, in each dialect, with a hostile page.
@Suite("lemmy binary, preview")
struct PreviewCommandTests {
    @Test("preview shows a page's title, description, image and type, with the page's text made safe", arguments: LemmyDialect.allCases)
    func preview(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let config = try await TemporaryConfig.loggedIn(server, as: "alice")
            server.publish(
                .article(title: "Evil\u{1B}[2J title\nsecond line", description: "Fine words.", image: "/pic.png"),
                at: "https://news.example/evil")
            let shown = try await LemmyBinary.run(["preview", "https://news.example/evil"], config: config.url)
            #expect(shown.status == 0, "\(shown)")
            // No escape sequence and no added line reach the terminal.
            #expect(!shown.stdout.contains("\u{1B}") && !shown.stdout.contains("title\nsecond"))
            #expect(shown.stdout.contains("Fine words.") && shown.stdout.contains("image: https://news.example/pic.png"))
            #expect(shown.stdout.contains("type: text/html") == (dialect != .v0_18))
            let json = try await LemmyBinary.run(["preview", "https://video.example/watch/5", "--json"], config: config.url)
            let output = try JSONOutput.decoder().decode(PreviewOutput.self, from: Data(json.stdout.utf8))
            #expect(output.title == "Video 5" && output.video == "https://video.example/embed/5")
            let refused = try await LemmyBinary.run(["preview", "ftp://example.com/"], config: config.url)
            #expect(refused.status != 0 && refused.stderr.contains("http or https"), "\(refused)")
            let unreachable = try await LemmyBinary.run(["preview", "https://nowhere.example/"], config: config.url)
            #expect(unreachable.status != 0 && unreachable.stderr.contains("failed to lookup address"), "\(unreachable)")
        }
    }
}
