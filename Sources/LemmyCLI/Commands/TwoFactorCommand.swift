import ArgumentParser
import Foundation
import LemmyMiddleware

/// `lemmy 2fa setup|enable CODE|disable CODE`: two-factor login for the logged-in account.
struct TwoFactorCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "2fa",
        abstract: "Set up two-factor login: `setup` makes a secret, `enable CODE` turns it on, `disable CODE` off.",
        subcommands: [TwoFactorSetupCommand.self, TwoFactorEnableCommand.self, TwoFactorDisableCommand.self])
}

/// `lemmy 2fa setup`: makes a secret and prints it for an authenticator app.
struct TwoFactorSetupCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "setup",
        abstract: "Make a new two-factor secret and print it for an authenticator app (Lemmy 0.18 turns it on at once).")

    @OptionGroup var client: ClientOptions

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("setting up two-factor login")
        let setup = try await session.run("making a two-factor secret") { try await session.client.beginTwoFactorSetup() }
        Console.out("Add this secret to an authenticator app (or open the URL on the phone that has it):")
        Console.out("  secret: \(setup.secret)")
        Console.out("  url:    \(setup.url.absoluteString)")
        if setup.isEnabled {
            Console.out("Two-factor login is ON already (Lemmy 0.18): the next login asks for a code.")
        } else {
            Console.out("Then turn it on with: lemmy 2fa enable CODE")
        }
    }
}

/// `lemmy 2fa enable CODE`.
struct TwoFactorEnableCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "enable", abstract: "Turn two-factor login on with a code from the secret of `lemmy 2fa setup`.")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The 6-digit code the authenticator app shows.")
    var code: String

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await TwoFactorSwitch.set(true, code: code, client: client) }
    }
}

/// `lemmy 2fa disable CODE`.
struct TwoFactorDisableCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "disable", abstract: "Turn two-factor login off (Lemmy 0.19 and later check the code; 0.18 does not).")

    @OptionGroup var client: ClientOptions

    @Argument(help: "The 6-digit code the authenticator app shows.")
    var code: String

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await TwoFactorSwitch.set(false, code: code, client: client) }
    }
}

/// What `2fa enable` and `2fa disable` do.
enum TwoFactorSwitch {
    @MainActor
    static func set(_ enabled: Bool, code: String, client: ClientOptions) async throws(CLIFailure) {
        let session = try Session(client)
        let action = enabled ? "turning two-factor login on" : "turning two-factor login off"
        try session.requireLogin(action)
        try await session.run(action) {
            if enabled {
                try await session.client.enableTwoFactor(code: code)
            } else {
                try await session.client.disableTwoFactor(code: code)
            }
        }
        Console.out(enabled ? "Two-factor login is on: logins ask for a code (lemmy login --totp CODE)." : "Two-factor login is off.")
    }
}
