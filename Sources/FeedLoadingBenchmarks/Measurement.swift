/// Times `body` `runs` times and returns the durations sorted, so callers read medians and
/// spreads off the ends.
@MainActor
func measure(runs: Int, _ body: () async -> Void) async -> [Duration] {
    let clock = ContinuousClock()
    var durations: [Duration] = []
    for _ in 0..<runs {
        durations.append(await clock.measure { await body() })
    }
    return durations.sorted()
}

extension [Duration] {
    var median: Duration { self[count / 2] }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
    }
}
