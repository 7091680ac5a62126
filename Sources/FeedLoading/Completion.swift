internal import Locking

/// A value that is resolved once by whichever side gets there first: the fetch finishing,
/// or a reset or cancellation giving up on it. Later resolutions are dropped, which is how a
/// fetch that finishes after a reset can never deliver its items.
///
/// The lock guards both the stored outcome and the waiting continuation, so resolving and
/// waiting may race from any task. The continuation is unchecked: the lock already resumes it
/// exactly once, and a checked one cost a class allocation and several type-metadata lookups
/// per page in this generic code.
final class Completion<Value: Sendable>: Sendable {
    private enum State {
        case pending(UnsafeContinuation<Value, Never>?)
        case resolved(Value)
    }

    private let state = Locked<State>(.pending(nil))

    /// Resolves with `value` unless already resolved.
    func resolve(_ value: Value) {
        let waiter: UnsafeContinuation<Value, Never>? = state.withLock { state in
            guard case .pending(let waiter) = state else { return nil }
            state = .resolved(value)
            return waiter
        }
        waiter?.resume(returning: value)
    }

    /// Waits for the value, on the caller's actor. Call at most once.
    ///
    /// `isolation` keeps the wait on the caller's actor. Without it, this nonisolated async
    /// method ran on the global executor: a loader on the main actor left it on every call and
    /// came back after the resumption, two thread switches a page even when the value was
    /// already there (an in-memory fetch finishes before the loader starts waiting).
    func value(isolation: isolated (any Actor)? = #isolation) async -> Value {
        let ready: Value? = state.withLock { state in
            if case .resolved(let value) = state { return value }
            return nil
        }
        if let ready { return ready }
        return await withUnsafeContinuation(isolation: isolation) { continuation in
            let ready: Value? = state.withLock { state in
                switch state {
                case .resolved(let value):
                    return value
                case .pending:
                    state = .pending(continuation)
                    return nil
                }
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
