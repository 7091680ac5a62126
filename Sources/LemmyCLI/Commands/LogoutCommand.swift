import ArgumentParser
import LemmyMiddleware

/// `lemmy logout`: invalidates the token on the server and removes it from the configuration.
struct LogoutCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out: invalidate the token on the server and forget it.")

    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        guard session.client.isAuthenticated else {
            Console.out("Not logged in to \(session.instance); nothing to do.")
            return
        }
        // Forget the token even if the server cannot be told: a stale token on disk is worse
        // than one left to expire on the server.
        var serverFailure: CLIFailure?
        do {
            try await session.client.logout()
        } catch {
            serverFailure = CLIFailure(error, action: "logging out on the server", instance: session.instance)
        }
        var config = session.config
        config.token = nil
        config.username = nil
        try session.store.save(config)
        if let serverFailure, serverFailure.status != .auth {
            Console.err("lemmy: warning: \(serverFailure.message); the token was removed locally")
        }
        Console.out("Logged out of \(session.instance).")
    }
}
