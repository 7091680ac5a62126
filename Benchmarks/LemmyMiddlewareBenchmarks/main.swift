// Measures what LemmyMiddleware adds on top of LemmyAPI decoding for a 50-post GetPosts page:
//   decode only  |  decode + first ingest into fresh caches  |  decode + re-merge (all cached, unchanged)
// and that memory returns after the models are dropped (cache entries after cleanup).
//
//   swift run -c release LemmyMiddlewareBenchmarks
//
// The page is posts-0.19-limit50.json, captured from LemmyTestServer (0.19 dialect, small seed):
//   lemmy-test-server --dialect 0.19 --scale small --port 18736 &
//   curl 'http://127.0.0.1:18736/api/v3/post/list?limit=50&sort=New' -o posts-0.19-limit50.json
import Foundation
@_spi(Benchmarking) import LemmyMiddleware

/// Microseconds per call of each body: `rounds` rounds, each timing every body over `batch` calls
/// in turn (interleaved, so load from other processes hits all alike), then the median round.
@MainActor
func measureInterleaved(rounds: Int, batch: Int, _ bodies: [() throws -> Void]) throws -> [Double] {
    let clock = ContinuousClock()
    var samples = Array(repeating: [Double](), count: bodies.count)
    for round in 0..<(rounds + 2) {
        for (index, body) in bodies.enumerated() {
            let start = clock.now
            for _ in 0..<batch { try body() }
            let elapsed = clock.now - start
            let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
            if round >= 2 { samples[index].append(micros / Double(batch)) }  // two warm-up rounds
        }
    }
    return samples.map { $0.sorted()[$0.count / 2] }
}

func row(_ label: String, _ micros: Double) -> String {
    label.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%9.1f µs/page", micros)
}

@MainActor
func run() async throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("posts-0.19-limit50.json")
    let body = try Data(contentsOf: fixture)
    print("page: \(body.count) bytes, \(try ApiClient.decodePostsPageOnly(body)) posts")

    var serial = 0
    let client = ApiClient.getApiClient(for: URL(string: "http://bench.invalid")!, with: "kept")
    let kept = try client.ingestPostsPage(body)
    let medians = try measureInterleaved(
        rounds: 25, batch: 20,
        [
            { _ = try ApiClient.decodePostsPageOnly(body) },
            {
                serial += 1
                let fresh = ApiClient.getApiClient(for: URL(string: "http://bench.invalid")!, with: "t\(serial)")
                _ = try fresh.ingestPostsPage(body)
            },
            { _ = try client.ingestPostsPage(body) },
        ])
    let (decode, firstIngest, remerge) = (medians[0], medians[1], medians[2])
    print(row("decode only (LemmyAPI)", decode))
    print(row("decode + first ingest (fresh client)", firstIngest))
    print(row("decode + re-merge (cached, unchanged)", remerge))
    print(
        String(
            format: "middleware overhead over decode: first ingest +%.0f%%, re-merge +%.0f%%",
            (firstIngest / decode - 1) * 100, (remerge / decode - 1) * 100))
    print("live models while the page is held: \(client.cacheStatistics.live) (\(kept.count) posts)")
    _ = consume kept
    client.cleanCaches()
    print("after dropping the page and cleaning: entries \(client.cacheStatistics.entries), live \(client.cacheStatistics.live)")
}

try await run()
