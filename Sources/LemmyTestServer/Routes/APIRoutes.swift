import Foundation
import Hummingbird
import LemmyAPI
import NIOCore
import NIOFoundationEssentialsCompat

/// Registers typed Lemmy endpoints on a Hummingbird router for one dialect.
///
/// Each endpoint is registered from its LemmyAPI request descriptor (`LemmyV3.GetPosts`, ...), so
/// path, method, form and response type are the ones the client uses. A handler returns the
/// descriptor's `Response`, encoded with the dialect's key names and enum spellings; it runs
/// inside the store's lock, or for a GET on a snapshot outside it (see ``LemmyStore/read(_:)``).
struct APIRoutes {
    let router: Router<LemmyRequestContext>
    let store: LemmyStore
    let dialect: LemmyDialect
    let clock: @Sendable () -> Double
    /// Every route registered through this value, for ``LemmyTestServer/servedRoutes(dialect:)``.
    var recorder = RouteRecorder()

    /// Whether `R` exists in this dialect's lemmy-js-client versions.
    func supports<R: LemmyRequest>(_ type: R.Type) -> Bool {
        guard R.generation == dialect.generation, !R.isAbsolutePath else { return false }
        return R.versions.contains(dialect.apiVersion.name)
    }

    /// Adds `R` unless this dialect does not have it. The handler normally returns `R.Response`;
    /// where a dialect answers with another type than the union's descriptor names (0.18
    /// `MarkPostAsRead` returns a `PostResponse`), it returns that.
    ///
    /// `deserialize` checks what the form's Rust type checks as it deserializes (a `Url` member),
    /// given the form and the body: it runs before the login is read, as in Lemmy, where the body
    /// (0.18's `auth` with it) is deserialized before any check.
    func add<R: LemmyRequest, Out: Encodable & Sendable>(
        _ type: R.Type, auth required: Bool = false,
        rateLimit: (@Sendable (inout Database, _ ip: String?, _ now: Double) throws -> Void)? = nil,
        deserialize: (@Sendable (R.Form, Data) throws -> Void)? = nil,
        _ handler: @escaping @Sendable (inout Database, Call<R.Form>) throws -> Out
    )
    where R.Form: Decodable {
        guard supports(type) else { return }
        let method: HTTPRequest.Method =
            switch R.method {
            case .get: .get
            case .post: .post
            case .put: .put
            case .delete: .delete
            }
        recorder.record(method, R.fullPath)
        let store = store
        let dialect = dialect
        let clock = clock
        router.on(RouterPath(R.fullPath), method: method) { request, context -> Response in
            do {
                // Lemmy's limiter wraps the route: it runs before the login and the body are read.
                if let rateLimit {
                    let ip = Self.origin(request: request, context: context).ip
                    let now = clock()
                    try store.with { db in try rateLimit(&db, ip, now) }
                }
                let query = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
                let body = R.method == .get ? Data() : Data(buffer: try await request.body.collect(upTo: 4 << 20))
                let form: R.Form =
                    R.method == .get
                    ? try FormDecoding.decode(R.Form.self, query: query, version: dialect.apiVersion)
                    : try FormDecoding.decode(R.Form.self, body: body, version: dialect.apiVersion)
                try deserialize?(form, body)
                let token = Self.token(request: request, query: query, body: body, dialect: dialect)
                // 0.18 types `auth` as a required member of every form that needs a login: a form
                // without one fails to deserialize before any handler runs.
                if required && dialect.usesAuthField && token == nil {
                    throw APIError.badRequest(FormDecoding.missingAuth(isQuery: R.method == .get, body: body))
                }
                let now = clock()
                // Only writes start sessions, so reads skip looking at the connection.
                let origin = R.method == .get ? nil : Self.origin(request: request, context: context)
                let run = { (db: inout Database) throws -> Out in
                    let viewer = try db.viewer(
                        token: token, required: required, method: R.method, path: R.path, now: now, dialect: dialect)
                    if required && viewer == nil { throw APIError.notLoggedIn }
                    let call = Call(
                        form: form, viewer: viewer, token: viewer == nil ? nil : token, dialect: dialect, now: now,
                        origin: origin)
                    // 1.0 notifies the target of each moderator action the request wrote.
                    let modlogBefore = db.modlog.count
                    defer { if dialect == .v1_0 { db.notifyModActions(since: modlogBefore, now: now) } }
                    return try handler(&db, call)
                }
                // GETs read a snapshot without holding the lock (one that writes is rerun under it).
                let result: Out = try R.method == .get ? store.read(run) : store.with(run)
                let data: Data
                do { data = try (result as? any SelfEncodingAnswer)?.json() ?? dialect.encode(result) } catch {
                    // The renderer produced a value this version does not have: a test-server bug,
                    // reported loudly rather than sent as another version's answer.
                    let report = ["error": "unknown", "message": "test server render error: \(error)"]
                    return Self.json((try? JSONEncoder().encode(report)) ?? Data(), status: .internalServerError)
                }
                return context.truncateBody ? Self.truncated(data, channel: context.channel) : Self.json(data, status: .ok)
            } catch let error as APIError {
                let (status, data, contentType) = ErrorRendering.render(error, dialect: dialect)
                return Self.body(data, status: .init(code: status), contentType: contentType)
            } catch {
                let data = ErrorRendering.body(code: "unknown", message: "\(error)", dialect: dialect)
                return Self.json(data, status: .badRequest)
            }
        }
    }

