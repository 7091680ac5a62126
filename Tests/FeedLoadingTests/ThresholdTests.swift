import FeedLoading
import Testing

@Suite("Thresholds")
@MainActor
struct ThresholdTests {
    private func loadedFeed(distance: Int) async -> (CountingSource<Post>, FeedLoader<Post>) {
        let source = CountingSource(posts(1...30), pageSize: 10)
        let loader = FeedLoader(
            fetcher: source.fetcher,
            configuration: FeedConfiguration(thresholdDistance: distance, minimumItemsPerLoad: 1, maximumPagesPerLoad: 1)
        )
        await loader.loadMore()
        return (source, loader)
    }

    @Test("the item the configured distance from the end, and the last item, are thresholds")
    func thresholdItems() async {
        let (_, loader) = await loadedFeed(distance: 3)
        let thresholds = loader.items.filter(loader.isThreshold).map(\.id)
        #expect(thresholds == [7, 10])
    }

    @Test("a distance beyond the feed makes the first item the threshold")
    func distanceBeyondFeed() async {
        let (_, loader) = await loadedFeed(distance: 50)
        #expect(loader.items.filter(loader.isThreshold).map(\.id) == [1, 10])
    }

    @Test("reaching the threshold loads the next page; other items do not")
    func thresholdLoads() async {
        let (source, loader) = await loadedFeed(distance: 3)
        await loader.loadIfThreshold(loader.items[2])
        #expect(source.fetchedPages == [1])
        await loader.loadIfThreshold(loader.items[6])
        #expect(source.fetchedPages == [1, 2])
        #expect(loader.items.count == 20)
    }

    @Test("threshold and fallback triggering together load one page")
    func duplicateTriggersHarmless() async {
        let gate = GatedFetcher<Post>()
        var requests = gate.requests.makeAsyncIterator()
        let loader = FeedLoader(
            fetcher: gate,
            configuration: FeedConfiguration(thresholdDistance: 2, minimumItemsPerLoad: 1, maximumPagesPerLoad: 1)
        )
        let first = Task { await loader.loadMore() }
        gate.respond(await requests.expectNext(), with: posts(1...5))
        await first.value

        let threshold = loader.onAppear(loader.items[2])
        let fallback = loader.onAppear(loader.items[4])
        #expect(threshold != nil && fallback != nil)
        let request = await requests.expectNext()
        #expect(request.page == 2)
        gate.respond(request, with: posts(6...10))
        await threshold?.value
        await fallback?.value
        // A late trigger from the old end is no threshold any more.
        await loader.loadIfThreshold(loader.items[4])

        #expect(gate.requestCount == 2)
        #expect(loader.items.map(\.id) == Array(1...10))
        #expect(loader.loadingState == .idle)
    }

    @Test("no threshold fires while loading, after the end, or after a failure")
    func noThresholdUnlessIdle() async {
        let source = CountingSource(posts(1...5), pageSize: 10)
        let loader = FeedLoader(fetcher: source.fetcher)
        await loader.loadMore()
        #expect(loader.loadingState == .done)
        #expect(!loader.isThreshold(loader.items[4]))
    }
}
