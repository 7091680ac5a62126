import FeedLoading
import Testing

@Suite("FeedLoader")
@MainActor
struct FeedLoaderTests {
    private let oneShot = FeedConfiguration(minimumItemsPerLoad: 1, maximumPagesPerLoad: 1)

    @Test("a load shows loading, then the page and idle")
    func loadShowsPage() async {
        let gate = GatedFetcher<Post>()
        var requests = gate.requests.makeAsyncIterator()
        let loader = FeedLoader(fetcher: gate, configuration: oneShot)

        let load = Task { await loader.loadMore() }
        let request = await requests.expectNext()
        #expect(loader.loadingState == .loading)
        gate.respond(request, with: posts(1...3))
        await load.value
        #expect(loader.items.map(\.id) == [1, 2, 3])
        #expect(loader.loadingState == .idle)
    }

    @Test("a refresh during a load leaves no stale items")
    func refreshDuringLoadLeavesNoStaleItems() async {
        let gate = GatedFetcher<Post>()
        var requests = gate.requests.makeAsyncIterator()
        let loader = FeedLoader(fetcher: gate, configuration: oneShot)

        let first = Task { await loader.loadMore() }
        gate.respond(await requests.expectNext(), with: posts(1...2))
        await first.value

        let stale = Task { await loader.loadMore() }
        let staleRequest = await requests.expectNext()
        #expect(staleRequest.page == 2)
        let refresh = Task { await loader.refresh() }
        let freshRequest = await requests.expectNext()
        #expect(freshRequest.page == 1)
        await stale.value  // released by the reset, before any answer

        gate.respond(staleRequest, with: posts(50...51))
        gate.respond(freshRequest, with: posts(10...11))
        await refresh.value
        #expect(loader.items.map(\.id) == [10, 11])
        #expect(loader.loadingState == .idle)

        // The next page follows the fresh first page, not the stale one.
        let next = Task { await loader.loadMore() }
        let nextRequest = await requests.expectNext()
        #expect(nextRequest.page == 2)
        gate.respond(nextRequest, with: posts(12...12), isLast: true)
        await next.value
        #expect(loader.items.map(\.id) == [10, 11, 12])
        #expect(loader.loadingState == .done)
    }

    @Test("a load during a load is ignored: one fetch, items once")
    func loadDuringLoadIgnored() async {
        let gate = GatedFetcher<Post>()
        var requests = gate.requests.makeAsyncIterator()
        let loader = FeedLoader(fetcher: gate, configuration: oneShot)

        let first = Task { await loader.loadMore() }
        let request = await requests.expectNext()
        await loader.loadMore()  // returns at once
        #expect(loader.loadingState == .loading)
        gate.respond(request, with: posts(1...2))
        await first.value
        #expect(loader.items.map(\.id) == [1, 2])
        #expect(gate.requestCount == 1)
    }

    @Test("refresh keeps the old items visible until the new first page arrives")
    func refreshKeepsOldItems() async {
        let gate = GatedFetcher<Post>()
        var requests = gate.requests.makeAsyncIterator()
        let loader = FeedLoader(fetcher: gate, configuration: oneShot)

        let first = Task { await loader.loadMore() }
        gate.respond(await requests.expectNext(), with: posts(1...2))
        await first.value

        let refresh = Task { await loader.refresh() }
        let request = await requests.expectNext()
        #expect(loader.items.map(\.id) == [1, 2])
        #expect(loader.loadingState == .loading)
        gate.respond(request, with: posts(3...4))
        await refresh.value
        #expect(loader.items.map(\.id) == [3, 4])
    }

    @Test("refresh clearing items empties the feed at once")
    func refreshClearing() async {
        let gate = GatedFetcher<Post>()
        var requests = gate.requests.makeAsyncIterator()
        let loader = FeedLoader(fetcher: gate, configuration: oneShot)

        let first = Task { await loader.loadMore() }
        gate.respond(await requests.expectNext(), with: posts(1...2))
        await first.value

        let refresh = Task { await loader.refresh(clearingItems: true) }
        let request = await requests.expectNext()
        #expect(loader.items.isEmpty)
        gate.respond(request, with: posts(3...4))
        await refresh.value
        #expect(loader.items.map(\.id) == [3, 4])
    }

