public import HTTPTypes

/// How a resource loads and keeps its data. Built per resource and request method from the
/// service's rules (``ResourceService/configure(_:methods:_:)``), applied in the order they were
/// added, then from the resource's own rule.
public struct ResourceConfiguration: Sendable {
    /// How long data stays fresh for ``Resource/loadIfNeeded()``. Default 30 s.
    public var expirationTime: Duration = .seconds(30)
    /// How long after an error ``Resource/loadIfNeeded()`` waits before trying again. Default 1 s.
    public var retryTime: Duration = .seconds(1)
    /// The decoder for successful responses; `nil` picks one by `Content-Type` from
    /// ``ResourceService/contentDecoders``.
    public var decoder: ContentDecoder?
    /// Header fields added to every request the resource sends.
    public var headerFields: HTTPFields = [:]
    /// Whether loads send `If-None-Match` with the stored entity tag. Default `true`.
    public var usesEntityTags = true
    /// Whether successful loads are written to the service's persistent cache. Default `true`.
    public var usesPersistentCache = true

    /// The defaults.
    public init() {}
}

/// One rule of a service's configuration.
struct ConfigurationRule: Sendable {
    let pattern: URLPattern
    let methods: Set<HTTPRequest.Method>?
    let apply: @Sendable (inout ResourceConfiguration) -> Void

    func applies(toPath path: String, method: HTTPRequest.Method) -> Bool {
        (methods?.contains(method) ?? true) && pattern.matches(path)
    }
}
