import ArgumentParser
import LemmyMiddleware

/// `lemmy whoami`: the instance, its version, and the signed-in account.
struct WhoamiCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Show the instance and the signed-in account (checks the token with the server).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        let api = session.client
        let version = try await session.run("contacting the instance") { try await api.serverVersion() }
        var person: Person1?
        var unread: Int?
        if api.isAuthenticated {
            let account = try await session.run("checking the login") { try await api.loadAccount() }
            person = account.person
            unread = account.unread.total
        }
        if output.json {
            try JSONOutput.print(
                WhoamiOutput(
                    instance: session.instance, version: version,
                    user: person.map(OutputMapping.person), unread: unread))
            return
        }
        let style = Style(enabled: ColorPolicy.current())
        if let person {
            Console.out(
                style.bold("u/" + HumanRenderer.name(person.name)) + " on \(session.instance) (Lemmy \(HumanRenderer.name(version)))"
                    + (unread.map { " · \($0) unread" } ?? ""))
        } else {
            Console.out("guest on \(session.instance) (Lemmy \(HumanRenderer.name(version))); run `lemmy login USERNAME` to sign in")
        }
    }
}
