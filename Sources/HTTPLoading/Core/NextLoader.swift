internal import Locking

/// The set-once link from a ``ChainedLoader`` to the loader after it.
public final class NextLoader: Sendable {
    private let loader = Locked<(any HTTPLoader)?>(nil)

    /// Creates an unconnected link.
    public init() {}

    /// The connected loader, if any.
    public var connected: (any HTTPLoader)? { loader.withLock { $0 } }

    /// Connects the link. A link can be connected only once: rewiring a live chain would let
    /// requests in flight finish on a different chain than they started on.
    public func connect(_ next: any HTTPLoader) {
        loader.withLock { current in
            precondition(current == nil, "A loader's next loader may only be set once")
            current = next
        }
    }

    /// Hands `request` to the next loader, or fails with ``LoadError/Code-swift.enum/noNextLoader``.
    ///
    /// Inlined into each loader: as a call of its own it added an async frame and an executor
    /// check to every hop of every request.
    @inlinable @inline(__always)
    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        guard let next = connected else {
            throw LoadError(.noNextLoader, request: request, message: "the chain ends without a terminal loader")
        }
        return try await next.load(request)
    }

    /// Passes a reset to the next loader, if connected.
    public func reset(in context: ResetContext) async {
        await connected?.reset(in: context)
    }
}
