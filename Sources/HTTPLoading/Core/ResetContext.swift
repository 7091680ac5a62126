internal import Locking

/// One chain-wide reset in progress; remembers which loaders it has reached.
///
/// A composite loader turns a chain into a graph, so two paths may lead to the same loader.
/// Each loader claims the context before resetting, and resets only on its first claim.
public final class ResetContext: Sendable {
    private let visited = Locked<Set<ObjectIdentifier>>([])

    /// Creates a context for a new reset.
    public init() {}

    /// Returns `true` the first time `loader` claims this reset, `false` afterwards.
    public func claim(_ loader: AnyObject) -> Bool {
        visited.withLock { $0.insert(ObjectIdentifier(loader)).inserted }
    }
}
