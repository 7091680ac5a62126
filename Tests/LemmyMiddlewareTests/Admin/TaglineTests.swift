import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The site's taglines through ApiClient: 1.0's calls, and 0.18/0.19's whole-list site setting.
@Suite("Taglines") @MainActor
struct TaglineTests {
    @Test("An admin adds, edits and deletes taglines; anyone reads them, oldest first", arguments: LemmyDialect.allCases)
    func lifecycle(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let first = try await admin.addTagline("Dig in")
            let second = try await admin.addTagline("Grow")
            #expect(first.content == "Dig in" && second.content == "Grow")
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil)
            #expect(try await guest.taglines().map(\.content) == ["Dig in", "Grow"])
            // Before 1.0 every change renumbers them: edit by the id the list gives now.
            let held = try await admin.taglines()
            let edited = try await admin.editTagline(held[0].id, content: "Dig deeper")
            #expect(edited.content == "Dig deeper")
            try await admin.deleteTagline(try await admin.taglines()[1].id)
            #expect(try await guest.taglines().map(\.content) == ["Dig deeper"])
            #expect(try server.store.with { db in db.site.taglines.map(\.content) } == ["Dig deeper"])
        }
    }

    @Test(
        "Refusals: not an admin; a tagline that is not there (1.0 couldnt_update, before 1.0 found missing by the client)",
        arguments: [
            LemmyDialect.v0_19, .v1_0,
        ])
    func refusals(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let bob = try await login(server, "bob")
            let notAdmin = await #expect(throws: ApiClientError.self) { try await bob.addTagline("Mine") }
            #expect(notAdmin?.lemmyCode == .notAnAdmin)
            try await admin.addTagline("Dig in")
            let missing = await #expect(throws: ApiClientError.self) { try await admin.editTagline(999, content: "x") }
            #expect(dialect == .v1_0 ? missing?.lemmyCode == .couldntUpdate : missing?.kind == .invalidInput)
            #expect(try await admin.taglines().map(\.content) == ["Dig in"])
        }
    }
}
