import Synchronization

/// The set-once link from a ``ChainedLoader`` to the loader after it.
public final class NextLoader: Sendable {
    /// Set once, read on every hop of every request: an atomic load of the address of a `Link`
    /// this object retains until it deinitializes, 0 before (a lock cost a lock and an unlock per
    /// hop, and Synchronization's `AtomicLazyReference` an unspecialized generic call).
    private let link = Atomic<UInt>(0)

    private final class Link {
        let loader: any HTTPLoader
        init(_ loader: any HTTPLoader) { self.loader = loader }
    }

    /// Creates an unconnected link.
    public init() {}

    deinit {
        if let pointer = UnsafeRawPointer(bitPattern: link.load(ordering: .acquiring)) { Unmanaged<Link>.fromOpaque(pointer).release() }
    }

    /// The connected loader, if any.
    public var connected: (any HTTPLoader)? {
        // Unretained is safe: a link, once stored, is never replaced and lives as long as `self`.
        guard let pointer = UnsafeRawPointer(bitPattern: link.load(ordering: .acquiring)) else { return nil }
        return Unmanaged<Link>.fromOpaque(pointer).takeUnretainedValue().loader
    }

    /// Connects the link. A link can be connected only once: rewiring a live chain would let
    /// requests in flight finish on a different chain than they started on.
    public func connect(_ next: any HTTPLoader) {
        let new = Unmanaged.passRetained(Link(next))
        let address = UInt(bitPattern: new.toOpaque())
        let (stored, _) = link.compareExchange(expected: 0, desired: address, ordering: .acquiringAndReleasing)
        if !stored {
            new.release()
            preconditionFailure("A loader's next loader may only be set once")
        }
    }

    /// Hands `request` to the next loader, or fails with ``LoadError/Code-swift.enum/noNextLoader``.
    ///
    /// Inlined into each loader: as a call of its own it added an async frame and an executor
    /// check to every hop of every request.
    @inlinable @inline(__always)
    public func load(_ request: consuming LoadRequest) async throws(LoadError) -> LoadResponse {
        guard let next = connected else {
            throw LoadError(.noNextLoader, request: request, message: "the chain ends without a terminal loader")
        }
        return try await next.load(consume request)
    }

    /// Passes a reset to the next loader, if connected.
    public func reset(in context: ResetContext) async {
        await connected?.reset(in: context)
    }
}
