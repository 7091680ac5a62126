import ArgumentParser
public import Foundation
import LemmyMiddleware

/// `lemmy logins`: the account's live logins (Lemmy 0.19 and later).
struct LoginsCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "logins", abstract: "List the account's live logins: when, from where, with which app (Lemmy 0.19+).")

    @OptionGroup var client: ClientOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("listing logins")
        let logins = try await session.run("loading logins") { try await session.client.logins() }
        let lines = logins.map { LoginsOutput.Login(created: $0.created, ip: $0.ip, userAgent: $0.userAgent) }
        if output.json {
            try JSONOutput.print(LoginsOutput(logins: lines))
            return
        }
        let renderer = HumanRenderer.forTerminal()
        Console.out(renderer.style.bold("Logins") + renderer.style.dim(" (\(lines.count))"))
        for login in lines {
            let when = login.created.formatted(date: .abbreviated, time: .shortened)
            // One line per login: the server's text may not add lines (nor the style sequences
            // that ``Console`` lets through).
            let ip = login.ip.map { TerminalText.sanitize($0, keepLayout: false) } ?? "-"
            let agent = login.userAgent.map { TerminalText.sanitize($0, keepLayout: false) } ?? renderer.style.dim("(no user agent)")
            Console.out("\(when)  \(ip)  \(agent)")
        }
    }
}

/// The account's logins, as `lemmy logins --json` prints them.
public struct LoginsOutput: Codable, Sendable, Equatable {
    /// One login.
    public struct Login: Codable, Sendable, Equatable {
        /// When it happened.
        public var created: Date
        /// The address the server recorded.
        public var ip: String?
        /// The app's `User-Agent`.
        public var userAgent: String?

        /// Makes a line (tests build expected output with it).
        public init(created: Date, ip: String?, userAgent: String?) {
            self.created = created
            self.ip = ip
            self.userAgent = userAgent
        }
    }

    /// In the order the server lists them (oldest first on Lemmy).
    public var logins: [Login]

    /// Makes the output (tests build expected output with it).
    public init(logins: [Login]) { self.logins = logins }
}
