// Scrolls a 10,000-item in-memory feed through a FeedLoader, item by item as a list shows them,
// beside calling the same fetcher in a loop (the baseline). The fetcher does no I/O, so the
// difference is the machinery's own cost: actor hops, filtering, observation.
import Benchmark
import BenchmarkSupport
import FeedLoading

let itemCount = 10_000
let pageSize = 50

let benchmarks: @Sendable () -> Void = {
    let configuration = BenchmarkSupport.configuration(iterations: 60, seconds: 4)
    Benchmark("Fetcher called directly", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(await fetchDirectly()) }
    }
    Benchmark("FeedLoader no filters", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(await scroll(filtered: false)) }
    }
    Benchmark("FeedLoader 4 filters", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(await scroll(filtered: true)) }
    }
}

let corpus = BenchmarkItem.corpus(count: itemCount)

func makeFetcher() -> PageFetcher<BenchmarkItem, Void> {
    PageFetcher(pageSize: pageSize) { page in
        let start = min((page - 1) * pageSize, corpus.count)
        return Array(corpus[start..<min(start + pageSize, corpus.count)])
    }
}

@MainActor
func fetchDirectly() async -> Int {
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

@MainActor
func scroll(filtered: Bool) async -> Int {
    let filters: [any FeedFilter<BenchmarkItem>] =
        filtered
        ? [
            PredicateFilter("Read") { !$0.isRead },
            DuplicateFilter("Duplicates", by: \.apID),
            MembershipFilter("Blocked people", excluding: [3, 5, 7]) { $0.creator },
            KeywordFilter("Keywords", keywords: ["rust", "golang"]) { [$0.title, $0.body] },
        ] : []
    let loader = FeedLoader(
        fetcher: makeFetcher(),
        configuration: FeedConfiguration(thresholdDistance: 10, minimumItemsPerLoad: pageSize, maximumPagesPerLoad: 5),
        filters: filters
    )
    await loader.loadMore()
    var index = 0
    while index < loader.items.count {
        await loader.loadIfThreshold(loader.items[index])
        index += 1
    }
    precondition(loader.loadingState == .done && loader.unfilteredItems.count == itemCount, "the scroll ended early")
    return loader.unfilteredItems.count
}
