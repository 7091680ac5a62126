internal import Locking

/// Applies a ``ServerEnvironment`` (base URL, path prefix, default headers such as User-Agent)
/// to every request; a request may carry its own with ``ServerEnvironmentOption``.
public final class ServerEnvironmentLoader: ChainedLoader {
    /// The link to the next loader.
    public let next = NextLoader()
    private let current: Locked<ServerEnvironment>

    /// Creates a loader applying `environment`.
    public init(_ environment: ServerEnvironment) {
        current = Locked(environment)
    }

    /// The environment applied to requests that do not carry their own; may be changed live.
    public var environment: ServerEnvironment {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    /// Completes the request and forwards it.
    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        var request = request
        let environment = request.options[ServerEnvironmentOption.self] ?? self.environment
        environment.apply(to: &request)
        return try await next.load(request)
    }
}
