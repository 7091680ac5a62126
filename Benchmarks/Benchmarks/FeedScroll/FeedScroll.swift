// Scrolls 10,000 posts in pages of 50 from an in-process LemmyTestServer (0.19 dialect, medium
// seed: 12,000 posts) three ways:
//   raw      LemmyRawClient.page: fetch + decode only (the baseline)
//   models   ApiClient.getPosts: fetch + decode + merge into live Post2 models
//   feed     PostFeed (FeedLoader + fetcher + filters): everything a UI scrolls through
// Each reports its peak resident memory; the feed benchmark stops the run if any model stays
// alive once the feed is dropped and the caches cleaned (memory bounded by what the app holds).
import Benchmark
import BenchmarkSupport
import FeedLoading
import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer

let target = 10_000
let pageSize = 50

let benchmarks: @Sendable () -> Void = {
    let configuration = BenchmarkSupport.configuration(iterations: 9, seconds: 20, warmup: 1)
    let setup: Benchmark.BenchmarkSetupHook = { try await TestServer.shared.start() }
    Benchmark(
        "Scroll raw client", configuration: configuration,
        closure: { _ in
            try await check(scrollRaw(TestServer.shared.url()), "raw client")
        }, setup: setup)
    Benchmark(
        "Scroll ApiClient models", configuration: configuration,
        closure: { _ in
            try await check(scrollModels(TestServer.shared.url()), "ApiClient")
        }, setup: setup)
    Benchmark(
        "Scroll PostFeed", configuration: configuration,
        closure: { _ in
            let (ids, live) = try await scrollFeed(TestServer.shared.url())
            try await check(ids, "PostFeed")
            // Memory is bounded by what the app holds: once the feed is dropped, no model stays.
            precondition(live == 0, "\(live) models stayed alive after the feed was dropped and the caches cleaned")
        }, setup: setup)
}

/// The server, started once for all three benchmarks, and the ids the first scroll saw.
actor TestServer {
    static let shared = TestServer()
    private var server: LemmyTestServer?
    private var reference: [Int]?

    func start() async throws {
        if server == nil { server = try await LemmyTestServer.start(dialect: .v0_19, scale: .medium) }
    }

    func url() -> URL { server!.baseURL }

    /// Stops the run unless every scroll sees the same 10,000 posts.
    func check(_ ids: [Int], _ name: String) {
        guard ids.count == target else { fatalError("\(name) scrolled \(ids.count) posts, not \(target)") }
        if let reference, reference != ids { fatalError("\(name) scrolled other posts than the first scroll") }
        reference = reference ?? ids
    }
}

func check(_ ids: [Int], _ name: String) async throws {
    await TestServer.shared.check(Array(ids.prefix(target)), name)
}

/// Pages of 50 through the raw client until `target` posts; returns their ids.
func scrollRaw(_ url: URL) async throws -> [Int] {
    let raw = LemmyRawClient(instanceURL: url, token: nil)
    let request = LemmyV3.GetPosts(ApiGetPosts(sort: .new, limit: pageSize))
    var ids: [Int] = []
    ids.reserveCapacity(target)
    var cursor: LemmyPageCursor?
    while ids.count < target {
        let page = try await raw.page(request, at: cursor)
        ids += page.items.map(\.post.id)
        guard let next = page.next, !page.items.isEmpty else { break }
        cursor = next
    }
    return ids
}

/// Pages of 50 through ApiClient (models, no feed) until `target` posts.
@MainActor
func scrollModels(_ url: URL) async throws -> [Int] {
    let client = ApiClient.getApiClient(for: url, with: nil)
    var posts: [Post2] = []
    posts.reserveCapacity(target)
    var cursor: PageCursor?
    while posts.count < target {
        let page = try await client.getPosts(feed: .all, sort: .new, limit: pageSize, cursor: cursor)
        posts += page.items
        guard let next = page.next, !page.items.isEmpty else { break }
        cursor = next
    }
    return posts.map(\.id)
}

/// A PostFeed scrolled by `loadMore` (one page per load) until `target` posts show; returns the
/// ids and how many models are alive after the feed is dropped and the caches cleaned.
@MainActor
func scrollFeed(_ url: URL) async throws -> ([Int], Int) {
    let client = ApiClient.getApiClient(for: url, with: nil)
    var ids: [Int] = []
    do {
        let feed = PostFeed(
            api: client, query: PostFeedQuery(feed: .all, sort: .new, pageSize: pageSize),
            configuration: FeedConfiguration(minimumItemsPerLoad: pageSize, maximumPagesPerLoad: 1))
        while feed.loader.items.count < target, feed.loadingState == .idle {
            await feed.loadMore()
        }
        if let error = feed.loadingState.error { throw error }
        ids = feed.items.map(\.id)
    }
    client.cleanCaches()
    return (ids, client.cacheStatistics.live)
}
