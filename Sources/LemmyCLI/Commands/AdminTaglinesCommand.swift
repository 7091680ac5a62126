import ArgumentParser
import LemmyMiddleware

/// `lemmy admin taglines [--add TEXT | --edit ID --text TEXT | --delete ID]`: lists the site's
/// taglines, after the change asked for (admins).
struct AdminTaglinesCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "taglines",
        abstract: "List the site's taglines, or add, edit or delete one first (admins; before 1.0 every change renumbers them).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Option(name: .long, help: "Add a tagline with this text.")
    var add: String?

    @Option(name: .long, help: "Change the text of the tagline with this id (with --text).")
    var edit: Int?

    @Option(name: .long, help: "The new text for --edit.")
    var text: String?

    @Option(name: .long, help: "Delete the tagline with this id.")
    var delete: Int?

    func validate() throws {
        let changes = [add != nil, edit != nil, delete != nil].filter { $0 }.count
        if changes > 1 { throw ValidationError("--add, --edit and --delete exclude each other") }
        if (edit == nil) != (text == nil) { throw ValidationError("--edit takes --text, and --text is for --edit") }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        let api = session.client
        if let add {
            try session.requireLogin("adding a tagline")
            _ = try await session.run("adding a tagline") { try await api.addTagline(add) }
        } else if let edit, let text {
            try session.requireLogin("editing a tagline")
            _ = try await session.run("editing tagline \(edit)") { try await api.editTagline(edit, content: text) }
        } else if let delete {
            try session.requireLogin("deleting a tagline")
            try await session.run("deleting tagline \(delete)") { try await api.deleteTagline(delete) }
        }
        let taglines = try await session.run("loading the taglines") { try await api.taglines() }
        if output.json {
            try JSONOutput.print(taglines.map { TaglineOutput(id: $0.id, content: $0.content) })
            return
        }
        if taglines.isEmpty { Console.out("The site has no taglines.") }
        for tagline in taglines { Console.out("\(tagline.id)  \(TextFitting.truncate(tagline.content, to: 200))") }
    }
}

/// One line of `lemmy admin taglines --json`.
struct TaglineOutput: Encodable {
    var id: Int
    var content: String
}
