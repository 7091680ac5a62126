/// A tier class whose values come from snapshots (every generated tier class).
@MainActor protocol SnapshotBacked: AnyObject {
    associatedtype Snapshot: Equatable
    /// The last server-confirmed values.
    var confirmed: Snapshot { get set }
    /// The sequence number (see ``ApiClient/mergeSequence``) of the request ``confirmed`` came from.
    var confirmedSequence: UInt64 { get set }
    /// The model's mutation queue.
    var mutations: MutationQueue { get set }
    /// The values shown now, read from the backing storage (no observed access).
    var snapshot: Snapshot { get }
    /// Writes the fields that differ.
    func apply(_ snapshot: Snapshot)
}

extension SnapshotBacked {
    /// Merges a server answer: it becomes the confirmed state, and is shown at once unless a
    /// mutation is in flight (then the queue shows the confirmed state when it drains).
    ///
    /// An answer to a request sent before the one that produced the current confirmed state is
    /// ignored: a slow read can never undo a later mutation.
    ///
    /// With no mutation in flight a model shows its confirmed state: a new model shows its
    /// snapshot, and every merge and every drained mutation queue applies the confirmed state
    /// (debug builds check it here). So an answer equal to the confirmed state changes nothing
    /// shown, and the field-by-field comparison of ``apply(_:)`` is skipped: a sixth of merging a
    /// page into the models that show it already (MiddlewareIngest's re-merge).
    func merge(_ snapshot: Snapshot, sequence: UInt64) {
        guard sequence >= confirmedSequence else { return }
        confirmedSequence = sequence
        assert(mutations.isBusy || self.snapshot == confirmed, "a model shows other values than it confirmed, with no mutation in flight")
        guard confirmed != snapshot else { return }
        confirmed = snapshot
        if !mutations.isBusy { apply(snapshot) }
    }
}

extension WeakCache where Value: SnapshotBacked {
    /// The live object for `key`, updated in place with `snapshot` (the answer to request
    /// `sequence`), or nil if there is none: the caller then makes one from `snapshot` and
    /// registers it (``register(_:for:sequence:)``).
    ///
    /// Two steps rather than one taking a closure that makes the model: a closure can only copy
    /// what it captures, and a new model can take its snapshot and the models it refers to
    /// without a copy (a retain of each model and of each string of the snapshot, and the
    /// release after).
    func update(_ key: Key, with snapshot: Value.Snapshot, sequence: UInt64) -> Value? {
        guard let existing = self[key] else { return nil }
        existing.merge(snapshot, sequence: sequence)
        return existing
    }

    /// Registers `value` under `key`, a model just made from the answer to request `sequence`.
    func register(_ value: Value, for key: Key, sequence: UInt64) -> Value {
        value.confirmedSequence = sequence
        insert(value, for: key)
        return value
    }
}

extension SnapshotBacked {
    /// Writes a change the server confirmed without sending the item back (a bare success
    /// answer), under the same guard as ``merge(_:sequence:)``: the change belongs to the request
    /// numbered `sequence`, so an answer to an older request merged later cannot undo it, and it
    /// does not overwrite what an answer to a newer request already confirmed.
    func confirm(sequence: UInt64, _ change: (inout Snapshot) -> Void) {
        guard sequence >= confirmedSequence else { return }
        confirmedSequence = sequence
        var snapshot = confirmed
        change(&snapshot)
        if confirmed != snapshot { confirmed = snapshot }
    }
}

extension SnapshotBacked {
    /// Writes a value the server dates itself and that is later than the one held, although it
    /// came with the answer to an older request (which ``merge(_:sequence:)`` drops): the
    /// sequence number orders requests by when they were sent, not by when the server handled
    /// them. Shown at once unless a mutation is in flight, as a merge is.
    func confirmOutOfOrder(_ change: (inout Snapshot) -> Void) {
        var snapshot = confirmed
        change(&snapshot)
        guard confirmed != snapshot else { return }
        confirmed = snapshot
        if !mutations.isBusy { apply(snapshot) }
    }
}
