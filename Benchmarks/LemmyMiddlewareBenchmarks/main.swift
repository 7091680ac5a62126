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

@MainActor
func measure(_ label: String, iterations: Int, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<max(1, iterations / 10) { try body() }   // warm-up
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<iterations { try body() }
    let elapsed = clock.now - start
    let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
    let perIteration = micros / Double(iterations)
    print(label.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%9.1f µs/page", perIteration))
    return perIteration
}

@MainActor
func run() async throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("posts-0.19-limit50.json")
    let body = try Data(contentsOf: fixture)
    print("page: \(body.count) bytes, \(try ApiClient.decodePostsPageOnly(body)) posts")

    let iterations = 400
    let decode = try measure("decode only (LemmyAPI)", iterations: iterations) {
        _ = try ApiClient.decodePostsPageOnly(body)
    }
    var serial = 0
    let firstIngest = try measure("decode + first ingest (fresh client)", iterations: iterations) {
        serial += 1
        let client = ApiClient.getApiClient(for: URL(string: "http://bench.invalid")!, with: "t\(serial)")
        _ = try client.ingestPostsPage(body)
    }
    let client = ApiClient.getApiClient(for: URL(string: "http://bench.invalid")!, with: "kept")
    let kept = try client.ingestPostsPage(body)
    let remerge = try measure("decode + re-merge (cached, unchanged)", iterations: iterations) {
        _ = try client.ingestPostsPage(body)
    }
    print(String(format: "middleware overhead over decode: first ingest +%.0f%%, re-merge +%.0f%%",
                 (firstIngest / decode - 1) * 100, (remerge / decode - 1) * 100))
    print("live models while the page is held: \(client.cacheStatistics.live) (\(kept.count) posts)")
    _ = consume kept
    client.cleanCaches()
    print("after dropping the page and cleaning: entries \(client.cacheStatistics.entries), live \(client.cacheStatistics.live)")
}

try await run()
