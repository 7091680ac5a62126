public import Foundation
public import HTTPTypes
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

    /// Whether the host is a loopback address, where plain HTTP is harmless; see ``isLoopbackHost(_:)``.
    public var isLoopback: Bool { Self.isLoopbackHost(host) }

    /// Whether `host` names this machine: an IPv4 address in 127.0.0.0/8 written as four decimal
    /// octets, the IPv6 loopback address (with or without brackets), or `localhost` (any case,
    /// with an optional trailing dot).
    ///
    /// Anything else is remote, however it begins: `127.evil.example` and `localhost.evil.com` are
    /// names anyone can register. Numeric shorthands such as `0x7f.1`, `127.1` or `0177.0.0.1` are
    /// refused rather than interpreted, because resolvers disagree about what they mean.
    public static func isLoopbackHost(_ host: String) -> Bool {
        let lowered = host.lowercased()
        if lowered == "localhost" || lowered == "localhost." { return true }
        if isLoopbackIPv4(lowered) { return true }
        var address = Substring(lowered)
        if address.hasPrefix("["), address.hasSuffix("]") { address = address.dropFirst().dropLast() }
        return isLoopbackIPv6(String(address))
    }

    private static func isLoopbackIPv4(_ host: String) -> Bool {
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return false }
        var values: [Int] = []
        for octet in octets {
            // One to three decimal digits, no leading zero: some resolvers read 0177 as octal.
            guard (1...3).contains(octet.count), octet.allSatisfy({ $0.isASCII && $0.isWholeNumber }),
                octet.count == 1 || octet.first != "0", let value = Int(octet), value <= 255
            else { return false }
            values.append(value)
        }
        return values[0] == 127
    }

    private static func isLoopbackIPv6(_ address: String) -> Bool {
        let halves = address.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ text: String) -> [UInt16]? {
            if text.isEmpty { return [] }
            var result: [UInt16] = []
            for group in text.split(separator: ":", omittingEmptySubsequences: false) {
                guard (1...4).contains(group.count), group.allSatisfy(\.isHexDigit),
                    let value = UInt16(group, radix: 16)
                else { return nil }
                result.append(value)
            }
            return result
        }
        guard let head = groups(halves[0]) else { return false }
        var all = head
        if halves.count == 2 {
            guard let tail = groups(halves[1]), head.count + tail.count <= 7 else { return false }
            all += Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        }
        return all.count == 8 && all.dropLast().allSatisfy { $0 == 0 } && all.last == 1
    }
}
