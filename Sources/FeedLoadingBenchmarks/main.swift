import Foundation
import FeedLoading

// Scrolls a 10,000-item in-memory feed through a FeedLoader, item by item as a list would
// show them, and compares it with calling the same fetcher in a loop. The fetcher does no
// I/O, so the difference is the machinery's own cost: actor hops, filtering, observation.

let itemCount = 10_000
let pageSize = 50
let runs = 21
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
        let page = try! await fetcher.fetch(at: current)
        items.append(contentsOf: page.items)
        position = page.next
    }
    return items.count
}

@MainActor
func scroll(filters: [any FeedFilter<BenchmarkItem>]) async -> Int {
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
    precondition(loader.loadingState == .done, "the scroll ended early")
    return loader.unfilteredItems.count
}

let filters: [any FeedFilter<BenchmarkItem>] = [
    PredicateFilter("Read") { !$0.isRead },
    DuplicateFilter("Duplicates", by: \.apID),
    MembershipFilter("Blocked people", excluding: [3, 5, 7]) { $0.creator },
    KeywordFilter("Keywords", keywords: ["rust", "golang"]) { [$0.title, $0.body] },
]

let warmUp = (await fetchDirectly(), await scroll(filters: []), await scroll(filters: filters))
precondition(warmUp == (itemCount, itemCount, itemCount), "a run lost items")

var direct: [Duration] = []
var loader: [Duration] = []
var filtered: [Duration] = []
// Interleaved so that drift in machine load hits all three alike.
for _ in 0..<runs {
    direct += await measure(runs: 1) { _ = await fetchDirectly() }
    loader += await measure(runs: 1) { _ = await scroll(filters: []) }
    filtered += await measure(runs: 1) { _ = await scroll(filters: filters) }
}
direct.sort()
loader.sort()
filtered.sort()

let pages = itemCount / pageSize + 1
@MainActor
func report(_ name: String, _ durations: [Duration]) {
    let median = durations.median.milliseconds
    let ratio = median / direct.median.milliseconds
    let perPage = (median - direct.median.milliseconds) * 1000 / Double(pages)
    print(
        name.padding(toLength: 34, withPad: " ", startingAt: 0),
        "median", String(format: "%8.3f ms", median),
        " min", String(format: "%8.3f ms", durations.first!.milliseconds),
        " ratio", String(format: "%6.2fx", ratio),
        " overhead/page", String(format: "%7.1f us", perPage)
    )
}
print("\(itemCount) items, \(pageSize) per page, \(runs) runs each")
report("fetcher called directly", direct)
report("FeedLoader scroll, no filters", loader)
report("FeedLoader scroll, 4 filters", filtered)
