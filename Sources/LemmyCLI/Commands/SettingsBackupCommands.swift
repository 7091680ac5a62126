import ArgumentParser
import Foundation
import LemmyMiddleware

/// `lemmy settings export [--output FILE]`: the account's settings backup (Lemmy 0.19 and later).
struct SettingsExportCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the account's backup (settings, follows, saves, blocks) as JSON, to FILE or standard output.",
        discussion:
            "The backup holds the account's email address: FILE is created readable by you alone, and never overwritten. Lemmy allows one export or import a day by default."
    )

    @OptionGroup var client: ClientOptions

    @Option(name: .shortAndLong, help: "The file to create (it must not exist yet).")
    var output: String?

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("exporting the settings")
        let backup = try await session.run("exporting the settings") { try await session.client.exportSettings() }
        guard let output else {
            // As JSON it is, with the characters a terminal acts on escaped: the same value.
            Console.outJSON(JSONOutput.escapedForTerminal(String(decoding: backup.json, as: UTF8.self)))
            return
        }
        do {
            try ConfigStore.writePrivately(backup.json, to: output)
        } catch {
            throw CLIFailure("exporting the settings failed: cannot create \(output) (\(error))", status: .usage)
        }
        Console.out("Wrote the backup of \(session.instance) to \(output).")
    }
}

/// `lemmy settings import FILE`: imports a backup into the account.
struct SettingsImportCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a backup written by `lemmy settings export` (or Lemmy's web interface) into the account.",
        discussion:
            "Lemmy writes the texts and settings at once, and adds the follows, saves and blocks in the background: `lemmy whoami` shows them once it is done."
    )

    @OptionGroup var client: ClientOptions

    @Argument(help: "The backup file (JSON).")
    var file: String

    func run() async throws {
        try await CommandRunner.run { () throws(CLIFailure) in try await execute() }
    }

    @MainActor
    private func execute() async throws(CLIFailure) {
        let session = try Session(client)
        try session.requireLogin("importing the settings")
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            let reason = CLIFailure.shorten(error.localizedDescription)
            throw CLIFailure("importing the settings failed: cannot read \(file) (\(reason))", status: .usage)
        }
        let backup: SettingsBackup
        do { backup = try SettingsBackup(json: data) } catch {
            throw CLIFailure("importing the settings failed: \(file) is not a settings backup (one JSON object)", status: .badData)
        }
        try await session.run("importing the settings") { try await session.client.importSettings(backup) }
        Console.out(
            "Imported \(file) into your account on \(session.instance); Lemmy adds its follows, saves and blocks in the background.")
    }
}
