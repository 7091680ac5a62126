import Foundation
import ArgumentParser
import LemmyMiddleware

/// `lemmy edit ID`: edits the account's own post (or comment with --comment).
struct EditCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit your post (--title, --body, --url, --nsfw/--sfw) or comment (--comment --body).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The post id (or comment id with --comment).")
    var id: Int

    @Flag(name: .long, help: "ID is a comment id.")
    var comment = false

    @Option(name: .long, help: "The new title (posts).")
    var title: String?

    @Option(name: .long, help: "The new text (Markdown).")
    var body: String?

    @Option(name: .long, help: "The new link (posts).")
    var url: String?

    @Flag(inversion: .prefixedEnableDisable, help: "Mark the post not safe for work, or not (posts).")
    var nsfw: Bool?

    func validate() throws {
        if comment {
            guard title == nil, url == nil, nsfw == nil else { throw ValidationError("a comment has only --body") }
            guard let body, !body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw ValidationError("give the comment's new --body")
            }
        } else {
            guard title != nil || body != nil || url != nil || nsfw != nil else {
                throw ValidationError("nothing to change: give --title, --body, --url or --enable-nsfw/--disable-nsfw")
            }
            if let title, title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw ValidationError("the title is empty") }
            if let url {
                guard WebLink.parse(url) != nil else { throw ValidationError("--url must be an http or https URL") }
            }
        }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("editing")
        let api = session.client
        if comment {
            let model = try await session.run("loading comment \(id)") { try await api.getComment(id: id) }
            try await model.edit(content: body ?? "").orThrow(action: "editing comment \(id)", instance: session.instance)
            if output.json {
                try JSONOutput.print(OutputMapping.comment(model))
                return
            }
            Console.out("Edited comment \(id).")
        } else {
            let model = try await session.run("loading post \(id)") { try await api.getPost(id: id) }
            try await model.edit(title: title, content: body, url: url.flatMap(URL.init(string:)), nsfw: nsfw)
                .orThrow(action: "editing post \(id)", instance: session.instance)
            if output.json {
                try JSONOutput.print(OutputMapping.post(model))
                return
            }
            // The title is the server's: one line, cut to the terminal.
            Console.out(TextFitting.truncate("Edited post \(id): \(model.title)", to: TerminalWidth.current()))
        }
    }
}
