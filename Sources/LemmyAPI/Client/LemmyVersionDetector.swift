internal import Locking
import HTTPLoading

/// Runs one version detection at a time and shares its outcome with every caller.
///
/// Callers that arrive while a detection is in flight wait for it instead of starting their own.
/// A caller whose task is cancelled leaves with ``LemmyClientError/cancelled``; the detection is
/// cancelled only when no caller is left. A failure is not remembered: the next caller tries again.
final class LemmyVersionDetector: Sendable {
    typealias Outcome = Result<LemmyServerVersion, LemmyClientError>
    private typealias Waiter = CheckedContinuation<Outcome, Never>

    private struct State {
        var known: LemmyServerVersion?
        var flight: (id: UInt64, task: Task<Void, Never>)?
        var waiters: [UInt64: Waiter] = [:]
        var nextId: UInt64 = 0
    }

    private let state: Locked<State>
    private let detect: @Sendable () async -> Outcome

    /// Creates a detector; `known` skips detection.
    init(known: LemmyServerVersion?, detect: @escaping @Sendable () async -> Outcome) {
        var initial = State()
        initial.known = known
        state = Locked(initial)
        self.detect = detect
    }

    /// The version, once known.
    var current: LemmyServerVersion? { state.withLock { $0.known } }

    /// The version, detecting it if needed.
    func version() async throws(LemmyClientError) -> LemmyServerVersion {
        if let known = current { return known }
        let id = state.withLock { state in
            defer { state.nextId &+= 1 }
            return state.nextId
        }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                let immediate = state.withLock { state -> Outcome? in
                    if let known = state.known { return .success(known) }
                    if Task.isCancelled { return .failure(.cancelled) }
                    state.waiters[id] = continuation
                    if state.flight == nil {
                        let flightId = id
                        state.flight = (flightId, Task { await self.run(flightId: flightId) })
                    }
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let (waiter, abandoned) = state.withLock { state -> (Waiter?, Task<Void, Never>?) in
                let waiter = state.waiters.removeValue(forKey: id)
                guard waiter != nil, state.waiters.isEmpty, let flight = state.flight else { return (waiter, nil) }
                state.flight = nil
                return (waiter, flight.task)
            }
            abandoned?.cancel()
            waiter?.resume(returning: .failure(.cancelled))
        }
        return try outcome.get()
    }

    private func run(flightId: UInt64) async {
        let outcome = await detect()
        let waiters = state.withLock { state -> [Waiter] in
            guard state.flight?.id == flightId else { return [] }
            state.flight = nil
            if case .success(let version) = outcome { state.known = version }
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
