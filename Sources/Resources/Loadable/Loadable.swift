/// Anything that loads content the way a resource does: a ``TypedResource``, an
/// ``AsyncLoadable`` over a closure or an `AsyncSequence`, or a fake. Display logic
/// (``DisplayRules``, ``DisplayModel``, `ResourceView`) works with any of them.
@MainActor
public protocol Loadable<Content> {
    /// The type of content.
    associatedtype Content: Sendable

    /// A snapshot of the current state. Reading it from an observation-tracking context (a
    /// SwiftUI body) tracks it.
    var state: ResourceState<Content> { get }

    /// Loads unless the content is up to date or a load is in flight.
    func loadIfNeeded()

    /// Loads again, e.g. from a "try again" button.
    func reload()

    /// Whether ``reload()`` can do anything (a fixed fake cannot).
    var canReload: Bool { get }

    /// The states: the current one at once, then one per change.
    func states() -> AsyncStream<ResourceState<Content>>
}

extension Loadable {
    /// The status the display rules need, including whether the source can reload.
    public var loadableStatus: LoadableStatus {
        var status = state.displayStatus
        status.canReload = canReload
        return status
    }

    /// The content, whenever there is some; iterate to follow a loadable's content only.
    public func contents() -> AsyncStream<Content> {
        let states = states()
        return AsyncStream { continuation in
            let task = Task {
                for await state in states {
                    if let content = state.content { continuation.yield(content) }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
