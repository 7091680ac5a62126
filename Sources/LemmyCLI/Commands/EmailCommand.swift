import ArgumentParser
import LemmyMiddleware

/// `lemmy email verify|resend`: the link that confirms an account's address after sign-up.
struct EmailCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "email",
        abstract: "Confirm an account's email address with the emailed link, or have it sent again (Lemmy 1.0).",
        subcommands: [EmailVerifyCommand.self, EmailResendCommand.self])
}

/// `lemmy email verify LINK`: confirms the address.
struct EmailVerifyCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "verify", abstract: "Confirm an email address with the emailed verification link (or its token).")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The link from the email, or the token at its end.")
    var link: String

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let action = "verifying the email address"
        let session = try Session(client)
        let token = try EmailLinkArgument.token(link, expecting: .verifyEmail, instance: session.url, action: action)
        do {
            try await session.client.verifyEmail(token: token)
        } catch {
            throw CLIFailure(
                linkError: error, action: action, instance: session.instance,
                renew: "on Lemmy 1.0, `lemmy email resend ADDRESS` sends a new one")
        }
        Console.out("Email address verified on \(session.instance); log in with `lemmy login USERNAME`.")
    }
}

/// `lemmy email resend ADDRESS`: a new verification link (Lemmy 1.0).
struct EmailResendCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "resend", abstract: "Have the instance email a new verification link to ADDRESS (Lemmy 1.0).")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The account's email address.")
    var address: String

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try await session.run("asking for a new verification link") {
            try await session.client.resendVerificationEmail(email: address)
        }
        // Lemmy answers alike whether it sent one.
        Console.out("If an account on \(session.instance) with that address still needs verifying, a new link is on its way.")
    }
}
