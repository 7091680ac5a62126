import Foundation
import ArgumentParser
import LemmyMiddleware

/// `lemmy submit COMMUNITY TITLE`: creates a post, optionally uploading an image for it first.
struct SubmitCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "submit",
        abstract: "Create a post in a community (--body, --url, --nsfw, or --image FILE to upload and post).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The community's name (name or name@instance).")
    var community: String

    @Argument(help: "The post's title.")
    var title: String

    @Option(name: .long, help: "The post's text (Markdown).")
    var body: String?

    @Option(name: .long, help: "The link of the post.")
    var url: String?

    @Option(name: .long, help: "An image file to upload and post (png, jpeg, gif or webp).")
    var image: String?

    @Option(name: .long, help: "The image's description for screen readers (Lemmy 0.19 and later).")
    var alt: String?

    @Flag(name: .long, help: "Mark the post not safe for work.")
    var nsfw = false

    @Option(name: .customLong("tag"), help: "A tag the community offers, by name (repeat for more; Lemmy 1.0).")
    var tags: [String] = []

    func validate() throws {
        guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw ValidationError("the title is empty") }
        if url != nil && image != nil { throw ValidationError("give --url or --image, not both") }
        if let url {
            guard WebLink.parse(url) != nil else { throw ValidationError("--url must be an http or https URL") }
        }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("posting")
        let api = session.client
        var link = url.flatMap(URL.init(string:))
        if let image {
            let file = URL(fileURLWithPath: image)
            let data: Data
            do { data = try Data(contentsOf: file) } catch {
                throw CLIFailure("posting failed: cannot read \(image) (\(CLIFailure.shorten(error.localizedDescription)))", status: .usage)
            }
            // The upload reports only its start and end (see ImageUploadProgress): one line while it runs.
            let progress = ProgressLine()
            let uploaded = try await session.run("uploading \(file.lastPathComponent)") {
                try await api.uploadImage(data: data, filename: file.lastPathComponent, mimeType: Self.mimeType(of: file)) { step in
                    if step.bytesSent == 0 { progress.update("uploading \(file.lastPathComponent) (\(step.totalBytes) bytes)") }
                }
            }
            progress.finish()
            link = uploaded.url
        }
        let target = try await session.run("loading community \(community)") { try await api.getCommunity(name: community) }
        let tagIds = try tagIds(offered: target.tags)
        let post = try await session.run("posting to \(community)") {
            try await api.createPost(communityId: target.id, title: title, body: body, url: link, altText: alt, nsfw: nsfw, tags: tagIds)
        }
        if output.json {
            try JSONOutput.print(OutputMapping.post(post))
            return
        }
        Console.out("Posted \(post.id) in \(community)" + (link.map { ": \($0.absoluteString)" } ?? "."))
    }

    /// The ids of the `--tag` names among the tags the community offers: the tag of that exact
    /// name, else the one tag whose name or shown name matches in any case; a usage failure
    /// naming those it offers for anything else (Lemmy's names differ by case).
    private func tagIds(offered: [PostTag]) throws(CLIFailure) -> [Int] {
        let available = offered.filter { !$0.isDeleted }
        let names = available.isEmpty ? "none; tags need Lemmy 1.0" : available.map(\.name).joined(separator: ", ")
        return try tags.map { (wanted: String) throws(CLIFailure) -> Int in
            if let exact = available.first(where: { $0.name == wanted }) { return exact.id }
            let key = wanted.lowercased()
            let loose = available.filter { $0.name.lowercased() == key || $0.displayName.lowercased() == key }
            guard loose.count == 1, let tag = loose.first else {
                let problem = loose.isEmpty ? "offers no tag" : "has more than one tag like"
                throw CLIFailure(
                    "posting failed: \(community) \(problem) `\(CLIFailure.shorten(wanted))` (its tags: \(names))", status: .usage)
            }
            return tag.id
        }
    }

    /// The file's type from its extension (the server checks the bytes themselves).
    static func mimeType(of file: URL) -> String {
        switch file.pathExtension.lowercased() {
        case "png": "image/png"
        case "gif": "image/gif"
        case "webp": "image/webp"
        default: "image/jpeg"
        }
    }
}
