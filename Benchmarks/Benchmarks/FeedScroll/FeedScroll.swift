// Scrolls 10,000 posts in pages of 50 from an in-process LemmyTestServer (0.19 dialect, medium
// seed: 12,000 posts) four ways (ScrollWorkloads):
//   raw      LemmyRawClient.page: fetch + decode only (the baseline)
//   models   ApiClient.getPosts: fetch + decode + merge into live Post2 models
//   feed     PostFeed (FeedLoader + fetcher + filters): everything a UI scrolls through
//   list     the raw client read from the main actor, keeping every post view it scrolled, as a list
//            built on it must (the baseline that holds the posts the feed holds)
// Each reports its peak resident memory, the whole process's: the in-process server's seed and the
// post views it keeps after the first scroll (about 15 MB) are in each. The models and feed
// benchmarks stop the run if any model stays alive once the page or feed is dropped and the
// caches cleaned (memory bounded by what the app holds).
import Benchmark
import BenchmarkSupport
import Foundation
import LemmyTestServer
import ScrollWorkloads

let benchmarks: @Sendable () -> Void = {
    let configuration = BenchmarkSupport.configuration(iterations: 9, seconds: 20, warmup: 1)
    let setup: Benchmark.BenchmarkSetupHook = { try await TestServer.shared.start() }
    for (kind, name) in [
        (PostScrolls.Kind.raw, "raw client"), (.rawList, "raw client list"), (.models, "ApiClient models"), (.feed, "PostFeed"),
    ] {
        Benchmark(
            "Scroll \(name)", configuration: configuration,
            closure: { _ in
                let (ids, live) = try await PostScrolls.scroll(kind, TestServer.shared.url())
                await TestServer.shared.check(Array(ids.prefix(PostScrolls.target)), name)
                precondition(live == 0, "\(live) models stayed alive after the \(name) scroll and the caches cleaned")
            }, setup: setup)
    }
}

/// The server, started once for all four benchmarks, and the ids the first scroll saw.
actor TestServer {
    static let shared = TestServer()
    private var server: LemmyTestServer?
    private var reference: [Int]?

    func start() async throws {
        if server == nil { server = try await PostScrolls.startServer() }
    }

    func url() -> URL { server!.baseURL }

    /// Stops the run unless every scroll sees the same 10,000 posts.
    func check(_ ids: [Int], _ name: String) {
        guard ids.count == PostScrolls.target else { fatalError("\(name) scrolled \(ids.count) posts, not \(PostScrolls.target)") }
        if let reference, reference != ids { fatalError("\(name) scrolled other posts than the first scroll") }
        reference = reference ?? ids
    }
}