    @Test("a failed refresh keeps the old items; retry then replaces them")
    func failedRefreshKeepsItems() async {
        let gate = GatedFetcher<Post>()
        var requests = gate.requests.makeAsyncIterator()
        let loader = FeedLoader(fetcher: gate, configuration: oneShot)

        let first = Task { await loader.loadMore() }
        gate.respond(await requests.expectNext(), with: posts(1...2))
        await first.value

        let refresh = Task { await loader.refresh() }
        gate.fail(await requests.expectNext(), with: ServerError())
        await refresh.value
        #expect(loader.items.map(\.id) == [1, 2])
        #expect(loader.loadingState.error is ServerError)

        let retry = Task { await loader.retry() }
        let request = await requests.expectNext()
        #expect(request.page == 1)
        gate.respond(request, with: posts(7...8))
        await retry.value
        #expect(loader.items.map(\.id) == [7, 8])
    }

    @Test("failure keeps the error; retry resumes from the same page, nothing lost or duplicated")
    func retryResumesSamePage() async {
        let gate = GatedFetcher<Post>()
        var requests = gate.requests.makeAsyncIterator()
        let loader = FeedLoader(fetcher: gate, configuration: oneShot)

        let first = Task { await loader.loadMore() }
        gate.respond(await requests.expectNext(), with: posts(1...2))
        await first.value

        let failing = Task { await loader.loadMore() }
        let failed = await requests.expectNext()
        gate.fail(failed, with: ServerError(code: 503))
        await failing.value
        #expect((loader.loadingState.error as? ServerError)?.code == 503)
        #expect(loader.items.map(\.id) == [1, 2])

        await loader.loadMore()  // a failed feed waits for an explicit retry
        #expect(gate.requestCount == 2)

        let retry = Task { await loader.retry() }
        let again = await requests.expectNext()
        #expect(again.page == failed.page)
        gate.respond(again, with: posts(3...4))
        await retry.value
        #expect(loader.items.map(\.id) == [1, 2, 3, 4])
        #expect(loader.loadingState == .idle)
    }

    @Test("retry with a cursor fetcher resumes from the same cursor")
    func retryResumesSameCursor() async {
        let cursors = Log<Int?>()
        let failures = Log<Int>()
        let fetcher = CursorFetcher<Post, Int, Void> { cursor in
            cursors.append(cursor)
            let start = cursor ?? 0
            if start == 2, failures.all.isEmpty {
                failures.append(start)
                throw ServerError()
            }
            return FetchedPage(items: posts((start + 1)...(start + 2)), next: start + 2 < 6 ? start + 2 : nil)
        }
        let loader = FeedLoader(fetcher: fetcher, configuration: oneShot)

        await loader.loadMore()
        await loader.loadMore()
        #expect(loader.loadingState.error is ServerError)
        await loader.retry()
        await loader.loadMore()
        #expect(loader.items.map(\.id) == [1, 2, 3, 4, 5, 6])
        #expect(loader.loadingState == .done)
        #expect(cursors.all == [nil, 2, 2, 4])
    }

    @Test("a cancelled load is not an error")
    func cancellationIsNotAnError() async {
        let gate = GatedFetcher<Post>()
        var requests = gate.requests.makeAsyncIterator()
        let loader = FeedLoader(fetcher: gate, configuration: oneShot)

        let load = Task { await loader.loadMore() }
        let abandoned = await requests.expectNext()
        load.cancel()
        await load.value
        #expect(loader.loadingState == .idle)
        #expect(loader.loadingState.error == nil)

        let again = Task { await loader.loadMore() }
        let request = await requests.expectNext()
        #expect(request.page == 1)
        gate.respond(abandoned, with: posts(90...91))
        gate.respond(request, with: posts(1...2))
        await again.value
        #expect(loader.items.map(\.id) == [1, 2])
    }

    @Test("post-fetch processing runs on every page before it is shown")
    func postFetchHook() async {
        let processed = Log<[Int]>()
        let source = CountingSource(posts(1...4), pageSize: 2)
        let loader = FeedLoader(fetcher: source.fetcher, configuration: oneShot) { page in
            processed.append(page.map(\.id))
            return page.map {
                var post = $0
                post.title = "prefetched"
                return post
            }
        }
        await loader.loadMore()
        await loader.loadMore()
        #expect(processed.all == [[1, 2], [3, 4]])
        #expect(loader.items.allSatisfy { $0.title == "prefetched" })
    }

    @Test("prepend puts the user's own item on top, past the filters, without duplicates")
    func prepend() async {
        let source = CountingSource(posts(1...3), pageSize: 3)
        let loader = FeedLoader(
            fetcher: source.fetcher,
            filters: [PredicateFilter<Post>("Read") { !$0.isRead }]
        )
        await loader.loadMore()
        var mine = Post(id: 2, title: "mine")
        mine.isRead = true
        loader.prepend(mine)
        #expect(loader.items.map(\.id) == [2, 1, 3])
        #expect(loader.items.first?.title == "mine")
        #expect(loader.removedCount(named: "Read") == 0)
    }
}
