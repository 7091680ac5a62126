/// A tier class whose values come from snapshots (every generated tier class).
@MainActor protocol SnapshotBacked: AnyObject {
    associatedtype Snapshot: Equatable
    /// The last server-confirmed values.
    var confirmed: Snapshot { get set }
    /// The model's mutation queue.
    var mutations: MutationQueue { get set }
    /// The values shown now.
    var snapshot: Snapshot { get }
    /// Writes the fields that differ.
    func apply(_ snapshot: Snapshot)
}

extension SnapshotBacked {
    /// Merges a server answer: it becomes the confirmed state, and is shown at once unless a
    /// mutation is in flight (then the queue shows the confirmed state when it drains).
    func merge(_ snapshot: Snapshot) {
        if confirmed != snapshot { confirmed = snapshot }
        if !mutations.isBusy { apply(snapshot) }
    }
}

extension WeakCache where Value: SnapshotBacked {
    /// The live object for `key`, updated in place with `snapshot`, or a new one made by `make`
    /// and registered.
    func merge(_ key: Key, _ snapshot: Value.Snapshot, make: () -> Value) -> Value {
        if let existing = self[key] {
            existing.merge(snapshot)
            return existing
        }
        let value = make()
        insert(value, for: key)
        return value
    }
}
