import Foundation
import LemmyCLI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `emojis` command, in each dialect, with an emoji whose text is hostile.
@Suite("lemmy binary, emojis")
struct EmojisCommandTests {
    @Test(
        "emojis lists each category's emojis with their keywords and image, the instance's text made safe", arguments: LemmyDialect.allCases
    )
    func emojis(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let config = try await TemporaryConfig.loggedIn(server, as: "alice")
            let empty = try await LemmyBinary.run(["emojis"], config: config.url)
            #expect(empty.status == 0 && empty.stdout.contains("no custom emojis"), "\(empty)")
            let admin = try await ApiClient.login(to: server.baseURL, username: "admin", password: "password")
            _ = try await admin.createCustomEmoji(
                shortcode: "wave", imageURL: URL(string: "https://emoji.example/wave.png")!, altText: "A hand", category: "Hands",
                keywords: ["hello", "bye"])
            _ = try await admin.createCustomEmoji(
                shortcode: "evil\u{1B}[2jx", imageURL: URL(string: "https://emoji.example/evil.png")!, altText: "",
                category: "Bad\nline")
            let shown = try await LemmyBinary.run(["emojis"], config: config.url)
            #expect(shown.status == 0, "\(shown)")
            // No escape sequence and no added line reach the terminal.
            #expect(!shown.stdout.contains("\u{1B}") && !shown.stdout.contains("Bad\nline"))
            #expect(shown.stdout.contains(":wave:") && shown.stdout.contains("bye, hello"))
            #expect(shown.stdout.contains("https://emoji.example/wave.png"))
            let json = try await LemmyBinary.run(["emojis", "--category", "Hands", "--json"], config: config.url)
            let output = try JSONOutput.decoder().decode([EmojiOutput].self, from: Data(json.stdout.utf8))
            #expect(output.map(\.shortcode) == ["wave"] && output.first?.keywords == ["bye", "hello"])
        }
    }
}
