import ArgumentParser
import LemmyMiddleware

/// `lemmy warn --post ID REASON`, `lemmy warn --comment ID REASON`: a moderator's warning to the
/// author (Lemmy 1.0), recorded in the modlog and shown in the author's inbox.
struct WarnCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "warn",
        abstract: "Warn the author of a post or comment, as its community's moderator (Lemmy 1.0).")

    @OptionGroup var client: ClientOptions

    @Option(name: .long, help: "The post whose author to warn.")
    var post: Int?

    @Option(name: .long, help: "The comment whose author to warn.")
    var comment: Int?

    @Argument(help: "The reason, which the author sees.")
    var reason: String

    func validate() throws {
        if (post == nil) == (comment == nil) { throw ValidationError("Give one of --post ID or --comment ID.") }
        if reason.isEmpty { throw ValidationError("The reason is empty.") }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("warning an author")
        let api = session.client
        let author: String
        if let post {
            let model = try await session.run("loading post \(post)") { try await api.getPost(id: post) }
            try await session.run("warning the author of post \(post)") { try await model.warn(reason: reason) }
            author = model.creator.name
        } else if let comment {
            let model = try await session.run("loading comment \(comment)") { try await api.getComment(id: comment) }
            try await session.run("warning the author of comment \(comment)") { try await model.warn(reason: reason) }
            author = model.creator.name
        } else {
            return
        }
        Console.out("Warned u/\(HumanRenderer.name(author)).")
    }
}
