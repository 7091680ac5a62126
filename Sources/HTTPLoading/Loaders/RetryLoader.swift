import Foundation
import HTTPTypes

/// Retries failed requests according to each request's ``RetryStrategy``.
///
/// Transient transport failures and retryable statuses are retried; a `Retry-After` on 429 or 503
/// sets the delay. Non-idempotent requests are retried only with ``RetriesNonIdempotentOption``.
/// A cancellation, or a failure caused by a reset, is never retried, and cancelling the caller
/// cancels the attempt or the wait in progress. The caller sees one outcome: the last attempt's.
public final class RetryLoader<C: Clock>: ChainedLoader where C.Duration == Duration {
    /// The link to the next loader.
    public let next = NextLoader()
    private let defaultStrategy: RetryStrategy
    private let clock: C
    private let random: @Sendable () -> Double

    /// Creates a loader retrying with `defaultStrategy` unless a request carries its own.
    /// `clock` and `random` are injectable so tests need not wait or guess the jitter.
    public init(
        defaultStrategy: RetryStrategy = .exponential(retries: 3),
        clock: C,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.defaultStrategy = defaultStrategy
        self.clock = clock
        self.random = random
    }

    /// Sends the request, retrying as its strategy allows.
    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        guard let strategy = retryStrategy(for: request) else { return try await next.load(request) }
        var retry = 0
        while true {
            // No Result on the way: an answer that needs no retry passes straight through.
            let wait: Duration
            do throws(LoadError) {
                let response = try await next.load(request)
                guard retry < strategy.maximumRetries, !Task.isCancelled,
                    let delay = delay(after: response, strategy: strategy, retry: retry + 1)
                else { return response }
                wait = delay
            } catch {
                guard retry < strategy.maximumRetries, !Task.isCancelled,
                    let delay = delay(after: error, strategy: strategy, retry: retry + 1)
                else { throw error }
                wait = delay
            }
            retry += 1
            try await pause(for: wait, before: request)
        }
    }

    /// The request's strategy, or `nil` when it is not to be retried.
    @inline(never)
    private func retryStrategy(for request: LoadRequest) -> RetryStrategy? {
        let strategy = request.options[RetryStrategyOption.self] ?? defaultStrategy
        guard strategy.maximumRetries > 0, request.isIdempotent || request.options[RetriesNonIdempotentOption.self] else { return nil }
        return strategy
    }

    /// Waits `duration` on the clock before retrying `request`. A function of its own, to keep
    /// `load`'s async frame small: the clock is generic, and its sleep's state would be part of it.
    @inline(never)
    private func pause(for duration: Duration, before request: LoadRequest) async throws(LoadError) {
        do {
            try await clock.sleep(for: duration)
        } catch {
            throw LoadError(.cancelled, request: request)
        }
    }

    // The delays are worked out in functions that are not inlined, to keep `load`'s async frame
    // small: their temporaries (a Retry-After field parsed, say) live on the thread's stack.

    /// The delay before the next attempt after `error`, or `nil` when it should be thrown as it is.
    @inline(never)
    private func delay(after error: LoadError, strategy: RetryStrategy, retry: Int) -> Duration? {
        // A validation loader further down turns a bad status into an error that keeps the response.
        if let response = error.rejectedResponse { return delay(after: response, strategy: strategy, retry: retry) }
        return error.isTransient ? strategy.delay(beforeRetry: retry, random: random()) : nil
    }

    /// The delay before the next attempt after `response`, or `nil` when it should be returned as it is.
    @inline(never)
    private func delay(after response: LoadResponse, strategy: RetryStrategy, retry: Int) -> Duration? {
        let code = response.statusCode
        guard strategy.retryableStatuses.contains(code) else { return nil }
        if strategy.honoursRetryAfter, code == 429 || code == 503, let asked = RetryAfter.delay(in: response.headerFields) {
            return asked <= strategy.maximumRetryAfter ? asked : nil
        }
        return strategy.delay(beforeRetry: retry, random: random())
    }
}

extension RetryLoader where C == ContinuousClock {
    /// Creates a loader on the continuous clock.
    public convenience init(defaultStrategy: RetryStrategy = .exponential(retries: 3)) {
        self.init(defaultStrategy: defaultStrategy, clock: ContinuousClock())
    }
}
