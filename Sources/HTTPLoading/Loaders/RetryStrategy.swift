import Foundation

/// How a failed request is retried: how many times, after what delay, and for which outcomes.
public struct RetryStrategy: Sendable, Hashable {
    /// The delay before each retry.
    public enum Backoff: Sendable, Hashable {
        /// Retry at once.
        case immediate
        /// Wait the same time before each retry.
        case constant(Duration)
        /// Wait `initial * multiplier^(retry-1)`, at most `cap`, with up to `jitter` (0...1) of
        /// the delay removed at random so that many clients do not retry in lockstep.
        case exponential(initial: Duration, multiplier: Double, cap: Duration, jitter: Double)
    }

    /// How many times to retry after the first attempt (0 never retries).
    public var maximumRetries: Int
    /// The delay before each retry.
    public var backoff: Backoff
    /// Response statuses worth retrying.
    public var retryableStatuses: Set<Int>
    /// Whether a `Retry-After` on 429 or 503 replaces the backoff delay.
    public var honoursRetryAfter: Bool
    /// The longest `Retry-After` obeyed; a longer one ends the retries and returns the response.
    public var maximumRetryAfter: Duration

    /// Creates a strategy.
    public init(
        maximumRetries: Int,
        backoff: Backoff,
        retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504],
        honoursRetryAfter: Bool = true,
        maximumRetryAfter: Duration = .seconds(120)
    ) {
        self.maximumRetries = maximumRetries
        self.backoff = backoff
        self.retryableStatuses = retryableStatuses
        self.honoursRetryAfter = honoursRetryAfter
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// Never retry.
    public static let none = RetryStrategy(maximumRetries: 0, backoff: .immediate)

    /// Retry at once, up to `retries` times.
    public static func immediate(retries: Int) -> RetryStrategy {
        RetryStrategy(maximumRetries: retries, backoff: .immediate)
    }

    /// Retry after a constant delay, up to `retries` times.
    public static func constant(retries: Int, delay: Duration) -> RetryStrategy {
        RetryStrategy(maximumRetries: retries, backoff: .constant(delay))
    }

    /// Retry with exponential backoff and jitter, up to `retries` times.
    public static func exponential(
        retries: Int,
        initial: Duration = .milliseconds(250),
        multiplier: Double = 2,
        cap: Duration = .seconds(30),
        jitter: Double = 0.5
    ) -> RetryStrategy {
        RetryStrategy(maximumRetries: retries, backoff: .exponential(initial: initial, multiplier: multiplier, cap: cap, jitter: jitter))
    }

    /// The backoff delay before retry number `retry` (1-based); `random` is in 0..<1.
    public func delay(beforeRetry retry: Int, random: Double) -> Duration {
        switch backoff {
        case .immediate:
            return .zero
        case .constant(let delay):
            return delay
        case let .exponential(initial, multiplier, cap, jitter):
            let grown = initial * pow(multiplier, Double(max(0, retry - 1)))
            let capped = min(grown, cap)
            return capped * (1 - min(max(jitter, 0), 1) * random)
        }
    }
}

/// The retry strategy of one request, overriding the ``RetryLoader``'s default.
public enum RetryStrategyOption: RequestOption {
    /// No override.
    public static let defaultValue: RetryStrategy? = nil
}

/// Allows retrying a non-idempotent request (POST, PATCH), which is otherwise never retried
/// because the server may have acted on the first attempt.
public enum RetriesNonIdempotentOption: RequestOption {
    /// Off.
    public static let defaultValue = false
}
