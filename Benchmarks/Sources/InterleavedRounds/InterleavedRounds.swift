/// Several kinds of work measured taking turns, round by round, so that every kind sees the same
/// machine: on a shared two-core machine, runs made one after another drift apart by more than
/// the differences the benchmarks look for (a loader chain's cost, a feed loader's).
public enum InterleavedRounds {
    /// What ``measure(rounds:kinds:isolation:_:)`` measured, for the counted rounds.
    public struct Samples: Sendable {
        /// Each kind's seconds, round by round.
        public var seconds: [[Double]]
        /// Each kind's process usage (CPU time, context switches), summed over its turns.
        public var usage: [ProcessUsage]
    }

    /// Runs `work(kind)` for each of `kinds` kinds in turn, for `rounds` rounds after one warm-up
    /// round that is not counted; returns each kind's seconds, round by round, and its process
    /// usage. Runs on the caller's actor, so `work` may use the caller's state.
    public static func measure(
        rounds: Int, kinds: Int, isolation: isolated (any Actor)? = #isolation, _ work: (_ kind: Int) async throws -> Void
    ) async rethrows -> Samples {
        let clock = ContinuousClock()
        var samples = Samples(seconds: [[Double]](repeating: [], count: kinds), usage: [ProcessUsage](repeating: .zero, count: kinds))
        for round in 0...rounds {
            for kind in 0..<kinds {
                let usage = ProcessUsage.now()
                let start = clock.now
                try await work(kind)
                let (seconds, attoseconds) = (clock.now - start).components
                guard round > 0 else { continue }
                samples.seconds[kind].append(Double(seconds) + Double(attoseconds) / 1e18)
                samples.usage[kind] = samples.usage[kind] + (ProcessUsage.now() - usage)
            }
        }
        return samples
    }

    /// The median of `values`, which must not be empty.
    public static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
