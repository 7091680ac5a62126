import AsyncHTTPClient
import Foundation
import LemmyAPI
import LemmyTestServer
import NIOCore
import NIOHTTP1
import NIOFoundationEssentialsCompat

/// A minimal Lemmy client for these tests: sends LemmyAPI request descriptors over real HTTP and
/// decodes the descriptor's response type. It puts the token where the dialect expects it
/// (0.18: `auth` in query/body; 0.19+: `Authorization: Bearer`).
struct TestClient: Sendable {
    struct HTTPFailure: Error, CustomStringConvertible {
        var status: Int
        var body: Data
        var description: String { "HTTP \(status): \(String(decoding: body, as: UTF8.self))" }
        var lemmyError: LemmyServerError? { LemmyServerError.parse(body: body, status: status) }
    }

    struct RawResponse: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: Data
    }

    let baseURL: URL
    let dialect: LemmyDialect
    var token: String?

    static let http = HTTPClient(eventLoopGroupProvider: .singleton)

    init(_ server: LemmyTestServer, token: String? = nil) {
        baseURL = server.baseURL
        dialect = server.dialect
        self.token = token
    }

    /// Sends `request` and decodes its response; a non-2xx answer throws ``HTTPFailure``.
    /// `queryStyle` overrides how a GET's parameters are written (the generation's js-client
    /// style by default).
    func send<R: LemmyRequest>(_ request: R, queryStyle: LemmyQueryStyle? = nil) async throws -> R.Response {
        let raw = try await sendRaw(request, queryStyle: queryStyle)
        guard (200..<300).contains(raw.status) else { throw HTTPFailure(status: raw.status, body: raw.body) }
        return try LemmyTestDecoding.decode(R.Response.self, from: raw.body)
    }

    /// Sends `request` and returns status, headers and body.
    func sendRaw<R: LemmyRequest>(_ request: R, queryStyle: LemmyQueryStyle? = nil) async throws -> RawResponse {
        var query = queryStyle.map { request.queryItems(style: $0) } ?? request.queryItems
        var body = try request.jsonBody()
        if dialect == .v0_18, let token {
            if R.method == .get {
                query.append(URLQueryItem(name: "auth", value: token))
            } else if let data = body, var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] {
                object["auth"] = token
                body = try JSONSerialization.data(withJSONObject: object)
            }
        }
        var headers: [(String, String)] = []
        if dialect != .v0_18, let token { headers.append(("Authorization", "Bearer \(token)")) }
        return try await raw(R.method.rawValue, path: R.fullPath, query: query, body: body, headers: headers)
    }

    /// Any HTTP call.
    func raw(
        _ method: String, path: String, query: [URLQueryItem] = [], body: Data? = nil,
        headers: [(String, String)] = []
    ) async throws -> RawResponse {
        var url = baseURL.absoluteString + path
        if !query.isEmpty { url += "?" + LemmyQueryEncoding.percentEncodedQuery(query) }
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            if !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
                request.headers.add(name: "Content-Type", value: "application/json")
            }
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let response = try await Self.http.execute(request, timeout: .seconds(30))
        let collected = try await response.body.collect(upTo: 64 << 20)
        return RawResponse(status: Int(response.status.code), headers: response.headers, body: Data(buffer: collected))
    }

    /// Uploads `data` as Lemmy's clients send an image (multipart field `images[]`) to `path`.
    func upload(_ path: String, query: [URLQueryItem] = [], data: Data, contentType: String = "image/png") async throws -> RawResponse {
        let boundary = "test-\(UUID().uuidString)"
        var body = Data("--\(boundary)\r\n".utf8)
        body += Data("Content-Disposition: form-data; name=\"images[]\"; filename=\"image\"\r\n".utf8)
        body += Data("Content-Type: \(contentType)\r\n\r\n".utf8) + data + Data("\r\n--\(boundary)--\r\n".utf8)
        var headers = [("Content-Type", "multipart/form-data; boundary=\(boundary)")]
        // 0.18's pict-rs proxy reads the session from the `jwt` cookie only.
        if let token { headers.append(dialect == .v0_18 ? ("Cookie", "jwt=\(token)") : ("Authorization", "Bearer \(token)")) }
        return try await raw("POST", path: path, query: query, body: body, headers: headers)
    }

    /// Logs in and returns a client carrying the token.
    func login(_ name: String, password: String = "password") async throws -> TestClient {
        let jwt: String?
        if dialect == .v1_0 {
            jwt = try await send(LemmyV4.Login(ApiLogin(usernameOrEmail: name, password: password))).jwt
        } else {
            jwt = try await send(LemmyV3.Login(ApiLogin(usernameOrEmail: name, password: password))).jwt
        }
        var copy = self
        copy.token = jwt
        return copy
    }
}

enum LemmyTestDecoding {
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(T.self, from: data)
    }
}
