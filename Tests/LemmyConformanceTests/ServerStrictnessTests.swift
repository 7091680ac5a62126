import Foundation
import LemmyConformance
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The server refuses what the outside description refuses, as the real version does: a
/// request with an enum value the version does not have gets HTTP 400, never an answer.
@Suite("The server refuses requests the description refuses")
struct ServerStrictnessTests {
    /// A GetPosts sort spelled as another version spells it.
    static func foreignSort(_ dialect: LemmyDialect) -> String {
        dialect == .v1_0 ? "TopDay" : "Top"
    }

    @Test(arguments: LemmyDialect.allCases)
    func aSortTheVersionLacksIsRefused(_ dialect: LemmyDialect) async throws {
        let description = try #require(Descriptions.for(dialect).first)
        let answer = try await withServer(dialect) { server in
            let path = server.apiPrefix + "/post/list"
            let query = [("sort", Self.foreignSort(dialect))]
            // The description of this version does not have the value...
            let violations = description.checkRequest(method: "GET", path: path, query: query, body: nil)
            #expect(violations.map(\.path) == ["query.sort"])
            // ...so the server must refuse it.
            return try await RawSender(server: server).send(RawRequest(method: "GET", path: "/post/list", query: query))
        }
        #expect(answer.status == 400, "\(dialect) answered sort=\(Self.foreignSort(dialect)) with HTTP \(answer.status)")
    }

    /// Lemmy 0.19 reads `show_downvotes` as a bool, 1.0 as a `VoteShow`: serde refuses the other
    /// form with HTTP 400, and the accepted one shows in the account.
    @Test(arguments: [LemmyDialect.v0_19, .v1_0])
    func showDownvotesTakesOnlyTheVersionsForm(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            var sender = RawSender(server: server)
            let login = try await sender.send(
                RawRequest(
                    method: "POST", path: dialect == .v1_0 ? "/account/auth/login" : "/user/login",
                    body: ["username_or_email": "alice", "password": "password"]))
            sender.tokens["alice"] = try #require(login.json?["jwt"]?.stringValue)
            let path = dialect == .v1_0 ? "/account/settings/save" : "/user/save_user_settings"
            let (right, wrong): (JSONValue, JSONValue) = dialect == .v1_0 ? ("hide", false) : (false, "hide")

            let refused = try await sender.send(RawRequest(method: "PUT", path: path, body: ["show_downvotes": wrong], user: "alice"))
            #expect(refused.status == 400, "\(dialect) answered show_downvotes=\(wrong) with HTTP \(refused.status)")
            let accepted = try await sender.send(RawRequest(method: "PUT", path: path, body: ["show_downvotes": right], user: "alice"))
            #expect(accepted.status == 200)

            let account = try await sender.send(RawRequest(method: "GET", path: dialect == .v1_0 ? "/account" : "/site", user: "alice"))
            if dialect == .v1_0 {
                #expect(account.json?.value(at: "local_user_view.local_user.show_downvotes") == "hide")
            } else {
                #expect(account.json?.value(at: "my_user.local_user_view.local_user_vote_display_mode.downvotes") == false)
            }
        }
    }
}
