import ArgumentParser
import Foundation
import LemmyMiddleware

/// `lemmy settings export [--output FILE]`: the account's settings backup (Lemmy 0.19 and later).
struct SettingsExportCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the account's backup (settings, follows, saves, blocks) as JSON, to FILE or standard output.",
        discussion:
            "The backup holds the account's email address: FILE is created readable by you alone, and never overwritten. Lemmy allows one export or import a day from one address by default."
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
        guard let output else {
            let backup = try await fetch(session)
            // As JSON it is, with the characters a terminal acts on escaped: the same value.
            Console.outJSON(JSONOutput.escapedForTerminal(String(decoding: backup.json, as: UTF8.self)))
            return
        }
        // Created before the request: Lemmy allows one export a day, which a path that cannot
        // take the file must not use up.
        let file: PrivateFile
        do { file = try PrivateFile(creating: output) } catch {
            throw CLIFailure("exporting the settings failed: cannot create \(output) (\(error))", status: .usage)
        }
        let backup: SettingsBackup
        do { backup = try await fetch(session) } catch {
            file.remove()
            throw error
        }
        do { try file.write(backup.json) } catch {
            throw CLIFailure("exporting the settings failed: cannot write \(output) (\(error))", status: .software)
        }
        Console.out("Wrote the backup of your account on \(session.instance) to \(output).")
    }

    @MainActor
    private func fetch(_ session: Session) async throws(CLIFailure) -> SettingsBackup {
        do { return try await session.client.exportSettings() } catch {
            throw CLIFailure(backup: error, action: "exporting the settings", instance: session.instance)
        }
    }
}

extension CLIFailure {
    /// ``init(_:action:instance:)`` for a backup's export or import, whose rate limit is a day's.
    init(backup error: ApiClientError, action: String, instance: String) {
        guard error.kind == .rateLimited else {
            self.init(error, action: action, instance: instance)
            return
        }
        self.init(
            "\(action) failed: \(instance) allows one export or import a day from one address; try again tomorrow", status: .temporary)
    }
}

/// `lemmy settings import FILE`: imports a backup into the account.
struct SettingsImportCommand: AsyncParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a backup written by `lemmy settings export` (or Lemmy's web interface) into the account.",
        discussion:
            "Lemmy writes the texts and settings at once, and adds the follows, saves and blocks in the background: `lemmy whoami` shows them once it is done. Lemmy allows one export or import a day from one address by default."
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
        let data = try read()
        let backup: SettingsBackup
        do { backup = try SettingsBackup(json: data) } catch {
            throw CLIFailure(
                "importing the settings failed: \(file) is not a settings backup (\(CLIFailure.shorten(error.reason ?? "")))",
                status: .badData)
        }
        let outcome: SettingsImport
        do { outcome = try await session.client.importSettings(backup) } catch {
            throw CLIFailure(backup: error, action: "importing the settings", instance: session.instance)
        }
        Console.out(
            "Imported \(file) into your account on \(session.instance); Lemmy adds its follows, saves and blocks in the background.")
        if outcome.leftOutSettings {
            Console.out("Its settings were left out: they are another Lemmy version's, which this instance would refuse.")
        }
    }

    /// The file's bytes, refusing more than Lemmy reads before reading them all (a pipe or
    /// a device could be endless).
    private func read() throws(CLIFailure) -> Data {
        let limit = SettingsBackup.maximumImportBytes
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
            defer { try? handle.close() }
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else {
                throw CLIFailure(
                    "importing the settings failed: \(file) is larger than the \(limit >> 20) MiB Lemmy reads", status: .badData)
            }
            return data
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            let reason = CLIFailure.shorten(error.localizedDescription)
            throw CLIFailure("importing the settings failed: cannot read \(file) (\(reason))", status: .usage)
        }
    }
}
