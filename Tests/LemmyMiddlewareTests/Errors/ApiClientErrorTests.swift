import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

@Suite("typed errors at the surface") @MainActor
struct ApiClientErrorTests {
    @Test("a Lemmy refusal keeps its typed code and reads as a sentence", arguments: LemmyDialect.allCases)
    func lemmyCodeSurvives(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let error = await #expect(throws: ApiClientError.self) { _ = try await client.getPost(id: 987_654) }
            #expect(error?.kind == .lemmy)
            if dialect == .v1_0 {
                #expect(error?.lemmyCode == .notFound)
                #expect(error?.errorDescription == "Not found.")
            } else {
                #expect(error?.lemmyCode == .couldntFindPost || error?.lemmyCode == .couldNotFindPost)
                #expect(error?.errorDescription == "This post no longer exists.")
            }
            #expect(error?.isRetryable == false)
        }
    }

    @Test("rate limiting is its own kind, with the server's code", arguments: LemmyDialect.allCases)
    func rateLimited(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            server.faults.add(FaultRule(.lemmyRateLimit, route: "/post/list"))
            let error = await #expect(throws: ApiClientError.self) { _ = try await client.getPosts() }
            #expect(error?.kind == .rateLimited)
            #expect(error?.lemmyCode != nil)
            #expect(error?.isRetryable == true)
            #expect(error?.errorDescription?.hasPrefix("The server is busy.") == true)
        }
    }

    @Test("an undecodable answer says where it broke")
    func decodingPath() async throws {
        try await withServer(.v0_19) { server in
            let client = try await login(server, "alice")
            server.faults.add(
                FaultRule(
                    .rewriteBody(pattern: #""comments":\s*[0-9]+"#, replacement: #""comments":"many""#),
                    route: "/post/list"))
            let error = await #expect(throws: ApiClientError.self) { _ = try await client.getPosts() }
            #expect(error?.kind == .decoding)
            #expect(error?.codingPath?.contains("comments") == true)
        }
    }

    @Test("a wrong password at login is a wrong password, with the server's incorrect_login", arguments: LemmyDialect.allCases)
    func wrongPassword(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let error = await #expect(throws: ApiClientError.self) {
                _ = try await ApiClient.login(to: server.baseURL, username: "alice", password: "wrong-password")
            }
            #expect(error?.isWrongPassword == true)
            #expect(error?.lemmyCode == .incorrectLogin)
            #expect(error?.errorDescription == "The username or password is wrong.")
        }
    }

    /// 0.19 and 1.0 refuse a session they no longer accept with the login's own code (401
    /// `incorrect_login`): on any call but the login it means "sign in again", not a wrong password.
    @Test("a rejected session is not-logged-in, and does not read as a wrong password", arguments: LemmyDialect.allCases)
    func rejectedSession(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let stale = ApiClient.getApiClient(for: server.baseURL, with: "revoked-\(dialect.rawValue)")
            let error = await #expect(throws: ApiClientError.self) { try await stale.refreshUnreadCounts() }
            #expect(error?.lemmyCodeName == (dialect == .v0_18 ? "not_logged_in" : "incorrect_login"))
            #expect(error?.kind == .notLoggedIn)
            #expect(error?.isWrongPassword == false)
            #expect(error?.errorDescription == "You are not logged in, or your session has expired. Log in again.")
        }
    }

    @Test("kinds are open: a switch needs a default, and unknown kinds still describe themselves")
    func kindsAndDescriptions() {
        let errors: [ApiClientError] = [
            .notLoggedIn, .rateLimited, .cancelled, .permissionDenied(.readOnly), .httpStatus(503),
            .transport("refused"), .decoding("bad"), .unsupported("0.17"), .unavailableInVersion("scaled"),
            .lemmy(.missingTotpToken), ApiClientError(kind: .rateLimited, retryAfter: .milliseconds(2_500)),
        ]
        for error in errors {
            #expect(!(error.errorDescription ?? "").isEmpty)
            #expect(!error.description.isEmpty)
        }
        #expect(ApiClientError.lemmy(.missingTotpToken).needsTOTP)
        #expect(!ApiClientError.lemmy(.incorrectTotpToken).needsTOTP)
        #expect(
            ApiClientError(kind: .rateLimited, retryAfter: .milliseconds(2_500)).errorDescription
                == "The server is busy. Try again in 3 seconds.")
        #expect(ApiClientError.lemmy(.couldntUpdatePost).errorDescription == "Couldnt update post.")
        #expect(ApiClientError.httpStatus(503).isRetryable && !ApiClientError.httpStatus(404).isRetryable)
    }
}
