public import Foundation
public import HTTPLoading
public import HTTPTypes

/// Hands out one ``Resource`` per URL under a base URL, loads them through an HTTPLoading chain,
/// decodes their content, and keeps (or evicts) them.
///
/// A service, its resources and their observable state live on the main actor: they feed UI.
/// Network I/O and decoding run off it.
///
/// <!-- sample: doc-resourceservice -->
/// ```swift
/// let service = ResourceService(baseURL: URL(string: "https://api.example.com")!,
///                               loader: ValidationLoader(policy: .successfulOrNotModified) --> URLSessionLoader())
/// service.configure("/users/*") { $0.expirationTime = .seconds(60) }
/// let user: TypedResource<User> = service.resource("/users/42", decoding: User.self)
/// ```
@MainActor
public final class ResourceService {
    /// The URL that resource paths are appended to.
    public let baseURL: URL
    /// The chain every request goes through.
    public let loader: any HTTPLoader
    /// The clock for timestamps, expiry, retry and eviction.
    public let clock: ResourceClock
    /// Where successful responses persist between runs, if anywhere.
    public let persistentCache: (any ResourceCache)?
    /// Decoders chosen by `Content-Type` when a resource has no decoder of its own; the first
    /// match wins. By default `text/*` becomes a `String` and anything else stays `Data`.
    public var contentDecoders: [ContentTypeDecoder] = [ContentTypeDecoder("text/*", .text), ContentTypeDecoder("*/*", .data)]
    /// How many resources are held before unobserved ones are evicted. Default 100.
    public var resourceCountLimit = 100
    /// How long a resource must have gone unobserved before it may be evicted. Default 10 s.
    public var evictionGracePeriod: Duration = .seconds(10)

    private var rules: [ConfigurationRule] = []
    private var pool = ResourcePool()

    /// Creates a service.
    public init(baseURL: URL, loader: any HTTPLoader, clock: ResourceClock = .system, persistentCache: (any ResourceCache)? = nil) {
        self.baseURL = baseURL
        self.loader = loader
        self.clock = clock
        self.persistentCache = persistentCache
    }

    /// The resource for `path` (which may carry a query) appended to ``baseURL``.
    public func resource(_ path: String) -> Resource {
        resource(absoluteURL: ResourceURL.join(baseURL, path))
    }

    /// The resource for `path`, typed and decoded as JSON into `T` unless a decoder is configured.
    public func resource<T: Decodable & Sendable>(_ path: String, decoding type: T.Type) -> TypedResource<T> {
        resource(path).decoding(T.self)
    }

    /// The resource for an absolute URL; the same instance for equivalent URLs.
    public func resource(absoluteURL url: URL) -> Resource {
        let url = ResourceURL.normalize(url)
        if let existing = pool.resource(for: url) { return existing }
        let created = Resource(url: url, service: self)
        pool.insert(created)
        if pool.residentCount > resourceCountLimit {
            pool.evict(downTo: resourceCountLimit, now: clock.now, gracePeriod: evictionGracePeriod, sparing: url)
        }
        return created
    }

    /// Adds a configuration rule for resources whose path (relative to ``baseURL``) matches
    /// `pattern`, for requests with one of `methods` (all when `nil`). Rules apply in the order
    /// they were added, later ones over earlier ones.
    public func configure(
        _ pattern: URLPattern = .all,
        methods: Set<HTTPRequest.Method>? = nil,
        _ apply: @escaping @Sendable (inout ResourceConfiguration) -> Void
    ) {
        rules.append(ConfigurationRule(pattern: pattern, methods: methods, apply: apply))
    }

    /// Evicts every resource that has gone unobserved for the grace period. Evicted resources
    /// that nothing else holds are freed; ones still held elsewhere keep their identity.
    public func flushUnusedResources() {
        pool.evict(downTo: nil, now: clock.now, gracePeriod: evictionGracePeriod)
    }

    /// How many resources the service holds strongly.
    public var residentResourceCount: Int { pool.residentCount }

    /// The configuration of the resource at `url` for `method`: the service's matching rules in
    /// order, then `own` (the resource's rule).
    func configuration(for url: URL, method: HTTPRequest.Method, own: ConfigurationRule?) -> ResourceConfiguration {
        let path = relativePath(of: url)
        var configuration = ResourceConfiguration()
        for rule in rules where rule.applies(toPath: path, method: method) {
            rule.apply(&configuration)
        }
        if let own, own.methods?.contains(method) ?? true { own.apply(&configuration) }
        return configuration
    }

    private func relativePath(of url: URL) -> String {
        let path = url.path
        var basePath = baseURL.path
        while basePath.hasSuffix("/") { basePath.removeLast() }
        guard url.host == baseURL.host, !basePath.isEmpty, path == basePath || path.hasPrefix(basePath + "/") else { return path }
        let relative = String(path.dropFirst(basePath.count))
        return relative.isEmpty ? "/" : relative
    }
}
