internal import Locking

/// Runs one whole exchange under its ``RequestDeadlineOption``, for terminal loaders.
///
/// Transports time out connections and silences, but a server that keeps sending a byte now and
/// then defeats those; this bounds the exchange as a whole. Public so that terminal loaders in
/// other modules enforce the deadline the same way.
public enum ExchangeDeadline {
    /// Durations this long or longer mean "no deadline" (and would overflow a clock's instant).
    public static let unlimited: Duration = .seconds(365 * 24 * 3600)

    /// Runs `operation`; if it has not finished after `deadline`, cancels it and throws
    /// ``LoadError/Code-swift.enum/timedOut`` for `request`.
    ///
    /// Cancelling the calling task cancels `operation`, reported as it reports cancellation.
    public static func run<T: Sendable>(
        _ deadline: Duration,
        for request: LoadRequest,
        _ operation: @escaping @Sendable () async throws(LoadError) -> T
    ) async throws(LoadError) -> T {
        try await run(deadline, for: request, watchdog: .shared, operation)
    }

    /// ``run(_:for:_:)`` with the watchdog to register with (tests give their own).
    static func run<T: Sendable>(
        _ deadline: Duration,
        for request: LoadRequest,
        watchdog: DeadlineWatchdog,
        _ operation: @escaping @Sendable () async throws(LoadError) -> T
    ) async throws(LoadError) -> T {
        guard deadline < unlimited else { return try await operation() }
        // The operation runs in a task of its own, so the watchdog can cancel it; the caller's
        // cancellation is forwarded to it.
        let timedOut = Locked(false)
        let task = Task { () async -> Result<T, LoadError> in
            do throws(LoadError) { return .success(try await operation()) } catch { return .failure(error) }
        }
        let watch = watchdog.register(deadline: ContinuousClock.now + deadline) {
            timedOut.withLock { $0 = true }
            task.cancel()
        }
        let outcome = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        watchdog.unregister(watch)
        // An answer that arrived is kept; a failure after the deadline passed is the deadline's.
        if case .failure = outcome, timedOut.withLock({ $0 }) {
            throw LoadError(.timedOut, request: request, message: "no complete answer within the deadline of \(deadline)")
        }
        return try outcome.get()
    }
}
