import ArgumentParser
import LemmyAPI
import LemmyMiddleware

/// `lemmy password forgot|reset`: the "forgot password" email and its link.
struct PasswordCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "password",
        abstract: "Forgot your password: have a reset link emailed, then set a new password with it.",
        subcommands: [PasswordForgotCommand.self, PasswordResetCommand.self])
}

/// `lemmy password forgot ADDRESS`: asks the instance to email a reset link.
struct PasswordForgotCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "forgot", abstract: "Have the instance email a password reset link to ADDRESS.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The account's email address.")
    var address: String

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        do {
            try await session.client.requestPasswordReset(email: address)
        } catch  where error.isUnknownEmail {
            throw CLIFailure("asking for a reset link failed: \(session.instance) has no account with that address", status: .software)
        } catch {
            throw CLIFailure(error, action: "asking for a reset link", instance: session.instance)
        }
        // 1.0 answers alike for an address it does not know.
        Console.out(
            "If \(session.instance) has an account with that address, a reset link is on its way; then run `lemmy password reset LINK`.")
    }
}

/// `lemmy password reset LINK`: sets a new password with the emailed link.
struct PasswordResetCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Set a new password with the emailed reset link (or its token).",
        discussion: """
            The new password (10 to 60 characters) is read twice from the terminal without echo, or once from \
            standard input with --password-stdin. Every session of the account ends: log in again afterwards.
            """)

    @OptionGroup var client: ClientOptions

    @Argument(help: "The link from the email, or the token at its end.")
    var link: String

    @Flag(name: .long, help: "Read the new password from the first line of standard input.")
    var passwordStdin = false

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let action = "setting a new password"
        let session = try Session(client)
        let token = try EmailLinkArgument.token(link, expecting: .passwordChange, instance: session.url, action: action)
        let password = try newPassword(action: action)
        do {
            try await session.client.completePasswordReset(token: token, newPassword: password)
        } catch  where error.lemmyCode == .invalidPassword {
            throw CLIFailure("\(action) failed: Lemmy takes passwords of 10 to 60 characters", status: .usage)
        } catch {
            throw CLIFailure(
                linkError: error, action: action, instance: session.instance,
                renew: "ask for a new one with `lemmy password forgot ADDRESS`")
        }
        Console.out("Password changed on \(session.instance); every session of the account ended. Log in with `lemmy login USERNAME`.")
    }

    /// The new password: one line of standard input, or typed twice.
    private func newPassword(action: String) throws(CLIFailure) -> String {
        if passwordStdin { return try PasswordReader.fromStandardInput(action: action) }
        let first = try PasswordReader.fromTerminal(prompt: "New password: ", action: action)
        let second = try PasswordReader.fromTerminal(prompt: "Again: ", action: action)
        guard first == second else { throw CLIFailure("\(action) failed: the two passwords differ", status: .usage) }
        return first
    }
}
