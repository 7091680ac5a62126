internal import Locking
import DequeModule

/// Whether a request counts against the ``ThrottleLoader``'s limit.
public enum ThrottleOption: RequestOption {
    /// Throttled by default.
    public static let defaultValue: Throttling = .throttled
}

/// A request's throttling policy.
public enum Throttling: Sendable, Hashable {
    /// Waits for a slot like every other request.
    case throttled
    /// Bypasses the limit (e.g. a token refresh that must not queue behind the requests it unblocks).
    case unthrottled
}

/// Limits how many requests run at once; the rest wait in FIFO order.
///
/// A limit of 0 pauses the loader; raising the limit drains the queue in order. A waiting
/// request whose task is cancelled leaves the queue at once and fails with
/// ``LoadError/Code-swift.enum/cancelled``; a reset fails every waiting request.
public final class ThrottleLoader: ChainedLoader {
    /// The link to the next loader.
    public let next = NextLoader()
    private let state: Locked<State>

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var limit: Int
        var running = 0
        var queue = Deque<Waiter>()
        var nextId: UInt64 = 0

        /// Resumes queued waiters while slots are free; each resumed waiter holds a slot.
        mutating func admitWaiting() -> [Waiter] {
            var admitted: [Waiter] = []
            while running < limit, let waiter = queue.popFirst() {
                running += 1
                admitted.append(waiter)
            }
            return admitted
        }
    }

    /// Creates a loader allowing `maximumConcurrentRequests` at once.
    public init(maximumConcurrentRequests: Int) {
        precondition(maximumConcurrentRequests >= 0, "The limit cannot be negative")
        state = Locked(State(limit: maximumConcurrentRequests))
    }

    /// The limit; 0 pauses. Raising it starts waiting requests in FIFO order.
    public var maximumConcurrentRequests: Int {
        get { state.withLock { $0.limit } }
        set {
            precondition(newValue >= 0, "The limit cannot be negative")
            let admitted = state.withLock { state in
                state.limit = newValue
                return state.admitWaiting()
            }
            for waiter in admitted { waiter.continuation.resume() }
        }
    }

    /// How many requests wait for a slot.
    public var waitingCount: Int { state.withLock { $0.queue.count } }

    /// How many throttled requests are running.
    public var runningCount: Int { state.withLock { $0.running } }

    /// Waits for a slot (unless the request opts out), forwards, and frees the slot.
    public func load(_ request: consuming LoadRequest) async throws(LoadError) -> LoadResponse {
        guard request.options[ThrottleOption.self] == .throttled else {
            return try await next.load(consume request)
        }
        // A free slot is taken under the lock alone: only a request that must queue makes the async call.
        if let id = takeSlotOrQueueNumber() { try await waitForSlot(id, for: request) }
        defer { release() }
        return try await next.load(consume request)
    }

    /// Fails every waiting request with ``LoadError/Code-swift.enum/resetInProgress``, then resets downstream.
    public func reset(in context: ResetContext) async {
        guard context.claim(self) else { return }
        let dropped = state.withLock { state in
            defer { state.queue.removeAll() }
            return Array(state.queue)
        }
        for waiter in dropped { waiter.continuation.resume(throwing: ResetDuringWait()) }
        await next.reset(in: context)
    }

    private struct ResetDuringWait: Error {}

    /// Takes a slot and returns nil, or returns the number under which to queue for one.
    private func takeSlotOrQueueNumber() -> UInt64? {
        state.withLock { state in
            if state.running < state.limit, state.queue.isEmpty {
                state.running += 1
                return nil
            }
            defer { state.nextId &+= 1 }
            return state.nextId
        }
    }

    /// Queues as `id` until a slot is handed over. Not inlined, to keep `load`'s async frame small:
    /// few requests queue.
    @inline(never)
    private func waitForSlot(_ id: UInt64, for request: LoadRequest) async throws(LoadError) {
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    // Checked under the lock so a cancellation racing this enqueue is seen either
                    // here or by the cancellation handler, never by neither.
                    let outcome = state.withLock { state -> [Waiter]? in
                        if Task.isCancelled { return nil }
                        state.queue.append(Waiter(id: id, continuation: continuation))
                        // A limit raised since the first check must not strand this waiter.
                        return state.admitWaiting()
                    }
                    guard let admitted = outcome else {
                        return continuation.resume(throwing: CancellationError())
                    }
                    for waiter in admitted { waiter.continuation.resume() }
                }
            } onCancel: {
                let waiter = state.withLock { state -> Waiter? in
                    guard let index = state.queue.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.queue.remove(at: index)
                }
                waiter?.continuation.resume(throwing: CancellationError())
            }
        } catch is ResetDuringWait {
            throw LoadError(.resetInProgress, request: request, message: "reset while waiting for a throttle slot")
        } catch {
            throw LoadError(.cancelled, request: request)
        }
    }

    private func release() {
        let admitted = state.withLock { state in
            state.running -= 1
            return state.admitWaiting()
        }
        for waiter in admitted { waiter.continuation.resume() }
    }
}
