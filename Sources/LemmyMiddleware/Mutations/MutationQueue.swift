/// Orders one model's mutations: each request is sent only after the previous one finished, so the
/// server applies them in the order the user made them and an earlier answer can never arrive after
/// a later one. Counts the mutations in flight, so that merges from unrelated fetches update the
/// confirmed state without undoing optimistic values shown meanwhile.
@MainActor struct MutationQueue {
    /// The last enqueued mutation.
    private var tail: Task<MutationResult, Never>?
    /// Mutations enqueued and not finished.
    private(set) var pending = 0

    /// The rollbacks of mutations that failed while later ones were queued, run when the queue
    /// drains: each restores state kept outside the model (account sets, counts) that its own
    /// optimistic change moved, and a later mutation's rollback does not know about it.
    private var failedRollbacks: [@MainActor () -> Void] = []

    /// Whether any mutation is enqueued or running.
    var isBusy: Bool { pending > 0 }

    /// Keeps `rollback`, of a mutation that failed without the server's state being read again,
    /// for the queue's drain.
    mutating func keepRollback(_ rollback: @escaping @MainActor () -> Void) { failedRollbacks.append(rollback) }

    /// Forgets the kept rollbacks: a later mutation succeeded or read the model again, and its
    /// answer brought the server's state (account sets included).
    mutating func forgetRollbacks() { failedRollbacks.removeAll() }

    /// The kept rollbacks, oldest first, forgotten by the queue.
    mutating func takeRollbacks() -> [@MainActor () -> Void] {
        defer { failedRollbacks.removeAll() }
        return failedRollbacks
    }

    /// Runs `operation` after every earlier mutation of this queue has finished.
    mutating func enqueue(_ operation: @escaping @MainActor () async -> MutationResult) -> Task<MutationResult, Never> {
        let previous = tail
        pending += 1
        let task = Task { @MainActor in
            _ = await previous?.value
            return await operation()
        }
        tail = task
        return task
    }

    /// Marks one mutation finished.
    mutating func finish() {
        pending -= 1
        if pending == 0 { tail = nil }
    }
}
