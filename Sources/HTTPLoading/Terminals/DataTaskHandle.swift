internal import Locking
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One data task's start, cancellation and end, made to happen one at a time.
///
/// FoundationNetworking (Linux) loses or traps on a task whose `cancel()` comes at the wrong
/// moment, and the caller's cancellation and the deadline timer arrive on arbitrary threads:
/// - A task cancelled before its receiver is registered reports its end to nobody, and the load
///   waits for ever: so a cancel that arrives before `resume()` is only noted, and `resume()`
///   carries it out once the receiver is in place.
/// - A cancel that lands after the delegate heard the task's end, but before the session marked
///   it completed, reports a second end after the task has left the session's registry ("Trying
///   to access a behaviour for a task that in not in the registry", a SIGILL): so a finished task
///   is never cancelled.
///
/// Every `resume`, `cancel` and `finish` goes through one lock.
final class DataTaskHandle: Sendable {
    private enum State {
        /// Created, not resumed; `cancelRequested` once a cancel has arrived.
        case created(cancelRequested: Bool)
        case running
        /// Cancelled, or its end reported: it must not be cancelled (again).
        case settled
    }

    // The task is only touched inside `state`'s lock. (`URLSessionTask` is `Sendable` in
    // FoundationNetworking and in Apple's SDKs, so no `nonisolated(unsafe)` is needed.)
    private let task: URLSessionDataTask
    private let state = Locked(State.created(cancelRequested: false))

    /// The session's identifier of the task.
    let taskIdentifier: Int

    init(_ task: URLSessionDataTask) {
        self.task = task
        taskIdentifier = task.taskIdentifier
    }

    /// Starts the task, once its receiver is registered. If a cancel came first, the task is
    /// cancelled instead, and the session reports its end as a cancellation.
    func resume() {
        state.withLock { state in
            guard case .created(let cancelRequested) = state else { return }
            if cancelRequested {
                state = .settled
                task.cancel()
            } else {
                state = .running
                task.resume()
            }
        }
    }

    /// Cancels the task once, if it has not finished; before `resume()` it only notes the
    /// request. Safe from any thread, at any time.
    func cancel() {
        state.withLock { state in
            switch state {
            case .created: state = .created(cancelRequested: true)
            case .running:
                state = .settled
                task.cancel()
            case .settled: break
            }
        }
    }

    /// Records that the session reported the task's end: later cancels do nothing.
    func finish() {
        state.withLock { $0 = .settled }
    }
}
