import ArgumentParser
import LemmyMiddleware

/// `lemmy user NAME`: a person's profile.
struct UserCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Show a person's profile.")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The user name, e.g. alice or alice@lemmy.ml.")
    var name: String

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try await session.loadAccountForBlocks()
        let person = try await session.run("loading u/\(name)") { try await session.client.getPerson(name: name) }
        if output.json {
            try JSONOutput.print(OutputMapping.person(person))
            return
        }
        let renderer = HumanRenderer.forTerminal()
        renderer.emit(renderer.personLines(person))
        if !person.moderatedCommunities.isEmpty {
            Console.out(
                TextFitting.truncate(
                    "moderates: " + person.moderatedCommunities.map { "c/\($0.name)" }.joined(separator: ", "),
                    to: renderer.width))
        }
    }
}
