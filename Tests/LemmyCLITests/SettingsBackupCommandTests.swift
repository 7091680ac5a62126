import Foundation
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The built binary's `settings export` and `settings import`. In the tiny seed alice is person 2,
/// bob 3, carol 4.
@Suite("lemmy binary, settings backup")
struct SettingsBackupCommandTests {
    /// A server without Lemmy's one-a-day limit on backups.
    private func unlimited(_ dialect: LemmyDialect) -> LemmyTestServer.Configuration {
        var configuration = LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)
        configuration.settingsBackupRateLimit = nil
        return configuration
    }

    @Test(
        "export writes a private file it never overwrites; import brings its blocks into another account",
        arguments: [LemmyDialect.v0_19, .v1_0])
    func exportAndImport(dialect: LemmyDialect) async throws {
        try await withServer(unlimited(dialect)) { server in
            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            let bob = try await TemporaryConfig.loggedIn(server, as: "bob")
            try server.store.with { db in db.users[2, default: UserState()].blockedPersons[4] = 0 }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("backup.json").path

            let exported = try await LemmyBinary.run(["settings", "export", "--output", file], config: alice.url)
            #expect(exported.status == 0, "\(exported)")
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            let written = try Data(contentsOf: URL(fileURLWithPath: file))
            #expect(try JSONSerialization.jsonObject(with: written) is [String: Any])

            let again = try await LemmyBinary.run(["settings", "export", "--output", file], config: alice.url)
            #expect(again.status == 64, "\(again)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == written)

            let imported = try await LemmyBinary.run(["settings", "import", file], config: bob.url)
            #expect(imported.status == 0 && imported.stdout.contains("Imported"), "\(imported)")
            #expect(try server.store.with { db in db.users[3]?.blockedPersons[4] != nil })
        }
    }

    @Test("export to a file that exists fails before asking the server, so the day's one export is not used up")
    func existingFileUsesNoExport() async throws {
        var configuration = LemmyTestServer.Configuration(dialect: .v0_19, scale: .tiny)
        configuration.settingsBackupRateLimit = .importUserSettings
        try await withServer(configuration) { server in
            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let taken = directory.appendingPathComponent("taken.json").path
            try Data("keep".utf8).write(to: URL(fileURLWithPath: taken))
            let refused = try await LemmyBinary.run(["settings", "export", "-o", taken], config: alice.url)
            #expect(refused.status == 64, "\(refused)")
            let missingFolder = directory.appendingPathComponent("no/such/folder.json").path
            #expect(try await LemmyBinary.run(["settings", "export", "-o", missingFolder], config: alice.url).status == 64)
            let written = try await LemmyBinary.run(
                ["settings", "export", "-o", directory.appendingPathComponent("new.json").path], config: alice.url)
            #expect(written.status == 0, "\(written)")
            // The day's one is used now: the next is refused as temporary, and leaves no file.
            let second = directory.appendingPathComponent("second.json").path
            let limited = try await LemmyBinary.run(["settings", "export", "-o", second], config: alice.url)
            #expect(limited.status == 75 && limited.stderr.contains("one export or import a day"), "\(limited)")
            #expect(!FileManager.default.fileExists(atPath: second))
        }
    }

    @Test("export to standard output is the backup's JSON, with the characters a terminal acts on escaped")
    func exportToStandardOutput() async throws {
        try await withServer(unlimited(.v0_19)) { server in
            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            try server.store.with { db in db.persons[1].bio = "Hi \u{9B}31m there" }
            let exported = try await LemmyBinary.run(["settings", "export"], config: alice.url)
            #expect(exported.status == 0, "\(exported)")
            #expect(!exported.stdout.unicodeScalars.contains("\u{9B}"))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any])
            #expect(object["bio"] as? String == "Hi \u{9B}31m there")
        }
    }

    @Test("import refuses a file that is not a backup (65) or cannot be read (64); 0.18 has no backups")
    func refusals() async throws {
        try await withServer(unlimited(.v0_19)) { server in
            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString + ".json")
            try Data("[1, 2]".utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let notBackup = try await LemmyBinary.run(["settings", "import", file.path], config: alice.url)
            #expect(notBackup.status == 65, "\(notBackup)")
            let missing = try await LemmyBinary.run(["settings", "import", file.path + ".missing"], config: alice.url)
            #expect(missing.status == 64, "\(missing)")
        }
        try await withServer(.v0_18) { server in
            let alice = try await TemporaryConfig.loggedIn(server, as: "alice")
            let exported = try await LemmyBinary.run(["settings", "export"], config: alice.url)
            #expect(exported.status == 76 && exported.stderr.contains("0.19"), "\(exported)")
        }
    }
}
