/// A tier class whose values come from snapshots (every generated tier class).
///
/// A model shows one snapshot of values and keeps its last server-confirmed state apart only
/// while the two can differ: from the first optimistic change of a mutation until its queue
/// drains (``holdConfirmed()``, ``showConfirmed()``), or after a confirmation not shown yet.
/// Otherwise the confirmed state is what is shown, held once: keeping a second copy of every
/// model's values cost each new model a retain of each of its strings, and a release of each
/// when it went (the FeedScroll benchmark's 10,000 posts).
///
/// So a shown value may change only in a mutation's optimistic change (after
/// ``holdConfirmed()``) or through a merge or confirmation: a value written to an observed
/// property otherwise becomes the confirmed state, as nothing holds the old one apart. Reading
/// ``confirmed`` copies the whole snapshot; ``readConfirmed(_:)`` reads it in place.
@MainActor protocol SnapshotBacked: AnyObject {
    associatedtype Snapshot: Equatable
    /// The last server-confirmed values where they can differ from the shown ones; nil when
    /// they are the shown ones.
    var heldConfirmed: HeldSnapshot<Snapshot>? { get set }
    /// The sequence number (see ``ApiClient/mergeSequence``) of the request the confirmed state
    /// came from.
    var confirmedSequence: UInt64 { get set }
    /// The sequence number of the last answer merged into the model, whether or not it was
    /// newer than the confirmed state (0: none yet). Set by ``mergeAnswer(_:sequence:)`` and
    /// `WeakCache.register` only; read where an answer repeats objects (posts, people,
    /// communities).
    var mergedSequence: UInt64 { get set }
    /// The model's mutation queue.
    var mutations: MutationQueue { get set }
    /// The values shown now, read from the backing storage (no observed access).
    var snapshot: Snapshot { get }
    /// `read` applied to the confirmed state in place: reading a field of ``confirmed`` copies
    /// every value of the snapshot first.
    func readConfirmed<T>(_ read: (borrowing Snapshot) -> T) -> T
    /// Writes the fields that differ.
    func apply(_ snapshot: Snapshot)
}

extension SnapshotBacked {
    /// The last server-confirmed values (the rollback target of optimistic mutations). Setting
    /// them keeps them apart from the shown values until ``showConfirmed()``.
    var confirmed: Snapshot {
        get { heldConfirmed?.value ?? snapshot }
        set {
            if let held = heldConfirmed {
                held.value = newValue
            } else {
                heldConfirmed = HeldSnapshot(newValue)
            }
        }
    }

    /// Keeps the confirmed state apart before an optimistic change makes the shown values differ.
    func holdConfirmed() {
        if heldConfirmed == nil { heldConfirmed = HeldSnapshot(snapshot) }
    }

    /// Shows the confirmed state, which is then the shown one again (a drained mutation queue,
    /// a confirmation made while none was in flight).
    func showConfirmed() {
        guard let held = heldConfirmed else { return }
        apply(held.value)
        heldConfirmed = nil
    }

    /// Whether `snapshot` is the confirmed state, compared in place.
    func confirms(_ snapshot: Snapshot) -> Bool {
        readConfirmed { $0 == snapshot }
    }

    /// Merges server-confirmed values: they become the confirmed state, and are shown at once
    /// unless a mutation is in flight (then the queue shows the confirmed state when it drains).
    /// An answer's values go through ``mergeAnswer(_:sequence:)``; this alone is for the model's
    /// own values with a confirmed change.
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
        assert(
            mutations.isBusy || heldConfirmed.map { self.snapshot == $0.value } ?? true,
            "a model shows other values than it confirmed, with no mutation in flight")
        guard !confirms(snapshot) else { return }
        if mutations.isBusy {
            confirmed = snapshot
        } else {
            apply(snapshot)
            heldConfirmed = nil
        }
    }

    /// ``merge(_:sequence:)`` of the values a server answer brings, noting the answer in
    /// ``mergedSequence`` so that another place of it is not merged again (see
    /// `ApiClient.mergedFromThisAnswer`). A merge made here of the model's own values with a
    /// change (a block list read, a confirmed moderation) uses `merge` alone: it brings no more
    /// of the answer than that change.
    func mergeAnswer(_ snapshot: Snapshot, sequence: UInt64) {
        mergedSequence = sequence
        merge(snapshot, sequence: sequence)
    }
}

/// A model's confirmed state while it is kept apart from the shown one (see ``SnapshotBacked``):
/// a reference, so that a model that holds none (almost every model, almost always) stores one
/// word for it and tells that it holds none by that word alone.
final class HeldSnapshot<Snapshot> {
    /// The confirmed values.
    var value: Snapshot

    init(_ value: Snapshot) {
        self.value = value
    }
}

extension WeakCache where Value: SnapshotBacked {
    /// The live object for `key`, updated in place with `snapshot` (the answer to request
    /// `sequence`, noted as merged: give it only an answer's values), or nil if there is none:
    /// the caller then makes one from `snapshot` and registers it (``register(_:for:sequence:)``).
    ///
    /// Two steps rather than one taking a closure that makes the model: a closure can only copy
    /// what it captures, and a new model can take its snapshot and the models it refers to
    /// without a copy (a retain of each model and of each string of the snapshot, and the
    /// release after).
    func update(_ key: Key, with snapshot: Value.Snapshot, sequence: UInt64) -> Value? {
        guard let existing = self[key] else { return nil }
        existing.mergeAnswer(snapshot, sequence: sequence)
        return existing
    }

    /// ``register(_:for:sequence:)`` without a lookup first, for a tier whose lower tier was not
    /// cached: a higher tier holds its lower one, and a purge drops every tier, so none can be
    /// cached (checked in debug builds).
    func registerNew(_ value: Value, for key: Key, sequence: UInt64) -> Value {
        assert(self[key] == nil, "a higher tier cached while its lower tier is not")
        return register(value, for: key, sequence: sequence)
    }

    /// Registers `value` under `key`, a model just made from the answer to request `sequence`.
    func register(_ value: Value, for key: Key, sequence: UInt64) -> Value {
        value.confirmedSequence = sequence
        value.mergedSequence = sequence
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
        if !confirms(snapshot) { confirmed = snapshot }
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
        guard !confirms(snapshot) else { return }
        confirmed = snapshot
        if !mutations.isBusy { showConfirmed() }
    }
}
