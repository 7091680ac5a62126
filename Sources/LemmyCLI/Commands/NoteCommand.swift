import ArgumentParser
import LemmyMiddleware

/// `lemmy note USER TEXT`, `lemmy note USER --clear`: the account's private note about a person
/// (Lemmy 1.0), shown by `lemmy user`.
struct NoteCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Keep a private note about a person, which only you see (Lemmy 1.0); --clear deletes it.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The user, e.g. alice or alice@lemmy.example.")
    var user: String

    @Argument(help: "The note.")
    var text: String?

    @Flag(name: .long, help: "Delete the note instead.")
    var clear = false

    func validate() throws {
        if clear == (text != nil) { throw ValidationError("Give the note's text, or --clear to delete it.") }
        if let text, text.isEmpty { throw ValidationError("The note is empty: use --clear to delete it.") }
    }

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("noting a person")
        let person = try await session.run("loading u/\(user)") { try await session.client.getPerson(name: user) }
        try await person.setNote(clear ? nil : text).orThrow(action: "noting u/\(user)", instance: session.instance)
        let who = "u/\(HumanRenderer.name(person.name))"
        Console.out(clear ? "Deleted your note about \(who)." : "Saved your note about \(who).")
    }
}
