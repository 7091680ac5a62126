import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// ``ApiClient/exportSettings()`` and ``ApiClient/importSettings(_:)`` against the test server,
/// which writes and reads the backup as each Lemmy version does.
@Suite("Settings backup")
@MainActor
struct SettingsBackupTests {
    /// A server of `dialect` with or without Lemmy's one-a-day limit on backups.
    private func configuration(_ dialect: LemmyDialect, limited: Bool = false) -> LemmyTestServer.Configuration {
        var configuration = LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)
        if !limited { configuration.settingsBackupRateLimit = nil }
        return configuration
    }

    @Test(
        "A backup exported by one account, saved as a file and imported by another brings its blocks and texts",
        arguments: [LemmyDialect.v0_19, .v1_0])
    func roundTrip(dialect: LemmyDialect) async throws {
        try await withServer(configuration(dialect)) { server in
            let alice = try await login(server, "alice")
            #expect(await try alice.getPerson(id: 4).person1.toggleBlock() == .confirmed)
            let exported = try await alice.exportSettings()
            // As a file and back: the same backup.
            let file = exported.json
            let backup = try SettingsBackup(json: file)
            #expect(backup == exported)
            let bob = try await login(server, "bob")
            let account = try await bob.loadAccount()
            #expect(!account.blockedPersonIds.contains(4))
            try await bob.importSettings(backup)
            // The test server applies the lists before it answers (Lemmy after), and the import
            // reloads the account.
            #expect(account.blockedPersonIds.contains(4))
        }
    }

    @Test("0.18 has no backups: unavailableInVersion, without a request")
    func unavailableOn018() async throws {
        try await withServer(configuration(.v0_18)) { server in
            let loader = GatingLoader()
            let alice = try await login(server, "alice", loader: loader)
            _ = try await alice.getSite()
            let sent = loader.requestedPaths.count
            let backup = try SettingsBackup(json: Data("{}".utf8))
            for call in [{ _ = try await alice.exportSettings() }, { try await alice.importSettings(backup) }] as [() async throws -> Void]
            {
                let error = await #expect(throws: ApiClientError.self) { try await call() }
                #expect(error?.kind == .unavailableInVersion)
            }
            #expect(loader.requestedPaths.count == sent)
        }
    }

    @Test("A second backup call within Lemmy's daily limit fails as rate limited", arguments: [LemmyDialect.v0_19, .v1_0])
    func rateLimited(dialect: LemmyDialect) async throws {
        try await withServer(configuration(dialect, limited: true)) { server in
            let alice = try await login(server, "alice")
            let backup = try await alice.exportSettings()
            let error = await #expect(throws: ApiClientError.self) { try await alice.importSettings(backup) }
            #expect(error?.kind == .rateLimited)
        }
    }

    @Test("A file that is not one JSON object is refused as undecodable")
    func malformedFile() throws {
        for text in ["[1, 2]", "\"backup\"", "{\"display_name\": ", ""] {
            #expect(throws: ApiClientError.self, "\(text)") { try SettingsBackup(json: Data(text.utf8)) }
        }
        let backup = try SettingsBackup(json: Data(#"{"bio": null, "saved_posts": ["https://a.example/post/1"], "id": 2}"#.utf8))
        #expect(String(decoding: backup.json, as: UTF8.self) == #"{"bio":null,"id":2,"saved_posts":["https://a.example/post/1"]}"#)
    }
}
