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
}
