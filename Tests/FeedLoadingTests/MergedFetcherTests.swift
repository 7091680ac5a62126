import FeedLoading
import Testing

@Suite("MergedFetcher")
struct MergedFetcherTests {
    private func child(_ dates: [Int], kind: String, pageSize: Int) -> (CountingSource<Post>, AnyFetcher<Post>) {
        let items = dates.map { Post(id: $0, title: kind, date: $0) }
        let source = CountingSource(items, pageSize: pageSize)
        return (source, source.fetcher.eraseToAnyFetcher())
    }

    @Test("merges children newest first across pages, every item exactly once")
    func mergesByKey() async throws {
        let (_, replies) = child([90, 70, 50, 30, 10], kind: "reply", pageSize: 2)
        let (_, mentions) = child([80, 40], kind: "mention", pageSize: 2)
        let (_, messages) = child([60, 20], kind: "message", pageSize: 2)
        let merged = MergedFetcher(newestFirst: [replies, mentions, messages], pageSize: 4) { $0.date }
        let actor = LoadingActor(fetcher: merged)

        var all: [Int] = []
        while true {
            let result = await actor.load()
            all += result.items.map(\.date)
            if !result.isSuccess {
                #expect(result.isDone)
                break
            }
        }
        #expect(all == [90, 80, 70, 60, 50, 40, 30, 20, 10])
    }

    @Test("fetches a child only when the merge needs its next item")
    func fetchesOnlyAsNeeded() async throws {
        let (newer, newerFetcher) = child(Array(stride(from: 100, to: 40, by: -1)), kind: "new", pageSize: 5)
        let (older, olderFetcher) = child([10, 9, 8, 7, 6, 5], kind: "old", pageSize: 5)
        let merged = MergedFetcher(newestFirst: [newerFetcher, olderFetcher], pageSize: 5) { $0.date }
        let actor = LoadingActor(fetcher: merged)

        #expect(await actor.load().items.map(\.date) == [100, 99, 98, 97, 96])
        #expect(await actor.load().items.map(\.date) == [95, 94, 93, 92, 91])
        // The older feed's first page was needed to compare heads; no further page was, and
        // the newer feed's third page waits until a merge needs its next item.
        #expect(older.fetchedPages == [1])
        #expect(newer.fetchedPages == [1, 2])
    }

    @Test("a merged feed runs through a FeedLoader like any other")
    @MainActor
    func mergedFeedInLoader() async throws {
        let (_, a) = child([5, 3, 1], kind: "a", pageSize: 2)
        let (_, b) = child([6, 4, 2], kind: "b", pageSize: 2)
        let loader = FeedLoader(
            fetcher: MergedFetcher(newestFirst: [a, b], pageSize: 2) { $0.date },
            configuration: FeedConfiguration(minimumItemsPerLoad: 100, maximumPagesPerLoad: 10)
        )
        await loader.loadMore()
        #expect(loader.items.map(\.date) == [6, 5, 4, 3, 2, 1])
        #expect(loader.loadingState == .done)
    }
}
