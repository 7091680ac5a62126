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
        guard deadline < unlimited else { return try await operation() }
        let outcome = await withTaskGroup(of: Result<T, LoadError>?.self) { group in
            group.addTask {
                do throws(LoadError) { return .success(try await operation()) } catch { return .failure(error) }
            }
            group.addTask {
                // Cancelled: the exchange finished first, or the caller gave up; either way not a timeout.
                do { try await Task.sleep(for: deadline) } catch { return nil }
                return .failure(LoadError(.timedOut, request: request, message: "no complete answer within the deadline of \(deadline)"))
            }
            var first: Result<T, LoadError>?
            while first == nil, let next = await group.next() { first = next }
            group.cancelAll()
            return first
        }
        // The operation's child always yields a value, so `outcome` is only nil if the group is empty.
        guard let outcome else { throw LoadError(.cancelled, request: request) }
        return try outcome.get()
    }
}
