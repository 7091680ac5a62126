internal import Locking
import HTTPTypes

/// Applies a ``ServerEnvironment`` (base URL, path prefix, default headers such as User-Agent)
/// to every request; a request may carry its own with ``ServerEnvironmentOption``.
public final class ServerEnvironmentLoader: ChainedLoader {
    /// The link to the next loader.
    public let next = NextLoader()
    private let current: Locked<Prepared>

    /// The environment with the origin's pseudo-header fields built once, in a class so that a
    /// request reads it with one retain.
    private final class Prepared: Sendable {
        let environment: ServerEnvironment
        let scheme: HTTPField
        let authority: HTTPField

        init(_ environment: ServerEnvironment) {
            self.environment = environment
            // Taken from a request head: swift-http-types builds pseudo-header fields only there.
            let head = HTTPRequest(method: .get, scheme: environment.scheme, authority: environment.authority, path: nil)
            scheme = head.pseudoHeaderFields.scheme!
            authority = head.pseudoHeaderFields.authority!
        }
    }

    /// Creates a loader applying `environment`.
    public init(_ environment: ServerEnvironment) {
        current = Locked(Prepared(environment))
    }

    /// The environment applied to requests that do not carry their own; may be changed live.
    public var environment: ServerEnvironment {
        get { current.withLock { $0.environment } }
        set {
            let prepared = Prepared(newValue)
            current.withLock { $0 = prepared }
        }
    }

    /// Completes the request and forwards it.
    public func load(_ request: consuming LoadRequest) async throws(LoadError) -> LoadResponse {
        complete(&request)
        return try await next.load(consume request)
    }

    /// `request` with the environment applied. Not inlined, to keep `load`'s async frame small:
    /// its temporaries then live on the thread's stack.
    @inline(never)
    private func complete(_ request: inout LoadRequest) {
        if let own = request.options[ServerEnvironmentOption.self] {
            own.apply(to: &request)
        } else {
            let prepared = current.withLock { $0 }
            prepared.environment.apply(to: &request) { head in
                head.pseudoHeaderFields.scheme = prepared.scheme
                head.pseudoHeaderFields.authority = prepared.authority
            }
        }
    }
}
