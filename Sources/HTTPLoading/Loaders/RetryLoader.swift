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
        let strategy = request.options[RetryStrategyOption.self] ?? defaultStrategy
        guard strategy.maximumRetries > 0,
            request.isIdempotent || request.options[RetriesNonIdempotentOption.self]
        else { return try await next.load(request) }

        var retry = 0
        while true {
            let outcome: Result<LoadResponse, LoadError>
            do throws(LoadError) { outcome = .success(try await next.load(request)) } catch { outcome = .failure(error) }

            guard retry < strategy.maximumRetries, !Task.isCancelled,
                let delay = delay(after: outcome, strategy: strategy, retry: retry + 1)
            else { return try outcome.get() }

            retry += 1
            do {
                try await clock.sleep(for: delay)
            } catch {
                throw LoadError(.cancelled, request: request)
            }
        }
    }

    /// The delay before the next attempt, or `nil` when `outcome` should be returned as it is.
    private func delay(after outcome: Result<LoadResponse, LoadError>, strategy: RetryStrategy, retry: Int) -> Duration? {
        // A validation loader further down turns a bad status into an error that keeps the response.
        let response: LoadResponse?
        switch outcome {
        case .success(let value): response = value
        case .failure(let error) where error.rejectedResponse != nil: response = error.rejectedResponse
        case .failure(let error): return error.isTransient ? strategy.delay(beforeRetry: retry, random: random()) : nil
        }
        guard let response, strategy.retryableStatuses.contains(response.status.code) else { return nil }
        if strategy.honoursRetryAfter, [429, 503].contains(response.status.code),
            let asked = RetryAfter.delay(in: response.headerFields)
        {
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
