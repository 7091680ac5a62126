// Scrolls 10,000 posts from a LemmyTestServer three ways, interleaved, in several rounds:
//   raw      LemmyRawClient.page: fetch + decode only (the baseline)
//   models   ApiClient.getPosts: fetch + decode + merge into live Post2 models
//   feed     PostFeed (FeedLoader + LoadingActor + fetcher + filters): everything a UI scrolls through
// and reports the median of each and the feed's cost over both.
//
//   swift run -c release LemmyFeedBenchmarks [rounds]
//
// The server runs in this process (0.19 dialect, `.medium` seed: 12,000 posts), on 127.0.0.1.
import FeedLoading
import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer

let target = 10_000
let pageSize = 50
let rounds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 5
let clock = ContinuousClock()

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
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

/// A PostFeed scrolled by `loadMore` (one page per load) until `target` posts show.
@MainActor
func scrollFeed(_ url: URL) async throws -> [Int] {
    let client = ApiClient.getApiClient(for: url, with: nil)
    let feed = PostFeed(
        api: client, query: PostFeedQuery(feed: .all, sort: .new, pageSize: pageSize),
        configuration: FeedConfiguration(minimumItemsPerLoad: pageSize, maximumPagesPerLoad: 1))
    while feed.loader.items.count < target, feed.loadingState == .idle {
        await feed.loadMore()
    }
    if let error = feed.loadingState.error { throw error }
    return feed.items.map(\.id)
}

@MainActor
func main() async throws {
    let started = clock.now
    let server = try await LemmyTestServer.start(dialect: .v0_19, scale: .medium)
    print(
        String(
            format: "server: 0.19, .medium seed (%.1f s to seed, %.1f s to start)", seconds(server.seedDuration),
            seconds(clock.now - started)))
    // ApiClients are cached weakly: each scroll drops its client and models, so the next starts cold.
    let url = server.baseURL

    var times: [String: [Double]] = [:]
    var reference: [Int]?
    for round in 0...rounds {  // round 0 warms up
        // The order rotates each round, so no variant always runs first (or after the heaviest).
        let names = ["raw", "models", "feed"]
        for offset in 0..<names.count {
            let name = names[(round + offset) % names.count]
            let start = clock.now
            let scrolled =
                switch name {
                case "raw": try await scrollRaw(url)
                case "models": try await scrollModels(url)
                default: try await scrollFeed(url)
                }
            let ids = Array(scrolled.prefix(target))
            let elapsed = seconds(clock.now - start)
            guard ids.count == target else { fatalError("\(name) scrolled \(ids.count) posts, not \(target)") }
            if let reference, reference != ids { fatalError("\(name) scrolled other posts than raw") }
            reference = reference ?? ids
            if round > 0 { times[name, default: []].append(elapsed) }
        }
    }
    await server.stop()

    func median(_ name: String) -> Double {
        let s = times[name]!.sorted()
        return s[s.count / 2]
    }
    let (raw, models, feed) = (median("raw"), median("models"), median("feed"))
    print("\(target) posts in pages of \(pageSize), \(rounds) rounds, medians:")
    for (name, value) in [("raw client (fetch + decode)", raw), ("ApiClient (+ models)", models), ("PostFeed (+ FeedLoader)", feed)] {
        print(
            name.padding(toLength: 30, withPad: " ", startingAt: 0)
                + String(format: "%8.3f s  %7.1f µs/post", value, value / Double(target) * 1e6))
    }
    print(String(format: "feed / raw client: %.3f (%+.1f%%)", feed / raw, (feed / raw - 1) * 100))
    print(String(format: "feed / ApiClient:  %.3f (%+.1f%%)  <- FeedLoader machinery alone", feed / models, (feed / models - 1) * 100))
}

try await main()
