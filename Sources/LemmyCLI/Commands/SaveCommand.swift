import ArgumentParser
import LemmyMiddleware

/// `lemmy save ID`: saves (or with --undo unsaves) a post or comment.
struct SaveCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "save",
        abstract: "Save a post (or a comment with --comment); --undo unsaves.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The post id (or comment id with --comment).")
    var id: Int

    @Flag(name: .long, help: "ID is a comment id.")
    var comment = false

    @Flag(name: .long, help: "Unsave instead.")
    var undo = false

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("saving")
        let kind = comment ? "comment" : "post"
        let action = "\(undo ? "unsaving" : "saving") \(kind) \(id)"
        if comment {
            let model = try await session.run("loading comment \(id)") { try await session.client.getComment(id: id) }
            if model.saved == undo { try await model.toggleSave().orThrow(action: action, instance: session.instance) }
        } else {
            let model = try await session.run("loading post \(id)") { try await session.client.getPost(id: id) }
            if model.saved == undo { try await model.toggleSave().orThrow(action: action, instance: session.instance) }
        }
        Console.out("\(undo ? "Unsaved" : "Saved") \(kind) \(id).")
    }
}
