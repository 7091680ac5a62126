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
        // In place: with a setter, `request.headerFields.append(...)` copied the fields once more.
        _modify { yield &head.headerFields }
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
            // `+` is encoded too: it is legal in a query but servers read it as a space.
            head.path = newValue.isEmpty ? pathWithoutQuery : pathWithoutQuery + "?" + QueryEncoding.query(newValue)
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
    /// Letters are compared as ASCII: no other character counts as a letter of `localhost`.
    public static func isLoopbackHost(_ host: String) -> Bool {
        // Read as bytes: a terminal asks this for every plain-http request, and splitting and
        // lowercasing the host as Characters cost more than the rest of preparing the request.
        var host = host
        let (named, ipv4, mayBeIPv6) = host.withUTF8 { bytes in
            (isLocalhost(bytes), isLoopbackIPv4(bytes), bytes.contains(UInt8(ascii: ":")))
        }
        if named || ipv4 { return true }
        guard mayBeIPv6 else { return false }
        var address = Substring(host.lowercased())
        if address.hasPrefix("["), address.hasSuffix("]") { address = address.dropFirst().dropLast() }
        return isLoopbackIPv6(String(address))
    }

    /// `localhost` or `localhost.`, ASCII letters in any case.
    private static func isLocalhost(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let name = "localhost".utf8
        let count = bytes.last == UInt8(ascii: ".") ? bytes.count - 1 : bytes.count
        guard count == name.count else { return false }
        // Setting 0x20 lowercases an ASCII letter and leaves no other byte equal to one.
        return zip(bytes, name).allSatisfy { $0 | 0x20 == $1 }
    }

    /// Four decimal octets of one to three digits, each at most 255 and without a leading zero
    /// (some resolvers read 0177 as octal), the first 127.
    private static func isLoopbackIPv4(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var octets = 0
        var value = 0
        var digits = 0
        var first = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "."):
                guard digits > 0, octets < 3 else { return false }
                if octets == 0 { first = value }
                octets += 1
                value = 0
                digits = 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits < 3, digits == 0 || value > 0 else { return false }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                guard value <= 255 else { return false }
            default:
                return false
            }
        }
        return octets == 3 && digits > 0 && first == 127
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
