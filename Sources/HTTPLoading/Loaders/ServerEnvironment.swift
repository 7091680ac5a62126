public import Foundation
public import HTTPTypes

/// Where relative requests go, and what every request carries by default.
public struct ServerEnvironment: Sendable, Hashable {
    /// `https` unless given.
    public var scheme: String
    /// The host name or address.
    public var host: String
    /// The port, when not the scheme's default.
    public var port: Int?
    /// A prefix added to relative paths, e.g. `/api/v3`.
    public var pathPrefix: String
    /// Header fields added to requests that lack a field of the same name.
    public var headerFields: HTTPFields
    /// Query items added to requests that lack an item of the same name.
    public var queryItems: [URLQueryItem]

    /// Creates an environment from its parts.
    public init(
        scheme: String = "https",
        host: String,
        port: Int? = nil,
        pathPrefix: String = "",
        headerFields: HTTPFields = [:],
        queryItems: [URLQueryItem] = []
    ) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.pathPrefix = pathPrefix
        self.headerFields = headerFields
        self.queryItems = queryItems
    }

    /// Creates an environment from a base URL such as `https://lemmy.ml/api/v3`.
    public init?(baseURL: URL, headerFields: HTTPFields = [:], userAgent: String? = nil) {
        guard let scheme = baseURL.scheme, let host = baseURL.host else { return nil }
        var fields = headerFields
        if let userAgent { fields[.userAgent] = userAgent }
        let path = baseURL.path
        self.init(scheme: scheme, host: host, port: baseURL.port, pathPrefix: path == "/" ? "" : path, headerFields: fields)
    }

    /// The `host[:port]` authority.
    public var authority: String { port.map { "\(host):\($0)" } ?? host }

    /// Completes `request`: origin and path prefix for relative requests, then default header
    /// fields and query items the request does not already have.
    public func apply(to request: inout LoadRequest) {
        apply(to: &request) { head in
            head.scheme = scheme
            head.authority = authority
        }
    }

    /// ``apply(to:)`` with the origin set by `setOrigin`, called only when the request is
    /// relative: a ``ServerEnvironmentLoader`` sets pseudo-header fields it built once, where
    /// building the authority string and both fields, each checked byte by byte, for every
    /// request cost about 500 instructions.
    @inline(__always)
    func apply(to request: inout LoadRequest, settingOrigin setOrigin: (inout HTTPRequest) -> Void) {
        if request.head.authority == nil {
            setOrigin(&request.head)
            let path = request.head.path ?? "/"
            if !pathPrefix.isEmpty, !path.hasPrefix(pathPrefix + "/"), path != pathPrefix {
                let prefix = pathPrefix.hasSuffix("/") ? String(pathPrefix.dropLast()) : pathPrefix
                request.head.path = prefix + (path.hasPrefix("/") ? path : "/" + path)
            }
        }
        // A request without fields of its own takes the defaults whole, sharing their storage:
        // appending them one by one copied it, about 1,000 instructions a request.
        if request.headerFields.isEmpty {
            request.headerFields = headerFields
        } else {
            // Tested by name against the request's own fields, so that a default given more than
            // once (two Accept values) is sent whole, as to a request without fields. The
            // subscript would join the values of a field that is present.
            let own = request.headerFields
            for field in headerFields where !own.contains(where: { $0.name == field.name }) {
                request.headerFields.append(field)
            }
        }
        if !queryItems.isEmpty {
            var items = request.queryItems
            let present = Set(items.map(\.name))
            items.append(contentsOf: queryItems.filter { !present.contains($0.name) })
            request.queryItems = items
        }
    }
}

/// Overrides the chain's ``ServerEnvironment`` for one request.
public enum ServerEnvironmentOption: RequestOption {
    /// No override.
    public static let defaultValue: ServerEnvironment? = nil
}