    /// Where a request came from, as Lemmy records a login's origin (``LoginOrigin``): actix-web's
    /// `realip_remote_addr` (the first `for=` of `Forwarded`, else the first `X-Forwarded-For`
    /// entry, trimmed, else the peer's IP) and the `User-Agent`; a header value that is not
    /// visible ASCII counts as absent (actix's `to_str()` fails on it), and of repeated headers
    /// the first counts.
    static func origin(request: Request, context: LemmyRequestContext) -> LoginOrigin {
        func first(_ name: String) -> String? {
            request.headers[values: .init(name)!].first { value in
                value.utf8.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x09 }
            }
        }
        let forwarded = first("Forwarded").flatMap { header -> String? in
            let pairs = header.split(separator: ";").flatMap { $0.split(separator: ",") }
            for pair in pairs {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "for" else { continue }
                return parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            return nil
        }
        let forwardedFor = first("X-Forwarded-For").map {
            String($0.split(separator: ",", omittingEmptySubsequences: false).first ?? "").trimmingCharacters(in: .whitespaces)
        }
        let ip = forwarded ?? forwardedFor ?? context.channel.remoteAddress?.ipAddress
        return LoginOrigin(ip: ip, userAgent: first("User-Agent"))
    }

    /// The session token: 0.18 reads `auth` from the body or query; 0.19+ read
    /// `Authorization: Bearer` (or the `jwt` cookie), never the URL.
    static func token(request: Request, query: [(String, String)], body: Data, dialect: LemmyDialect) -> String? {
        if dialect.usesAuthField { return FormDecoding.authField(query: query, body: body) }
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            return String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        if let cookies = request.headers[.cookie] {
            for part in cookies.split(separator: ";") {
                let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0] == "jwt" { return String(pair[1]) }
            }
        }
        return nil
    }

    /// Headers promising all of `data`, half of it, then the connection closes.
    static func truncated(_ data: Data, channel: any Channel) -> Response {
        let half = ByteBuffer(bytes: data.prefix(data.count / 2))
        let headers: HTTPFields = [.contentType: "application/json", .contentLength: String(data.count)]
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                try await writer.write(half)
                try? await channel.close()
            })
    }

    static func json(_ data: Data, status: HTTPResponse.Status, headers extra: HTTPFields = [:]) -> Response {
        body(data, status: status, contentType: "application/json", headers: extra)
    }

    /// A response with `data` as its body.
    static func body(_ data: Data, status: HTTPResponse.Status, contentType: String, headers extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: contentType]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
