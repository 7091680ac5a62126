import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Status codes and error bodies per dialect.
@Suite("Errors per dialect")
struct ErrorTests {
    @Test(arguments: LemmyDialect.allCases)
    func wrongPassword(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = TestClient(server)
            let form = ApiLogin(usernameOrEmail: "alice", password: "wrong-password")
            let raw = dialect == .v1_0 ? try await client.sendRaw(LemmyV4.Login(form)) : try await client.sendRaw(LemmyV3.Login(form))
            #expect(raw.status == (dialect == .v0_18 ? 400 : 401))
            let object = try #require(try JSONSerialization.jsonObject(with: raw.body) as? [String: String])
            #expect(object["error"] == "incorrect_login")
            #expect((object["cause"] != nil) == (dialect == .v1_0))
            #expect(LemmyServerError.parse(body: raw.body, status: raw.status)?.code == .incorrectLogin)
        }
    }

    @Test(arguments: LemmyDialect.allCases)
    func missingPost(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = TestClient(server)
            let raw =
                dialect == .v1_0
                ? try await client.sendRaw(LemmyV4.GetPost(ApiGetPost(id: 999_999)))
                : try await client.sendRaw(LemmyV3.GetPost(ApiGetPost(id: 999_999)))
            let error = try #require(LemmyServerError.parse(body: raw.body, status: raw.status))
            switch dialect {
            case .v0_18:
                #expect(raw.status == 404)
                #expect(error.code.code == "couldnt_find_post")
            case .v0_19:
                #expect(raw.status == 400)
                #expect(error.code.code == "couldnt_find_post")
            case .v1_0:
                #expect(raw.status == 404)
                #expect(error.code.code == "not_found")
                #expect(error.cause == "NotFound")
            }
        }
    }

    @Test(arguments: LemmyDialect.allCases)
    func authRequired(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            // A token the server does not know (0.18: a guest has no `auth` at all, which its forms refuse).
            let client = TestClient(server, token: "unknown-token")
            let form = ApiSavePost(postId: 1, save: true)
            let raw = dialect == .v1_0 ? try await client.sendRaw(LemmyV4.SavePost(form)) : try await client.sendRaw(LemmyV3.SavePost(form))
            // 0.19 and 1.0 answer as their login extractor does (LocalUserView: 401 incorrect_login).
            #expect(raw.status == (dialect == .v0_18 ? 400 : 401))
            #expect(
                LemmyServerError.parse(body: raw.body, status: raw.status)?.code == (dialect == .v0_18 ? .notLoggedIn : .incorrectLogin))
        }
    }

    /// 0.19+ never read the token from the URL or body; 0.18 never reads the header.
    @Test(arguments: LemmyDialect.allCases)
    func tokenPlacement(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let token = try #require(alice.token)
            let path = dialect.generation.pathPrefix + (dialect == .v1_0 ? "/account/unread_counts" : "/user/unread_count")
            let inQuery = try await alice.raw("GET", path: path, query: [URLQueryItem(name: "auth", value: token)])
            let inHeader = try await alice.raw("GET", path: path, headers: [("Authorization", "Bearer \(token)")])
            #expect(inQuery.status == (dialect == .v0_18 ? 200 : 401))
            #expect(inHeader.status == (dialect == .v0_18 ? 400 : 200))
        }
    }

    @Test(arguments: LemmyDialect.allCases)
    func malformedBodyIsAnError(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let path = dialect.generation.pathPrefix + (dialect == .v1_0 ? "/account/auth/login" : "/user/login")
            let raw = try await TestClient(server).raw("POST", path: path, body: Data("{\"username_or_email\": 3".utf8))
            #expect(raw.status == 400)
            #expect(LemmyServerError.parse(body: raw.body, status: raw.status) != nil)
        }
    }

    @Test func logoutInvalidatesToken() async throws {
        try await withServer(.v0_19) { server in
            let alice = try await TestClient(server).login("alice")
            _ = try await alice.send(LemmyV3.Logout())
            await #expect(throws: TestClient.HTTPFailure.self) { try await alice.save(post: 1, true) }
        }
    }
}
