public import Foundation
public import InterleavedRounds
import LemmyAPI
import FeedLoading
import LemmyMiddleware
public import LemmyTestServer

/// The 10,000-post scroll of the FeedScroll benchmark, in pages of 50 from an in-process
/// LemmyTestServer (0.19 dialect, medium seed: 12,000 posts), three ways: the raw client (fetch
/// and decode, the baseline), ApiClient (and the merge into live models), and PostFeed (and the
/// FeedLoader, as a list scrolls); and two more baselines: the raw client read from the main
/// actor, which pays the two hops a page any UI client pays, and the same keeping every post view
/// it scrolled, as a list built on it must (the memory a feed holds, held without models).
public enum PostScrolls {
    /// How many posts a scroll reaches.
    public static let target = 10_000
    /// Posts a page.
    public static let pageSize = 50

    /// The ways to scroll.
    public enum Kind: String, CaseIterable, Sendable {
        /// The raw client in a task off the main actor: fetch and decode alone (the baseline).
        case raw
        /// ApiClient's models, read from the main actor.
        case models
        /// A PostFeed, loaded from the main actor.
        case feed
        /// The raw client read from the main actor, as a view model built on it would: each page
        /// hops to the client and back, the two hops every UI client pays and the models and the
        /// feed pay too.
        case rawOnMain
        /// The raw client read from the main actor keeping every post view it scrolled, as a
        /// list built on it must to show them: the baseline that holds what the feed holds.
        case rawList

        /// Its place in ``allCases``, the order in which the rounds measure the kinds.
        var index: Int { Self.allCases.firstIndex(of: self)! }
    }

    /// Starts a server for scrolls (once per process is enough: scrolls only read).
    public static func startServer() async throws -> LemmyTestServer {
        try await LemmyTestServer.start(dialect: .v0_19, scale: .medium)
    }

    /// Scrolls the server at `url` one way; returns the ids of the posts seen, in order, and how
    /// many models stayed alive once the feed or page was dropped and the caches were cleaned.
    @MainActor
    public static func scroll(_ kind: Kind, _ url: URL) async throws -> (ids: [Int], live: Int) {
        switch kind {
        case .raw: (try await scrollRaw(url, isolation: nil), 0)
        case .rawOnMain: (try await scrollRaw(url, isolation: MainActor.shared), 0)
        case .rawList: (try await scrollRawList(url), 0)
        case .models: try await scrollModels(url)
        case .feed: try await scrollFeed(url)
        }
    }

    /// Pages of 50 through the raw client until `target` posts, read from `isolation`'s actor
    /// (the global executor for `nil`); returns their ids. It asks for `All`, as the models'
    /// `.all` feed does: without a type Lemmy lists the site's default, `Local`.
    static func scrollRaw(_ url: URL, isolation: isolated (any Actor)?) async throws -> [Int] {
        let raw = LemmyRawClient(instanceURL: url, token: nil)
        let request = LemmyV3.GetPosts(ApiGetPosts(type: .all, sort: .new, limit: pageSize))
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

    /// Pages of 50 through the raw client, read from the main actor, until `target` post views
    /// are kept; returns their ids.
    @MainActor
    static func scrollRawList(_ url: URL) async throws -> [Int] {
        let raw = LemmyRawClient(instanceURL: url, token: nil)
        let request = LemmyV3.GetPosts(ApiGetPosts(type: .all, sort: .new, limit: pageSize))
        let posts = try await pages { (cursor: LemmyPageCursor?) in
            let page = try await raw.page(request, at: cursor)
            return (page.items, page.next)
        }
        return posts.map(\.post.id)
    }

    /// The items of pages read from `fetch` (from the first page, `nil`, on) until `target` are
    /// kept or a page is the last, all kept to the end, as a list keeps what it shows.
    static func pages<Item, Cursor>(
        isolation: isolated (any Actor)? = #isolation, _ fetch: (Cursor?) async throws -> (items: [Item], next: Cursor?)
    ) async throws -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(target)
        var cursor: Cursor?
        while items.count < target {
            let page = try await fetch(cursor)
            items += page.items
            guard let next = page.next, !page.items.isEmpty else { break }
            cursor = next
        }
        return items
    }

