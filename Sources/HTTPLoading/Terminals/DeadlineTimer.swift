import Dispatch
internal import Locking

/// A one-shot timer that runs `expire` once `duration` has passed unless cancelled first, and
/// remembers whether it fired: a terminal's exchange deadline without a task or task group of
/// its own. Cancelling removes the timer at once. (With a sleeping child task per exchange, the
/// AsyncHTTPClient benchmark's peak memory was 75 MB against 44 MB for AsyncHTTPClient used
/// directly, which suggests cancelled sleeps stay scheduled until their time; not verified.)
final class DeadlineTimer: @unchecked Sendable {
    // Unchecked: a dispatch source may be cancelled from any thread (Linux's Dispatch does not
    // mark its protocols Sendable); the flag is behind a lock.
    private let source: any DispatchSourceTimer
    private let state = Locked(false)

    /// Schedules `expire` after `duration`.
    init(after duration: Duration, _ expire: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeTimerSource(queue: .global())
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let interval: DispatchTimeInterval =
            nanoseconds.overflow ? .never : .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000))
        source.schedule(deadline: .now() + interval)
        source.setEventHandler { [state] in
            state.withLock { $0 = true }
            expire()
        }
        source.activate()
    }

    /// Whether the time ran out.
    var fired: Bool { state.withLock { $0 } }

    /// Stops the timer if it has not fired.
    func cancel() { source.cancel() }
}
