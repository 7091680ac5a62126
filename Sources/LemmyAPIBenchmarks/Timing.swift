import Foundation

/// Runs `body` `runs` times (after `warmup` untimed runs) and returns the sorted durations.
func measure(runs: Int, warmup: Int = 3, _ body: () -> Void) -> [Duration] {
    for _ in 0..<warmup { body() }
    let clock = ContinuousClock()
    var durations: [Duration] = []
    durations.reserveCapacity(runs)
    for _ in 0..<runs { durations.append(clock.measure(body)) }
    return durations.sorted()
}

extension [Duration] {
    /// The middle value of sorted durations.
    var median: Duration { self[count / 2] }
}

extension Duration {
    /// The duration in microseconds.
    var microseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }
}

/// Keeps results alive so the optimiser cannot drop the work.
nonisolated(unsafe) var sink = 0

/// `12.3` with one decimal.
func fixed(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