    /// Pages of 50 through ApiClient (models, no feed) until `target` posts.
    @MainActor
    static func scrollModels(_ url: URL) async throws -> ([Int], Int) {
        let client = ApiClient.getApiClient(for: url, with: nil)
        var ids: [Int] = []
        do {
            let posts = try await pages { (cursor: PageCursor?) in
                let page = try await client.getPosts(feed: .all, sort: .new, limit: pageSize, cursor: cursor)
                return (page.items, page.next)
            }
            ids = posts.map(\.id)
        }
        client.cleanCaches()
        return (ids, client.cacheStatistics.live)
    }

    /// A PostFeed scrolled by `loadMore` (one page per load) until `target` posts show.
    @MainActor
    static func scrollFeed(_ url: URL) async throws -> ([Int], Int) {
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

    /// What ``interleaved(rounds:)`` measured: each kind's median milliseconds a scroll, and
    /// the medians of each round's ratio of the models' and the feed's time to the raw client's,
    /// read off and on the main actor, and to the raw client keeping what it scrolled.
    public struct Interleaved: Sendable {
        /// Median milliseconds a scroll.
        public var raw, models, feed, rawOnMain, rawList: Double
        /// Median of the rounds' ratios to the raw client read off the main actor.
        public var modelsRatio, feedRatio: Double
        /// Median of the rounds' ratios to the raw client read from the main actor.
        public var modelsOnMainRatio, feedOnMainRatio: Double
        /// Median of the rounds' ratios to the raw client keeping every post view it scrolled.
        public var modelsListRatio, feedListRatio: Double
        /// Each kind's process usage (CPU time, context switches) a page, in ``Kind`` order.
        public var usage: [ProcessUsage]
    }

    /// The scrolls taking turns, round by round, against one server; stops the run unless
    /// every scroll sees the same posts and leaves no model alive.
    @MainActor
    public static func interleaved(rounds: Int) async throws -> Interleaved {
        let server = try await startServer()
        let url = server.baseURL
        var reference: [Int]?
        let measured: InterleavedRounds.Samples
        do {
            measured = try await InterleavedRounds.measure(rounds: rounds, kinds: Kind.allCases.count) { index in
                let (ids, live) = try await scroll(Kind.allCases[index], url)
                precondition(ids.count >= target && live == 0, "a scroll ended early or left models alive")
                if let reference { precondition(reference == Array(ids.prefix(target)), "scrolls saw other posts") }
                reference = reference ?? Array(ids.prefix(target))
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        let median = InterleavedRounds.median
        let samples = measured.seconds
        func milliseconds(_ kind: Kind) -> Double { median(samples[kind.index]) * 1e3 }
        /// The median of the rounds' ratios of `kind`'s time to `base`'s.
        func ratio(_ kind: Kind, over base: Kind) -> Double {
            median(zip(samples[kind.index], samples[base.index]).map { $0 / $1 })
        }
        return Interleaved(
            raw: milliseconds(.raw), models: milliseconds(.models), feed: milliseconds(.feed), rawOnMain: milliseconds(.rawOnMain),
            rawList: milliseconds(.rawList),
            modelsRatio: ratio(.models, over: .raw), feedRatio: ratio(.feed, over: .raw),
            modelsOnMainRatio: ratio(.models, over: .rawOnMain), feedOnMainRatio: ratio(.feed, over: .rawOnMain),
            modelsListRatio: ratio(.models, over: .rawList), feedListRatio: ratio(.feed, over: .rawList),
            usage: measured.usage.map { $0.per(rounds * target / pageSize) })
    }
}
