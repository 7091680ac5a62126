import Foundation
import LemmyAPI
import LemmyTestServer

/// Raw calls and refusal reading for the suites that compare the test server's answers with
/// what each Lemmy version answers (``LemmyRefusalTests``, ``LemmyModerationRefusalTests``).
protocol RefusalChecking {}

extension RefusalChecking {
    /// A refusal's status and code (`unknown` for a text/plain body, whose text is the message).
    func refusal(_ raw: TestClient.RawResponse) -> (status: Int, code: String, message: String?) {
        let text = String(decoding: raw.body, as: UTF8.self)
        guard let object = try? JSONSerialization.jsonObject(with: raw.body) as? [String: Any], let code = object["error"] as? String
        else { return (raw.status, "text", text) }
        return (raw.status, code, object["message"] as? String)
    }

    func prefix(_ dialect: LemmyDialect) -> String { dialect.generation.pathPrefix }

    func json(_ object: [String: Any]) throws -> Data { try JSONSerialization.data(withJSONObject: object) }

    /// Sends a JSON body to `path` as `client` (0.18's token in the body).
    func post(_ client: TestClient, _ path: String, _ object: [String: Any], method: String = "POST") async throws
        -> TestClient.RawResponse
    {
        var object = object
        var headers: [(String, String)] = []
        if let token = client.token {
            if client.dialect == .v0_18 { object["auth"] = token } else { headers.append(("Authorization", "Bearer \(token)")) }
        }
        return try await client.raw(method, path: prefix(client.dialect) + path, body: try json(object), headers: headers)
    }

    /// A GET as `client` (0.18's token in the query).
    func get(_ client: TestClient, _ path: String, _ query: [String: String]) async throws -> TestClient.RawResponse {
        var items = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        var headers: [(String, String)] = []
        if let token = client.token {
            if client.dialect == .v0_18 {
                items.append(URLQueryItem(name: "auth", value: token))
            } else {
                headers.append(("Authorization", "Bearer \(token)"))
            }
        }
        return try await client.raw("GET", path: prefix(client.dialect) + path, query: items, headers: headers)
    }

    func createPost(_ client: TestClient, _ fields: [String: Any]) async throws -> TestClient.RawResponse {
        try await post(client, "/post", fields.merging(["community_id": 1]) { a, _ in a })
    }

    func either<V3: LemmyRequest, V4: LemmyRequest>(_ client: TestClient, _ v3: V3, _ v4: V4) async throws -> TestClient.RawResponse {
        client.dialect == .v1_0 ? try await client.sendRaw(v4) : try await client.sendRaw(v3)
    }

    /// The id in `view`.`entity`.id of an answer (`post_view`.`post`), nil when it has none.
    func createdId(_ raw: TestClient.RawResponse, view: String, entity: String) -> Int? {
        let object = try? JSONSerialization.jsonObject(with: raw.body) as? [String: Any]
        return ((object?[view] as? [String: Any])?[entity] as? [String: Any])?["id"] as? Int
    }
}
