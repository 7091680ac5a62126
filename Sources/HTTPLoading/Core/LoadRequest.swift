import Foundation
import HTTPTypes
import HTTPTypesFoundation

/// A request travelling through a loader chain: an HTTP head, a body and per-request options.
///
/// The head is an `HTTPRequest` from swift-http-types. It may be relative (no scheme or
/// authority); a ``ServerEnvironmentLoader`` completes such requests before they reach a terminal.
public struct LoadRequest: Sendable {
    /// Method, scheme, authority, path (with query) and header fields.
    public var head: HTTPRequest
    /// The body; encoded by the terminal loader, so encoding failures surface at load time.
    public var body: any HTTPBody
    /// Typed per-request policy read by the loaders of a chain.
    public var options: RequestOptions

    /// Creates a request from a head, a body and options.
    public init(head: HTTPRequest, body: any HTTPBody = EmptyBody(), options: RequestOptions = RequestOptions()) {
        self.head = head
        self.body = body
        self.options = options
    }

    /// Creates a request for an absolute URL.
    public init(
        method: HTTPRequest.Method = .get,
        url: URL,
        headerFields: HTTPFields = [:],
        body: any HTTPBody = EmptyBody(),
        options: RequestOptions = RequestOptions()
    ) {
        var head = HTTPRequest(url: url)
        head.method = method
        head.headerFields = headerFields
        self.init(head: head, body: body, options: options)
    }

    /// Creates a relative request (path and optional query), completed later by a server environment.
    public init(
        method: HTTPRequest.Method = .get,
        path: String,
        queryItems: [URLQueryItem] = [],
        headerFields: HTTPFields = [:],
        body: any HTTPBody = EmptyBody(),
        options: RequestOptions = RequestOptions()
    ) {
        let head = HTTPRequest(method: method, scheme: nil, authority: nil, path: path, headerFields: headerFields)
        self.init(head: head, body: body, options: options)
        if !queryItems.isEmpty { self.queryItems = queryItems }
    }

    /// The request method.
    public var method: HTTPRequest.Method {
        get { head.method }
        set { head.method = newValue }
    }

    /// The header fields.
    public var headerFields: HTTPFields {
        get { head.headerFields }
        set { head.headerFields = newValue }
    }

    /// The absolute URL, or `nil` while the request is relative.
    public var url: URL? { head.url }

    /// The path without the query.
    public var pathWithoutQuery: String {
        guard let path = head.path else { return "" }
        return path.firstIndex(of: "?").map { String(path[..<$0]) } ?? path
    }

    /// The query items of the path, percent-decoded. Setting them re-encodes the query.
    public var queryItems: [URLQueryItem] {
        get {
            guard let path = head.path, let mark = path.firstIndex(of: "?") else { return [] }
            var components = URLComponents()
            components.percentEncodedQuery = String(path[path.index(after: mark)...])
            return components.queryItems ?? []
        }
        set {
            var components = URLComponents()
            components.queryItems = newValue.isEmpty ? nil : newValue
            // `+` is legal in a query but servers read it as a space; encode it like the JS clients do.
            let query = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
            head.path = pathWithoutQuery + (query.map { "?" + $0 } ?? "")
        }
    }

    /// Whether repeating this request has the same effect as sending it once (RFC 9110 §9.2.2).
    public var isIdempotent: Bool {
        switch method {
        case .get, .head, .options, .put, .delete, .trace: return true
        default: return false
        }
    }

    /// The scheme and authority that define this request's origin, e.g. `https://lemmy.ml:443`.
    public var origin: Origin? { Origin(head) }
}

/// The origin (scheme, host, port) of a request, used to decide whether a redirect crosses origins.
public struct Origin: Hashable, Sendable {
    /// The lowercase scheme.
    public var scheme: String
    /// The lowercase host.
    public var host: String
    /// The port, defaulted from the scheme when absent.
    public var port: Int

    /// Extracts the origin of an absolute request head.
    public init?(_ head: HTTPRequest) {
        guard let url = head.url else { return nil }
        self.init(url)
    }

    /// Extracts the origin of an absolute URL.
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    /// Whether the host is a loopback address, where plain HTTP is harmless.
    public var isLoopback: Bool {
        host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }
}
