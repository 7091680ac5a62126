/// An object told about every change of the resources it observes.
@MainActor
public protocol ResourceObserver: AnyObject {
    /// Called after `resource` changed; first with ``ResourceEvent/observerAdded`` when added.
    func resourceChanged(_ resource: Resource, event: ResourceEvent)
}

/// The observers of one resource.
///
/// Object observers are held weakly; closure observers are held for as long as their owner
/// lives. Observers whose owner is gone are dropped the next time the registry is used.
@MainActor
struct ObserverRegistry {
    typealias Callback = @MainActor (Resource, ResourceEvent) -> Void

    private struct Entry {
        weak var owner: AnyObject?
        let ownerId: ObjectIdentifier
        weak var object: (any ResourceObserver)?
        let callback: Callback?
    }

    private var entries: [Entry] = []

    /// Drops observers whose owner is gone; returns how many are left.
    mutating func compact() -> Int {
        entries.removeAll { $0.owner == nil }
        return entries.count
    }

    /// Adds an object observer (held weakly, owned by itself); returns `false` if it was
    /// already observing.
    mutating func add(_ observer: any ResourceObserver) -> Bool {
        _ = compact()
        let id = ObjectIdentifier(observer)
        guard !entries.contains(where: { $0.ownerId == id && $0.callback == nil }) else { return false }
        entries.append(Entry(owner: observer, ownerId: id, object: observer, callback: nil))
        return true
    }

    /// Adds a closure observer kept while `owner` lives.
    mutating func add(owner: AnyObject, _ callback: @escaping Callback) {
        _ = compact()
        entries.append(Entry(owner: owner, ownerId: ObjectIdentifier(owner), object: nil, callback: callback))
    }

    /// Removes every observer owned by `owner` (including `owner` itself as an observer).
    mutating func remove(ownedBy owner: AnyObject) {
        let id = ObjectIdentifier(owner)
        entries.removeAll { $0.ownerId == id || $0.owner == nil }
    }

    /// The observers to tell about a change, most recently added last. Callers deliver outside
    /// any access to the registry, so an observer may add or remove observers while being told.
    func recipients() -> [Callback] {
        entries.compactMap(Self.recipient)
    }

    /// The observer added last.
    func lastRecipient() -> Callback? {
        entries.last.flatMap(Self.recipient)
    }

    private static func recipient(_ entry: Entry) -> Callback? {
        if let callback = entry.callback { return callback }
        guard let object = entry.object else { return nil }
        return { [weak object] resource, event in object?.resourceChanged(resource, event: event) }
    }
}
