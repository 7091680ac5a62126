internal import Locking
import HTTPLoading

/// Holds mock responses until the test opens it; deterministic ordering without sleeping.
public final class MockGate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        var nextId: UInt64 = 0
        var arrivals: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var arrived = 0
    }

    private let state = Locked(State())

    /// Creates a closed gate.
    public init() {}

    /// Opens the gate: every waiter continues, and later waiters pass at once.
    public func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// How many tasks wait at the gate.
    public var waitingCount: Int { state.withLock { $0.waiters.count } }

    /// Returns once `count` tasks have arrived at the gate in total.
    public func waitForArrivals(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if state.arrived >= count { return true }
                state.arrivals.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Waits until the gate opens; throws `CancellationError` if the task is cancelled first.
    public func wait() async throws {
        let id = state.withLock { state in
            defer { state.nextId &+= 1 }
            return state.nextId
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, arrivals) = state.withLock { state -> (Bool?, [CheckedContinuation<Void, Never>]) in
                    state.arrived += 1
                    let arrivals = state.arrivals.filter { $0.count <= state.arrived }.map(\.continuation)
                    state.arrivals.removeAll { $0.count <= state.arrived }
                    if Task.isCancelled { return (false, arrivals) }
                    if state.isOpen { return (true, arrivals) }
                    state.waiters[id] = continuation
                    return (nil, arrivals)
                }
                for arrival in arrivals { arrival.resume() }
                switch outcome {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
