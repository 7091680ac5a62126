import Foundation

extension Resource {
    /// Adds `observer`, held weakly; it is told ``ResourceEvent/observerAdded`` at once (and no
    /// other observer is). Adding an observer that is already observing does nothing.
    public func addObserver(_ observer: any ResourceObserver) {
        guard observers.add(observer) else { return }
        observersChanged()
        observers.lastRecipient()?(self, .observerAdded)
    }

    /// Adds a closure observer that lives as long as `owner`; it is told
    /// ``ResourceEvent/observerAdded`` at once.
    public func addObserver(owner: AnyObject, _ callback: @escaping @MainActor (Resource, ResourceEvent) -> Void) {
        observers.add(owner: owner, callback)
        observersChanged()
        callback(self, .observerAdded)
    }

    /// Removes every observer owned by `owner`, and `owner` itself if it observes.
    public func removeObservers(ownedBy owner: AnyObject) {
        observers.remove(ownedBy: owner)
        observersChanged()
    }

    /// How many observers are left (observers whose owner is gone are dropped first).
    public var observerCount: Int {
        let count = observers.compact()
        if count == 0, unobservedSince == nil { unobservedSince = service.clock.now }
        return count
    }

    /// Whether anything observes this resource. An observed resource is never evicted.
    public var isObserved: Bool { observerCount > 0 }

    /// The states of this resource: the current one at once, then one after every event.
    /// Iterating counts as observing; the observer goes when the iteration ends.
    public func states() -> AsyncStream<ResourceState<any Sendable>> {
        let (stream, continuation) = AsyncStream.makeStream(of: ResourceState<any Sendable>.self)
        let owner = StreamOwner()
        addObserver(owner: owner) { resource, _ in continuation.yield(resource.state) }
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.removeObservers(ownedBy: owner) }
        }
        return stream
    }

    /// The events of this resource, starting with ``ResourceEvent/observerAdded``.
    public func events() -> AsyncStream<ResourceEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: ResourceEvent.self)
        let owner = StreamOwner()
        addObserver(owner: owner) { _, event in continuation.yield(event) }
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.removeObservers(ownedBy: owner) }
        }
        return stream
    }

    /// Tells every observer about `event`.
    func notify(_ event: ResourceEvent) {
        _ = observerCount
        for recipient in observers.recipients() { recipient(self, event) }
    }

    private func observersChanged() {
        unobservedSince = observers.compact() == 0 ? (unobservedSince ?? service.clock.now) : nil
    }
}

/// Owns the observer behind an async stream until the stream terminates.
private final class StreamOwner: Sendable {}
