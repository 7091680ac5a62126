public import FeedLoading
import InterleavedRounds

/// The in-memory scroll of the FeedLoaderOverhead benchmark: 10,000 post-sized items in pages of
/// 50, through a FeedLoader item by item as a list shows them, or through its fetcher alone.
public enum FeedScrolls {
    public static let itemCount = 10_000
    public static let pageSize = 50
    static let corpus = BenchmarkItem.corpus(count: itemCount)

    /// The fetcher both ways share.
    public static func makeFetcher() -> PageFetcher<BenchmarkItem, Void> {
        PageFetcher(pageSize: pageSize) { page in
            let start = min((page - 1) * pageSize, corpus.count)
            return Array(corpus[start..<min(start + pageSize, corpus.count)])
        }
    }

    /// The baseline: the fetcher called in a loop until it has no next page.
    ///
    /// From the main actor, as a screen without a loader would call it: each call of the
    /// nonisolated `fetch(at:)` leaves the main actor and comes back, two executor hops a page.
    /// A FeedLoader pays none for this fetcher: it starts the fetch on the caller's thread
    /// (`Task.immediate`), the fetch finishes without suspending, and the loader waits for it on
    /// the main actor. So in wall time the loader can beat this loop, by the hops' latency; its
    /// own work a page shows in instructions (`Instructions feed` beside `Instructions fetcher`).
    @MainActor
    public static func fetchDirectly() async -> Int {
        let fetcher = makeFetcher()
        var items: [BenchmarkItem] = []
        var position: PageFetcher<BenchmarkItem, Void>.Position? = fetcher.firstPosition()
        while let current = position {
            guard let page = try? await fetcher.fetch(at: current) else { fatalError("the in-memory fetcher failed") }
            items.append(contentsOf: page.items)
            position = page.next
        }
        precondition(items.count == itemCount, "the fetcher lost items")
        return items.count
    }

    /// A FeedLoader scroll, with or without the four filters (read, duplicates, blocked people,
    /// keywords), to the end.
    @MainActor
    public static func scroll(filtered: Bool) async -> Int {
        let filters: [any FeedFilter<BenchmarkItem>] =
            filtered
            ? [
                PredicateFilter("Read") { !$0.isRead },
                DuplicateFilter("Duplicates", by: \.apID),
                MembershipFilter("Blocked people", excluding: [3, 5, 7]) { $0.creator },
                KeywordFilter("Keywords", keywords: ["rust", "golang"], searching: { $0.title }, { $0.body }),
            ] : []
        let loader = FeedLoader(
            fetcher: makeFetcher(),
            configuration: FeedConfiguration(thresholdDistance: 10, minimumItemsPerLoad: pageSize, maximumPagesPerLoad: 5),
            filters: filters
        )
        await loader.loadMore()
        var index = 0
        while index < loader.items.count {
            if loader.isThreshold(loader.items[index]) { await loader.loadMore() }
            index += 1
        }
        precondition(loader.loadingState == .done && loader.unfilteredCount == itemCount, "the scroll ended early")
        return loader.unfilteredCount
    }

    /// What ``interleaved(rounds:)`` measured.
    public struct Interleaved: Sendable {
        /// Median milliseconds a scroll of each kind took: the fetcher alone, the loader without
        /// filters, the loader with the four.
        public var fetcher, plain, filtered: Double
        /// The medians of each round's ratio of the loader's time to the fetcher's, without and
        /// with filters: each round's kinds ran back to back, so a round's ratio is untouched by
        /// the machine's drift between rounds (the fetcher's own time varies twofold).
        public var plainRatio, filteredRatio: Double
    }

    /// Scrolls of each kind taking turns round by round (the fetcher, the loader without
    /// filters, the loader with them), so that all three see the same machine: the
    /// package-benchmark targets run one after another, and on a shared two-core machine the
    /// fetcher's time, mostly the latency of two executor hops a page, drifts between them by
    /// more than the loader costs.
    public static func interleaved(rounds: Int) async -> Interleaved {
        let samples = await InterleavedRounds.measure(rounds: rounds, kinds: 3) { kind in
            let items = kind == 0 ? await fetchDirectly() : await scroll(filtered: kind == 2)
            precondition(items == itemCount, "a scroll ended early")
        }.seconds
        let median = InterleavedRounds.median
        return Interleaved(
            fetcher: median(samples[0]) * 1e3, plain: median(samples[1]) * 1e3, filtered: median(samples[2]) * 1e3,
            plainRatio: median(zip(samples[1], samples[0]).map { $0 / $1 }),
            filteredRatio: median(zip(samples[2], samples[0]).map { $0 / $1 }))
    }
}
