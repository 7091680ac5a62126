import Locking

/// What the server remembers between requests: how many times each `/sequence/<key>` was asked.
final class HTTPBinState: Sendable {
    private let attempts = Locked<[String: Int]>([:])

    /// Counts one more request for `key`; returns its 1-based number.
    func nextAttempt(for key: String) -> Int {
        attempts.withLock { attempts in
            let attempt = (attempts[key] ?? 0) + 1
            attempts[key] = attempt
            return attempt
        }
    }
}
