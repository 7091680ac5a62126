import Foundation
import HTTPLoading
import HTTPTypes
import LemmyConformance
import LemmyTestServer

/// A request written out by hand (method, path below the API prefix, query, JSON body), so that
/// the response is read as raw JSON and nothing of LemmyAPI's own types stands between the test
/// server and the outside description.
struct RawRequest: Sendable {
    var method: String
    var path: String
    var query: [(String, String)] = []
    var body: JSONValue?
    /// Who sends it (nil: a guest).
    var user: String?

    /// `GET /post/list`: the route, below the API prefix.
    var route: String { "\(method) \(path)" }
}

struct RawResponse: Sendable {
    var status: Int
    var body: Data
    var json: JSONValue? { try? JSONValue.parse(body) }
}

/// A JSON body for HTTPLoading.
struct RawJSONBody: HTTPBody {
    let data: Data
    var contentType: String? { "application/json" }
    func encode() throws -> Data { data }
}

/// Sends raw requests to a test server, with the token where the dialect reads it (0.18: `auth`
/// in the query or body; later: `Authorization: Bearer`).
struct RawSender: Sendable {
    let server: LemmyTestServer
    var tokens: [String: String] = [:]

    var dialect: LemmyDialect { server.dialect }

    /// The query and body as sent, with 0.18's `auth` added.
    func wire(_ request: RawRequest) -> (query: [(String, String)], body: JSONValue?) {
        guard dialect == .v0_18, let user = request.user, let token = tokens[user] else { return (request.query, request.body) }
        if request.method == "GET" { return (request.query + [("auth", token)], request.body) }
        var members = request.body?.objectValue ?? [:]
        members["auth"] = .string(token)
        return (request.query, .object(members))
    }

    func send(_ request: RawRequest) async throws -> RawResponse {
        let (query, body) = wire(request)
        var components = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)!
        components.path = server.apiPrefix + request.path
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        var headers: HTTPFields = [:]
        if dialect != .v0_18, let user = request.user, let token = tokens[user] {
            headers[.authorization] = "Bearer \(token)"
        }
        let load = LoadRequest(
            method: HTTPRequest.Method(request.method)!, url: components.url!, headerFields: headers,
            body: body.map { RawJSONBody(data: $0.jsonData()) } ?? EmptyBody())
        let response = try await URLSessionLoader().load(load)
        return RawResponse(status: response.head.status.code, body: response.body)
    }
}
