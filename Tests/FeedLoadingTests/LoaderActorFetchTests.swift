import FeedLoading
import Testing

/// Fetchers that run on the loader's actor (`runsOnLoaderActor`): the loaders hand them their
/// own actor, so work that belongs there costs no thread switch, and the rules of a load hold.
@Suite("Fetching on the loader's actor")
struct LoaderActorFetchTests {
    /// A cursor fetcher on the loader's actor that logs, for each page, whether it was given
    /// `expected` as its isolation; three pages of two.
    private func loggingFetcher(expecting expected: @escaping @Sendable () -> (any Actor)?, into log: Log<Bool>)
        -> CursorFetcher<Post, Int, Void>
    {
        CursorFetcher<Post, Int, Void>(parameters: ()) { cursor, _, isolation in
            log.append(isolation.map { $0 as AnyObject } === expected().map { $0 as AnyObject })
            let start = cursor ?? 0
            return FetchedPage(items: posts((start + 1)...(start + 2)), next: start + 2 < 6 ? start + 2 : nil)
        }
    }

    @Test("a FeedLoader fetches on the main actor, through its type-erased fetcher")
    @MainActor
    func feedLoaderFetchesOnMainActor() async {
        let onMain = Log<Bool>()
        let fetcher = loggingFetcher(expecting: { MainActor.shared }, into: onMain)
        #expect(fetcher.runsOnLoaderActor)
        #expect(fetcher.eraseToAnyFetcher().runsOnLoaderActor)
        let loader = FeedLoader(fetcher: fetcher, configuration: FeedConfiguration(minimumItemsPerLoad: 1, maximumPagesPerLoad: 1))
        await loader.loadMore()
        await loader.loadMore()
        #expect(loader.items.map(\.id) == [1, 2, 3, 4])
        #expect(onMain.all == [true, true])
    }

    @Test("a LoadingActor fetches on itself")
    func loadingActorFetchesOnItself() async {
        let onActor = Log<Bool>()
        let holder = Log<LoadingActor<CursorFetcher<Post, Int, Void>>>()
        let actor = LoadingActor(fetcher: loggingFetcher(expecting: { holder.all.first }, into: onActor))
        holder.append(actor)
        #expect(await actor.load().items.map(\.id) == [1, 2])
        #expect(await actor.load().items.map(\.id) == [3, 4])
        #expect(onActor.all == [true, true])
    }

    @Test("called through fetch(at:), the same fetch runs on no actor")
    func plainFetchHasNoIsolation() async throws {
        let isolated = Log<Bool>()
        let fetcher = loggingFetcher(expecting: { nil }, into: isolated)
        let page = try await fetcher.fetch(at: fetcher.firstPosition())
        #expect(page.items.map(\.id) == [1, 2])
        #expect(isolated.all == [true])
    }

    @Test("fetchers say false unless they choose the loader's actor")
    func defaultIsOffTheActor() {
        let plain = CursorFetcher<Post, Int, Void> { _ in FetchedPage(items: [], next: nil) }
        #expect(!plain.runsOnLoaderActor)
        #expect(!plain.eraseToAnyFetcher().runsOnLoaderActor)
        #expect(!CountingSource(Array(1...3), pageSize: 2).fetcher.runsOnLoaderActor)
    }

    @Test("cancelling a load whose fetch waits on the loader's actor ends it at once, and its page is never delivered")
    @MainActor
    func resetCancelsFetchOnActor() async {
        let (opened, gate) = AsyncStream<Void>.makeStream()
        let (started, fetchStarted) = AsyncStream<Void>.makeStream()
        let fetcher = CursorFetcher<Post, Int, Void>(parameters: ()) { cursor, _, _ in
            fetchStarted.yield()
            if cursor == nil { for await _ in opened { break } }
            return FetchedPage(items: posts(1...2), next: nil)
        }
        let loader = FeedLoader(fetcher: fetcher, configuration: FeedConfiguration(minimumItemsPerLoad: 1, maximumPagesPerLoad: 1))
        let load = Task { await loader.loadMore() }
        var starts = started.makeAsyncIterator()
        _ = await starts.next()
        load.cancel()
        await load.value  // returns although the gate never opened
        gate.finish()
        #expect(loader.items.isEmpty)
        #expect(loader.loadingState == .idle)
    }
}
