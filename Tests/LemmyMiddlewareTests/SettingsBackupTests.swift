import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
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
            #expect(try await alice.getPerson(id: 4).person1.toggleBlock() == .confirmed)
            try server.store.with { db in db.persons[1].displayName = "Alice of the Backup" }
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
            #expect(account.person?.displayName == "Alice of the Backup")
        }
    }

    @Test("A 1.0 backup imports into 0.19 without its settings, which 0.19 would refuse, and says so")
    func acrossVersions() async throws {
        let backup = try await withServer(configuration(.v1_0)) { server in try await login(server, "alice").exportSettings() }
        try await withServer(configuration(.v0_19)) { server in
            let bob = try await login(server, "bob")
            let outcome = try await bob.importSettings(backup)
            #expect(outcome.leftOutSettings)
            // Its own backup keeps its settings.
            #expect(try await !bob.importSettings(try await bob.exportSettings()).leftOutSettings)
        }
    }

    @Test("A refusal after part was written (0.19's too_many_items) still reloads the account")
    func reloadAfterRefusal() async throws {
        try await withServer(configuration(.v0_19)) { server in
            let alice = try await login(server, "alice")
            let account = try await alice.loadAccount()
            let urls = (0...10_000).map { LemmyJSONValue.string("https://remote.example/post/\($0)") }
            let json = try JSONEncoder().encode(
                LemmyJSONValue.object(["display_name": .string("Written First"), "saved_posts": .array(urls)]))
            let error = await #expect(throws: ApiClientError.self) { try await alice.importSettings(try SettingsBackup(json: json)) }
            #expect(error?.lemmyCode?.code == "too_many_items")
            #expect(account.person?.displayName == "Written First")
        }
    }

    @Test("A hostile export (deeply nested, not an object) is a decoding error; a failed export is not retried")
    func hostileExport() async throws {
        try await withServer(configuration(.v0_19)) { server in
            let alice = try await login(server, "alice")
            _ = try await alice.getSite()
            for depth in [40, 300, 600] {
                let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
                server.faults.add(
                    FaultRule(.rewriteBody(pattern: "^\\{", replacement: "{\"deep\":\(nested),"), route: "/user/export_settings", count: 1))
                let error = await #expect(throws: ApiClientError.self) { try await alice.exportSettings() }
                #expect(error?.kind == .decoding, "\(depth)")
            }
            server.faults.add(FaultRule(.rewriteBody(pattern: "^\\{.*\\}$", replacement: "[1]"), route: "/user/export_settings", count: 1))
            let array = await #expect(throws: ApiClientError.self) { try await alice.exportSettings() }
            #expect(array?.kind == .decoding)
            // One 503, then answers: the default chain's retry would have hidden it (and, on a
            // real server, used up the day's allowance).
            let retrying = try await ApiClient.login(to: server.baseURL, username: "alice", password: "password")
            server.faults.add(FaultRule(.status(code: 503, error: "unavailable"), route: "/user/export_settings", count: 1))
            await #expect(throws: ApiClientError.self) { try await retrying.exportSettings() }
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

    @Test("A file that is not one JSON object is refused as invalid input")
    func malformedFile() throws {
        let deep = "{\"a\":" + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}"
        for text in ["[1, 2]", "\"backup\"", "{\"display_name\": ", "", deep] {
            let error = #expect(throws: ApiClientError.self, "\(text)") { try SettingsBackup(json: Data(text.utf8)) }
            #expect(error?.kind == .invalidInput)
        }
        let backup = try SettingsBackup(json: Data(#"{"bio": null, "saved_posts": ["https://a.example/post/1"], "id": 2}"#.utf8))
        #expect(String(decoding: backup.json, as: UTF8.self) == #"{"bio":null,"id":2,"saved_posts":["https://a.example/post/1"]}"#)
    }
}
