public import Benchmark
public import Foundation

/// What the benchmark targets share: where the repository's fixtures are, the loopback servers
/// that `scripts/bench.sh` starts, and the metrics every benchmark reports.
public enum BenchmarkSupport {
    /// The LemmyKit checkout (this file is `<root>/Benchmarks/Sources/BenchmarkSupport/...`).
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bytes of `path` under the repository root; stops the run if it is missing.
    public static func data(_ path: String) -> Data {
        do { return try Data(contentsOf: repositoryRoot.appendingPathComponent(path)) } catch {
            fatalError("missing benchmark input \(path) under \(repositoryRoot.path): \(error)")
        }
    }

    /// The `BenchmarkServer hello` that `scripts/bench.sh` started (`LEMMYKIT_BENCH_HELLO_URL`);
    /// nil when a target runs on its own, and then its loopback benchmarks are skipped.
    public static var helloServer: URL? {
        ProcessInfo.processInfo.environment["LEMMYKIT_BENCH_HELLO_URL"].flatMap(URL.init(string:))
    }

    /// Wall time, allocations and instructions (the last reads 0 where the kernel has no
    /// performance counters, as in most virtual machines), plus peak resident memory.
    public static let metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal, .instructions, .peakMemoryResident]

    /// The configuration of a benchmark: the shared metrics in nanoseconds, bounded in time and
    /// iterations so `scripts/bench.sh` finishes in minutes on two cores.
    public static func configuration(
        iterations: Int = 200, seconds: Int = 3, warmup: Int = 2, scaling: BenchmarkScalingFactor = .one, skip: Bool = false
    ) -> Benchmark.Configuration {
        .init(
            metrics: metrics, timeUnits: .nanoseconds, warmupIterations: warmup, scalingFactor: scaling,
            maxDuration: .seconds(seconds), maxIterations: iterations, skip: skip)
    }
}
