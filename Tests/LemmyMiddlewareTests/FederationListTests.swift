import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The admins' federation blocklist and allowlist (Lemmy 1.0), through ApiClient.
@Suite("Federation lists") @MainActor
struct FederationListTests {
    @Test("An admin blocks a domain until tomorrow and lifts the block; the lists show it, then not")
    func blockAndLift() async throws {
        let clock = ManualServerClock()
        try await clock.withServer(.v1_0) { server in
            let admin = try await login(server, "admin")
            let tomorrow = clock.date.addingTimeInterval(86_400)
            let blocked = try await admin.setFederationBlocked("  Spam.Example ", reason: "Spam wave", until: tomorrow)
            // Sent in lower case, as federation compares domains.
            #expect(blocked.domain == "spam.example" && blocked.software == nil)
            #expect(blocked.blockExpires.map { abs($0.timeIntervalSince(tomorrow)) < 1 } == true)
            let lists = try await admin.federatedInstances()
            #expect(lists.blocked.map(\.domain) == ["spam.example"] && lists.blocked.first?.blockExpires != nil)
            #expect(!lists.linked.contains { $0.domain == "spam.example" })

            let again = await #expect(throws: ApiClientError.self) { try await admin.setFederationBlocked("spam.example", reason: "Again") }
            #expect(again?.lemmyCode == .couldntCreate)
            let lifted = try await admin.setFederationBlocked("spam.example", false, reason: "Over")
            #expect(lifted.blockExpires == nil)
            #expect(try await admin.federatedInstances().blocked.isEmpty)
            // Both changes are in the modlog.
            let entries = try server.store.with { db in db.modlog.filter { $0.kind == .blockInstance }.map(\.flag) }
            #expect(entries == [true, false])
        }
    }

    @Test("The allowlist, and the two lists excluding each other")
    func allowlist() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await login(server, "admin")
            #expect(try await admin.setFederationAllowed("remote.example", reason: "Friends").id == 2)
            #expect(try await admin.federatedInstances().allowed.map(\.domain) == ["remote.example"])
            let refused = await #expect(throws: ApiClientError.self) {
                try await admin.setFederationBlocked("other.example", reason: "Spam")
            }
            #expect(refused?.lemmyCode == .cannotCombineFederationBlocklistAndAllowlist)
            try await admin.setFederationAllowed("remote.example", false, reason: "Over")
            #expect(try await admin.federatedInstances().allowed.isEmpty)
        }
    }

    @Test("Not a host name, not an admin, before 1.0: refused, the first and last before sending", arguments: LemmyDialect.allCases)
    func refusals(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let bob = try await login(server, "bob", loader: loader)
            _ = try await bob.serverVersion()
            let sent = loader.requestedPaths.count
            for bad in ["https://spam.example", "spam.example/u/x", "", "spam example", "spam..example", "\u{1B}[2Jspam.example"] {
                let error = await #expect(throws: ApiClientError.self) { try await bob.setFederationBlocked(bad, reason: "Spam") }
                #expect(error?.kind == .invalidInput)
                #expect(error.map { !String(describing: $0).contains("\u{1B}") } == true)
            }
            // An end no integer holds is refused, not a trap in the conversion.
            for end in [Date(timeIntervalSince1970: .infinity), Date(timeIntervalSince1970: .nan), Date(timeIntervalSince1970: 1e300)] {
                let error = await #expect(throws: ApiClientError.self) {
                    try await bob.setFederationBlocked("spam.example", reason: "Spam", until: end)
                }
                #expect(error?.kind == .invalidInput)
            }
            #expect(loader.requestedPaths.count == sent)
            let notAdmin = await #expect(throws: ApiClientError.self) { try await bob.setFederationAllowed("remote.example", reason: "x") }
            #expect(notAdmin?.lemmyCode == .notAnAdmin)
        }
    }

    @Test(
        "0.18 and 0.19 keep the lists in the site settings: the client sends each list whole, changed",
        arguments: [
            LemmyDialect.v0_18, .v0_19,
        ])
    func siteSettingLists(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let admin = try await login(server, "admin", loader: loader)
            try server.store.with { db in
                db.federation.blocked[3] = FederationBlock(published: 0, expires: nil)
                db.instanceDomains[4] = "Old.Example"
                db.federation.blocked[4] = FederationBlock(published: 0, expires: nil)
            }
            let blocked = try await admin.setFederationBlocked("Spam.Example", reason: "Spam wave")
            #expect(blocked.domain == "spam.example")
            // What was listed stays, spelt as the server spells it.
            #expect(
                try await admin.federatedInstances().blocked.map(\.domain).sorted() == ["Old.Example", "other.example", "spam.example"])
            // Listing again changes nothing; lifting takes that one off alone.
            _ = try await admin.setFederationBlocked("spam.example", reason: "Again")
            let lifted = try await admin.setFederationBlocked("OTHER.example", false, reason: "Over")
            #expect(lifted.id == 3)
            #expect(try await admin.federatedInstances().blocked.map(\.domain).sorted() == ["Old.Example", "spam.example"])
            // Unlike 1.0, both lists may hold instances. 0.19 shows an instance on both as blocked
            // alone, so its allowlist is changed only while the blocklist is empty.
            if dialect == .v0_19 {
                let hidden = await #expect(throws: ApiClientError.self) {
                    try await admin.setFederationAllowed("remote.example", reason: "Friends")
                }
                #expect(hidden?.kind == .unsupported)
                #expect(try server.store.with { db in db.federation.allowed.isEmpty })
                try server.store.with { db in db.federation.blocked = [:] }
            }
            #expect(try await admin.setFederationAllowed("remote.example", reason: "Friends").id == 2)
            #expect(try await admin.federatedInstances().allowed.map(\.domain) == ["remote.example"])
            // A block's end cannot be kept.
            let sent = loader.requestedPaths.count
            let ends = await #expect(throws: ApiClientError.self) {
                try await admin.setFederationBlocked("spam.example", reason: "x", until: Date().addingTimeInterval(86_400))
            }
            #expect(ends?.kind == .unavailableInVersion && loader.requestedPaths.count == sent)
            // Nothing is logged: 0.18 and 0.19 keep no reason.
            #expect(try server.store.with { db in db.modlog.contains { $0.kind == .blockInstance || $0.kind == .allowInstance } } == false)
        }
    }

    @Test(
        "A server that does not federate lists nothing: the client refuses to send a list it could not read",
        arguments: [
            LemmyDialect.v0_18, .v0_19,
        ])
    func federationOff(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            try server.store.with { db in
                db.federation.blocked[3] = FederationBlock(published: 0, expires: nil)
                db.site.federationEnabled = false
            }
            let refused = await #expect(throws: ApiClientError.self) {
                try await admin.setFederationBlocked("spam.example", reason: "Spam")
            }
            #expect(refused?.kind == .unsupported)
            #expect(try server.store.with { db in db.federation.blocked.keys.sorted() } == [3])
        }
    }
}
