import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing
import NIOHTTP1

/// The server renders and reads exactly the version it imitates: what that version would refuse
/// it refuses, with the body that version sends, and its answers carry only that version's keys.
@Suite("Version-exact server")
struct VersionExactnessTests {
    /// A sort value that exists, but in another version than the dialect's.
    static func foreignSort(_ dialect: LemmyDialect) -> String {
        switch dialect {
        case .v0_18: "Scaled"  // added in 0.19
        case .v0_19: "Top"  // 1.0's windowless top is not a 0.19 SortType
        case .v1_0: "TopDay"  // 0.18/0.19 spelling
        }
    }

    @Test("A sort the version lacks is refused with that version's deserialize error", arguments: LemmyDialect.allCases)
    func foreignEnumValueIsRefused(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = TestClient(server)
            let value = Self.foreignSort(dialect)
            let answer = try await client.raw(
                "GET", path: server.apiPrefix + "/post/list", query: [URLQueryItem(name: "sort", value: value)])
            #expect(answer.status == 400)
            let text = String(decoding: answer.body, as: UTF8.self)
            if dialect == .v0_18 {
                // 0.18 has no JSON-ifying middleware: actix-web's own plain-text error.
                #expect(answer.headers.first(name: "content-type")?.hasPrefix("text/plain") == true)
                #expect(text.hasPrefix("Query deserialize error: unknown variant `\(value)`"))
            } else {
                let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: String])
                #expect(object["error"] == "unknown")
                #expect(object["message"]?.hasPrefix("Query deserialize error: unknown variant `\(value)`, expected one of") == true)
                #expect(object["cause"] == nil, "1.0 adds cause only to Lemmy's own errors")
            }
        }
    }

    @Test("Every sort of the version is accepted; unknown query keys are ignored", arguments: LemmyDialect.allCases)
    func ownValuesAreAccepted(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = TestClient(server)
            for sort in ApiPostSortType.spellings(in: dialect.apiVersion) {
                let answer = try await client.raw(
                    "GET", path: server.apiPrefix + "/post/list",
                    query: [URLQueryItem(name: "sort", value: sort), URLQueryItem(name: "no_such_key", value: "x")])
                #expect(answer.status == 200, "sort=\(sort)")
            }
        }
    }

    @Test("A JSON body with a wrong type is refused", arguments: LemmyDialect.allCases)
    func badBodiesAreRefused(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            // The form is read before the token, as Lemmy's extractors run before the handler.
            let wrongType = try await TestClient(server).raw(
                "POST", path: server.apiPrefix + "/post/like",
                body: Data(#"{"post_id":"one","score":1}"#.utf8))
            #expect(wrongType.status == 400)
            if dialect != .v0_18 {
                let object = try JSONSerialization.jsonObject(with: wrongType.body) as? [String: String]
                #expect(object?["message"]?.hasPrefix("Json deserialize error") == true)
            }
        }
    }

    @Test("GetSite carries only the version's members: 0.19 rate limits are message/message_per_second", arguments: LemmyDialect.allCases)
    func siteHasTheVersionsKeys(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let answer = try await TestClient(server).raw("GET", path: server.apiPrefix + "/site")
            #expect(answer.status == 200)
            let site = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            let view = try #require(site["site_view"] as? [String: Any])
            let limits = try #require(view["local_site_rate_limit"] as? [String: Any])
            let legacy = ["message", "message_per_second", "post", "post_per_second", "comment", "search"]
            let current = ["message_max_requests", "message_interval_seconds", "post_max_requests", "comment_max_requests"]
            if dialect == .v1_0 {
                #expect(current.allSatisfy { limits[$0] != nil })
                #expect(legacy.allSatisfy { limits[$0] == nil })
                #expect(site["oauth_providers"] != nil && site["admin_oauth_providers"] != nil)
            } else {
                #expect(legacy.allSatisfy { limits[$0] != nil }, "\(limits.keys.sorted())")
                #expect(current.allSatisfy { limits[$0] == nil }, "\(limits.keys.sorted())")
                #expect(site["oauth_providers"] == nil && site["admin_oauth_providers"] == nil)
                #expect((limits["id"] != nil) == (dialect == .v0_18), "only 0.18 rate limits have an id")
            }
        }
    }

    @Test("0.18 people and communities carry no inbox_url or followers_url (serde(skip) in Lemmy 0.18.5)")
    func v018ActorsHaveNoInboxes() async throws {
        try await withServer(.v0_18) { server in
            let client = TestClient(server)
            var objects: [[String: Any]] = []
            for path in ["/post/list", "/community/list", "/post?id=1", "/user?username=alice"] {
                let parts = path.split(separator: "?", maxSplits: 1).map(String.init)
                let query = parts.count > 1 ? parts[1].split(separator: "=").map(String.init) : []
                let answer = try await client.raw(
                    "GET", path: server.apiPrefix + parts[0],
                    query: query.isEmpty ? [] : [URLQueryItem(name: query[0], value: query[1])])
                #expect(answer.status == 200, "\(path)")
                objects += Self.objects(
                    in: try JSONSerialization.jsonObject(with: answer.body), under: ["creator", "community", "person", "moderator"])
            }
            #expect(objects.count > 10)
            for object in objects {
                #expect(object["inbox_url"] == nil && object["followers_url"] == nil, "\(object.keys.sorted())")
                #expect(object["actor_id"] != nil)
            }
        }
    }

    /// Every object found under one of `keys`, at any depth.
    private static func objects(in value: Any, under keys: Set<String>) -> [[String: Any]] {
        if let array = value as? [Any] { return array.flatMap { objects(in: $0, under: keys) } }
        guard let object = value as? [String: Any] else { return [] }
        return object.flatMap { key, child in
            (keys.contains(key) ? [child as? [String: Any]].compactMap { $0 } : []) + objects(in: child, under: keys)
        }
    }

    @Test("NodeInfo names lemmy and the version, at the paths the version serves", arguments: LemmyDialect.allCases)
    func nodeInfo(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = TestClient(server)
            let wellKnown = try await client.raw("GET", path: "/.well-known/nodeinfo")
            let links = try #require(try JSONSerialization.jsonObject(with: wellKnown.body) as? [String: [[String: String]]])
            let href = try #require(links["links"]?.first?["href"])
            let path = try #require(URL(string: href)?.path)
            #expect(path == (dialect == .v0_18 ? "/nodeinfo/2.0.json" : "/nodeinfo/2.1"))
            let document = try await client.raw("GET", path: path)
            let info = try #require(try JSONSerialization.jsonObject(with: document.body) as? [String: Any])
            let software = try #require(info["software"] as? [String: String])
            #expect(software["name"] == "lemmy")
            #expect(software["version"] == dialect.versionString)
            #expect(info["version"] as? String == (dialect == .v0_18 ? "2.0" : "2.1"))
            if dialect != .v0_18 {
                // A 307 to /nodeinfo/2.1, which the test client follows.
                let old = try await client.raw("GET", path: "/nodeinfo/2.0.json")
                let redirected = try JSONSerialization.jsonObject(with: old.body) as? [String: Any]
                #expect(old.status == 200 && redirected?["version"] as? String == "2.1")
            } else {
                #expect(try await client.raw("GET", path: "/nodeinfo/2.1").status == 404)
            }
        }
    }

    @Test("Routes are the exact version's: 0.19.13 serves HidePost, 0.18 does not", arguments: LemmyDialect.allCases)
    func routesFollowTheVersion(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let answer = try await TestClient(server).raw("POST", path: server.apiPrefix + "/post/hide", body: Data("{}".utf8))
            #expect((answer.status == 404) == (dialect == .v0_18))
        }
    }
}
