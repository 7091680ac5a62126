// What LemmyMiddleware adds on top of LemmyAPI decoding for a 50-post GetPosts page:
//   decode only  |  decode + first ingest into fresh caches  |  decode + re-merge (all cached, unchanged)
//
// The page is posts-0.19-limit50.json, captured from LemmyTestServer (0.19 dialect, small seed):
//   lemmy-test-server --dialect 0.19 --scale small --port 18736 &
//   curl 'http://127.0.0.1:18736/api/v3/post/list?limit=50&sort=New' -o posts-0.19-limit50.json
import Benchmark
import BenchmarkSupport
import Foundation
import IngestWorkloads
@_spi(Benchmarking) import LemmyMiddleware

let benchmarks: @Sendable () -> Void = {
    let body = BenchmarkSupport.data("Benchmarks/Benchmarks/MiddlewareIngest/posts-0.19-limit50.json")
    let configuration = BenchmarkSupport.configuration(iterations: 600, seconds: 3, warmup: 5)
    Benchmark("Page decode only", configuration: configuration) { benchmark in
        try await decodeOnly(body, count: benchmark.scaledIterations.count)
    }
    Benchmark("Page first ingest", configuration: configuration) { benchmark in
        try await firstIngest(body, iteration: benchmark.currentIteration, count: benchmark.scaledIterations.count)
    }
    Benchmark("Page re-merge", configuration: configuration) { benchmark in
        try await remerge(body, count: benchmark.scaledIterations.count)
    }
    Benchmark("Page memory after cleaning", configuration: .init(metrics: BenchmarkSupport.metrics, maxIterations: 1)) { _ in
        let (held, entries, live) = try await memoryAfterCleaning(body)
        // Fails the run (rather than measuring a leak) if the caches keep what no one holds.
        precondition(held == 50 && entries == 0 && live == 0, "caches kept \(entries) entries, \(live) live, after cleaning")
    }
}

/// Decodes the page into LemmyAPI's values only: the baseline.
@MainActor
func decodeOnly(_ body: Data, count: Int) throws {
    blackHole(try PageIngests.decodeOnly(body, count: count))
}

/// Decodes and merges into a client no one used before (fresh caches each time).
@MainActor
func firstIngest(_ body: Data, iteration: Int, count: Int) throws {
    blackHole(try PageIngests.firstIngest(body, count: count, run: iteration))
}

/// The client whose caches hold the page, kept alive for the re-merge benchmark.
@MainActor var warmClient: (ApiClient, [Post2])?

/// Decodes and re-merges into caches that hold every post unchanged.
@MainActor
func remerge(_ body: Data, count: Int) throws {
    if warmClient == nil { warmClient = try PageIngests.warmClient(body) }
    blackHole(try PageIngests.remerge(body, count: count, into: warmClient!.0))
}

/// Ingests the page, drops the models, cleans the caches: (posts held, entries, live) after.
@MainActor
func memoryAfterCleaning(_ body: Data) throws -> (Int, Int, Int) {
    let client = ApiClient.getApiClient(for: URL(string: "http://bench.invalid")!, with: "memory")
    var held: [Post2]? = try client.ingestPostsPage(body)
    let count = held?.count ?? 0
    held = nil
    client.cleanCaches()
    withExtendedLifetime(held) {}
    return (count, client.cacheStatistics.entries, client.cacheStatistics.live)
}
