public import FeedLoading

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
}
