import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// `ApiClient.requestPasswordReset(email:)` against each version's answers (see
/// `PasswordResetRoutes.swift` for the facts from Lemmy's source).
@Suite("Account: forgot password") @MainActor
struct PasswordResetTests {
    static func resets(_ server: LemmyTestServer, personId: Int) throws -> Int {
        try server.store.with { db in db.passwordResets.count { $0.personId == personId } }
    }

    @Test("A guest asks for a reset link by address, in any case; the server sends one", arguments: LemmyDialect.allCases)
    func known(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil)
            try await guest.requestPasswordReset(email: "Alice@Lemmy.test")
            #expect(try Self.resets(server, personId: 2) == 1)
        }
    }

    @Test(
        "An unknown address: 0.18 and 0.19 say so (0.19's incorrect_login is not an expired session); 1.0 does not tell",
        arguments: LemmyDialect.allCases)
    func unknown(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil)
            if dialect == .v1_0 {
                try await guest.requestPasswordReset(email: "nobody@lemmy.test")
                return
            }
            do {
                try await guest.requestPasswordReset(email: "nobody@lemmy.test")
                Issue.record("an unknown address was taken")
            } catch let error as ApiClientError {
                #expect(error.isUnknownEmail, "\(error)")
                #expect(error.kind == .lemmy)
            }
        }
    }

    @Test("0.18 refuses a fourth request within a day")
    func limit() async throws {
        try await withServer(.v0_18) { server in
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil)
            for _ in 0..<3 { try await guest.requestPasswordReset(email: "bob@lemmy.test") }
            do {
                try await guest.requestPasswordReset(email: "bob@lemmy.test")
                Issue.record("a fourth request was taken")
            } catch let error as ApiClientError {
                #expect(error.lemmyCode == .passwordResetLimitReached, "\(error)")
            }
            #expect(try Self.resets(server, personId: 3) == 3)
        }
    }
}
