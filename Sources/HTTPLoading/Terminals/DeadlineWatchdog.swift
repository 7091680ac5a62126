internal import Locking

/// Cancels exchanges that outlive their deadline, with one shared timer task for all of them.
///
/// A sleeping task per exchange cost more than the exchange's own work on a fast link: two
/// child tasks per request, and on Linux a dispatch timer that stays queued for the whole
/// deadline (a minute by default) after the exchange has finished, so thousands piled up at high
/// request rates. Here an exchange registers a deadline and a cancel action (a dictionary insert
/// under a lock) and removes them when it ends. The ticker sleeps until the earliest registered
/// deadline, cancels what has expired, and stops when nothing is registered; a registration with
/// an earlier deadline than the ticker's replaces it.
final class DeadlineWatchdog: Sendable {
    /// The watchdog every terminal shares.
    static let shared = DeadlineWatchdog()

    private struct Entry {
        let deadline: ContinuousClock.Instant
        let cancel: @Sendable () -> Void
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        var nextId: UInt64 = 0
        /// The running ticker: its number and when it wakes.
        var ticker: (number: UInt64, wake: ContinuousClock.Instant)?
        var tickers: UInt64 = 0
        var task: Task<Void, Never>?
    }

    private let state = Locked(State())
    private let clock = ContinuousClock()

    /// Calls `cancel` once `deadline` passes, unless ``unregister(_:)`` comes first.
    func register(deadline: ContinuousClock.Instant, cancel: @escaping @Sendable () -> Void) -> UInt64 {
        let (id, replaced) = state.withLock { state -> (UInt64, Task<Void, Never>?) in
            let id = state.nextId
            state.nextId &+= 1
            state.entries[id] = Entry(deadline: deadline, cancel: cancel)
            if let ticker = state.ticker, ticker.wake <= deadline { return (id, nil) }
            // No ticker, or it would wake too late for this deadline: start one that wakes in time.
            state.tickers &+= 1
            let number = state.tickers
            state.ticker = (number, deadline)
            let replaced = state.task
            state.task = Task.detached { [self] in await self.tick(number) }
            return (id, replaced)
        }
        replaced?.cancel()
        return id
    }

    /// How many exchanges are registered, and whether a ticker runs (for tests).
    var activity: (registered: Int, ticking: Bool) { state.withLock { ($0.entries.count, $0.ticker != nil) } }

    /// Forgets the deadline of exchange `id` (it ended).
    func unregister(_ id: UInt64) {
        _ = state.withLock { $0.entries.removeValue(forKey: id) }
    }

    /// Ticker `number`: sleeps until its wake time, cancels the expired exchanges, repeats until
    /// nothing is registered or a newer ticker took over.
    private func tick(_ number: UInt64) async {
        while true {
            guard let wake = state.withLock({ $0.ticker?.number == number ? $0.ticker?.wake : nil }) else { return }
            do { try await Task.sleep(until: wake, clock: clock) } catch { return }
            let now = clock.now
            let (expired, done) = state.withLock { state -> ([Entry], Bool) in
                guard state.ticker?.number == number else { return ([], true) }
                var expired: [Entry] = []
                var earliest: ContinuousClock.Instant?
                for (id, entry) in state.entries {
                    if entry.deadline <= now {
                        expired.append(entry)
                        state.entries[id] = nil
                    } else if earliest.map({ entry.deadline < $0 }) ?? true {
                        earliest = entry.deadline
                    }
                }
                guard let earliest else {
                    state.ticker = nil
                    state.task = nil
                    return (expired, true)
                }
                state.ticker = (number, earliest)
                return (expired, false)
            }
            for entry in expired { entry.cancel() }
            if done { return }
        }
    }
}
