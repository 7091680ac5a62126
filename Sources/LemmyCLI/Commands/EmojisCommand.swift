import ArgumentParser
import Foundation
public import LemmyMiddleware

/// `lemmy emojis`: the instance's custom emojis, by category.
struct EmojisCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "emojis", abstract: "List the instance's custom emojis: shortcode, category, keywords and image.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "Only this category (exact, case-sensitive).")
    var category: String?

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        let emojis = try await session.run("reading the custom emojis") { try await session.client.customEmojis(category: category) }
        let lines = emojis.map(EmojiOutput.init)
        if output.json {
            try JSONOutput.print(lines)
            return
        }
        guard !lines.isEmpty else {
            Console.out(category == nil ? "This instance has no custom emojis." : "No custom emojis in this category.")
            return
        }
        let renderer = HumanRenderer.forTerminal()
        // The instance's text may not add lines or escape sequences.
        func clean(_ text: String) -> String { TerminalText.sanitize(text, keepLayout: false) }
        var shownCategory: String?
        for line in lines {
            if line.category != shownCategory {
                Console.out(renderer.style.bold(line.category.isEmpty ? "(no category)" : clean(line.category)))
                shownCategory = line.category
            }
            let keywords = line.keywords.isEmpty ? "" : renderer.style.dim(" (" + line.keywords.map(clean).joined(separator: ", ") + ")")
            Console.out("  :\(clean(line.shortcode)):" + keywords + " " + renderer.style.dim(clean(line.image)))
        }
    }
}

/// A custom emoji, as `lemmy emojis --json` prints it.
public struct EmojiOutput: Codable, Sendable, Equatable {
    /// The emoji's id on the instance.
    public var id: Int
    /// What stands for it in text, without colons.
    public var shortcode: String
    /// The picker's group.
    public var category: String
    /// Words the picker finds it by.
    public var keywords: [String]
    /// The image's URL.
    public var image: String
    /// The image's description.
    public var altText: String

    /// The output of `emojis` for one emoji.
    public init(_ emoji: CustomEmoji) {
        id = emoji.id
        shortcode = emoji.shortcode
        category = emoji.category
        keywords = emoji.keywords
        image = emoji.imageURL.absoluteString
        altText = emoji.altText
    }
}
