import ArgumentParser
import Foundation
public import LemmyMiddleware

/// `lemmy preview URL`: a link's preview as the instance reads it from the page.
struct PreviewCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a link's preview as the instance reads it: title, description, image, video, type (login on 0.19+).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The http or https link.")
    var url: String

    func validate() throws {
        guard WebLink.parse(url) != nil else { throw ValidationError("the link must be an http or https URL") }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        guard let link = WebLink.parse(url) else { throw CLIFailure("the link must be an http or https URL", status: .usage) }
        let preview = try await session.run("reading the link's preview") { try await session.client.linkPreview(for: link) }
        let lines = PreviewOutput(preview)
        if output.json {
            try JSONOutput.print(lines)
            return
        }
        let renderer = HumanRenderer.forTerminal()
        // The page is anyone's: its text may not add lines or escape sequences.
        func clean(_ text: String) -> String { TerminalText.sanitize(text, keepLayout: false) }
        Console.out(renderer.style.bold(lines.title.map(clean) ?? "(no title)"))
        if let summary = lines.summary { Console.out(clean(summary)) }
        if let image = lines.image {
            Console.out(renderer.style.dim("image: ") + clean(image) + (lines.imageSize.map { " (\($0))" } ?? ""))
        }
        if let video = lines.video {
            Console.out(renderer.style.dim("video: ") + clean(video) + (lines.videoSize.map { " (\($0))" } ?? ""))
        }
        if let type = lines.contentType { Console.out(renderer.style.dim("type: ") + type) }
    }
}

/// A link's preview, as `lemmy preview --json` prints it.
public struct PreviewOutput: Codable, Sendable, Equatable {
    /// The page's title.
    public var title: String?
    /// Its description.
    public var summary: String?
    /// Its image's URL.
    public var image: String?
    /// The image's size, `WIDTHxHEIGHT` (Lemmy 1.0).
    public var imageSize: String?
    /// A video player's URL.
    public var video: String?
    /// The video's size, `WIDTHxHEIGHT` (Lemmy 1.0).
    public var videoSize: String?
    /// The page's media type (Lemmy 0.19+).
    public var contentType: String?

    /// The output of `preview`.
    public init(_ preview: LinkPreview) {
        title = preview.title
        summary = preview.summary
        image = preview.imageURL?.absoluteString
        imageSize = preview.imageSize.map { "\($0.width)x\($0.height)" }
        video = preview.embedVideoURL?.absoluteString
        videoSize = preview.videoSize.map { "\($0.width)x\($0.height)" }
        contentType = preview.contentType
    }
}
