import Foundation
import ArgumentParser
import LemmyMiddleware

/// `lemmy reply ID TEXT`: comments on a post, or replies to a comment with --comment.
struct ReplyCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "reply",
        abstract: "Comment on a post, or reply to a comment with --comment.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The post id (or comment id with --comment).")
    var id: Int

    @Argument(help: "The text (Markdown).")
    var text: String

    @Flag(name: .long, help: "ID is a comment id.")
    var comment = false

    func validate() throws {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw ValidationError("the reply text is empty") }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("replying")
        let api = session.client
        let created: Comment2
        if comment {
            let parent = try await session.run("loading comment \(id)") { try await api.getComment(id: id) }
            created = try await session.run("replying to comment \(id)") { try await parent.reply(text) }
        } else {
            created = try await session.run("commenting on post \(id)") {
                try await api.createComment(postId: id, parentId: nil, content: text)
            }
        }
        if output.json {
            try JSONOutput.print(OutputMapping.comment(created))
            return
        }
        Console.out("Posted comment \(created.id) on post \(created.postId).")
    }
}
