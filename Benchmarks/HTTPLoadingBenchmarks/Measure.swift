/// Timing helpers: medians over interleaved runs, because these machines are noisy.
enum Measure {
    static let clock = ContinuousClock()

    /// Runs each body `runs` times, interleaved (a, b, a, b, ...), and returns each one's durations.
    static func interleaved(runs: Int, _ bodies: [() async throws -> Void]) async throws -> [[Duration]] {
        var results = Array(repeating: [Duration](), count: bodies.count)
        for _ in 0..<runs {
            for (index, body) in bodies.enumerated() {
                let start = clock.now
                try await body()
                results[index].append(clock.now - start)
            }
        }
        return results
    }

    static func median(_ values: [Duration]) -> Duration {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    static func format(_ value: Double, _ digits: Int = 1) -> String {
        let scale = (0..<digits).reduce(1.0) { value, _ in value * 10 }
        return String(Double((value * scale).rounded()) / scale)
    }
}
