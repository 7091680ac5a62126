import FeedLoading
import Testing

@Suite("LoadingActor")
struct LoadingActorTests {
    @Test("rule 1: load and reset are served while a load awaits the server")
    func callableDuringLoad() async {
        let gate = GatedFetcher<Int>()
        var requests = gate.requests.makeAsyncIterator()
        let actor = LoadingActor(fetcher: gate)

        let first = Task { await actor.load() }
        let request = await requests.expectNext()

        // Both calls return although the server has not answered.
        #expect(await actor.isLoading)
        #expect(await actor.load().isIgnored)
        await actor.reset()
        #expect(await first.value.isCancelled)
        #expect(await !actor.isLoading)
        gate.respond(request, with: [1])
    }

    @Test("rule 2: reset during a load cancels it at once and its items never land")
    func resetCancelsAtOnce() async {
        let gate = GatedFetcher<Int>()
        var requests = gate.requests.makeAsyncIterator()
        let actor = LoadingActor(fetcher: gate)

        // Page 1 lands, page 2 is in flight when the reset comes.
        let one = Task { await actor.load() }
        gate.respond(await requests.expectNext(), with: [1, 2])
        #expect(await one.value.items == [1, 2])

        let stale = Task { await actor.load() }
        let staleRequest = await requests.expectNext()
        #expect(staleRequest.page == 2)
        await actor.reset()
        // The caller is released without the server answering.
        #expect(await stale.value.isCancelled)

        let fresh = Task { await actor.load() }
        let freshRequest = await requests.expectNext()
        #expect(freshRequest.page == 1, "the reset moved back to the first page")
        gate.respond(staleRequest, with: [98, 99])
        gate.respond(freshRequest, with: [10, 11])
        #expect(await fresh.value.items == [10, 11])

        let next = Task { await actor.load() }
        let nextRequest = await requests.expectNext()
        #expect(nextRequest.page == 2, "the stale answer did not move the position")
        gate.respond(nextRequest, with: [12], isLast: true)
        #expect(await next.value.items == [12])
    }

    @Test("rule 3: load during a load is ignored and the first load completes")
    func loadDuringLoadIgnored() async {
        let gate = GatedFetcher<Int>()
        var requests = gate.requests.makeAsyncIterator()
        let actor = LoadingActor(fetcher: gate)

        let first = Task { await actor.load() }
        let request = await requests.expectNext()
        #expect(await actor.load().isIgnored)
        #expect(await actor.load().isIgnored)
        gate.respond(request, with: [1, 2])

        let result = await first.value
        #expect(result.isSuccess)
        #expect(result.items == [1, 2])
        #expect(gate.requestCount == 1)
    }

    @Test("the last page reports done, and loading after the end fetches nothing")
    func doneAtEnd() async {
        let gate = GatedFetcher<Int>()
        var requests = gate.requests.makeAsyncIterator()
        let actor = LoadingActor(fetcher: gate)

        let last = Task { await actor.load() }
        gate.respond(await requests.expectNext(), with: [1], isLast: true)
        let result = await last.value
        #expect(result.isDone)
        #expect(result.items == [1])
        #expect(await actor.isDone)
        #expect(await actor.load().isDone)
        #expect(gate.requestCount == 1)
    }

    @Test("a failure keeps the position so the next load retries the same page")
    func failureKeepsPosition() async {
        let gate = GatedFetcher<Int>()
        var requests = gate.requests.makeAsyncIterator()
        let actor = LoadingActor(fetcher: gate)

        let failing = Task { await actor.load() }
        gate.fail(await requests.expectNext(), with: ServerError())
        #expect(await failing.value.failure as? ServerError == ServerError())

        let retry = Task { await actor.load() }
        let request = await requests.expectNext()
        #expect(request.page == 1)
        gate.respond(request, with: [1])
        #expect(await retry.value.items == [1])
    }

    @Test("cancelling the calling task cancels the load but keeps the position")
    func callerCancellation() async {
        let gate = GatedFetcher<Int>()
        var requests = gate.requests.makeAsyncIterator()
        let actor = LoadingActor(fetcher: gate)

        let cancelled = Task { await actor.load() }
        let abandoned = await requests.expectNext()
        cancelled.cancel()
        #expect(await cancelled.value.isCancelled)

        let again = Task { await actor.load() }
        let request = await requests.expectNext()
        #expect(request.page == 1)
        gate.respond(abandoned, with: [99])
        gate.respond(request, with: [1])
        #expect(await again.value.items == [1])
    }

    @Test("a fetch that throws CancellationError is a cancellation, not a failure")
    func cancellationErrorIsNotFailure() async {
        let actor = LoadingActor(fetcher: PageFetcher<Int, Void>(pageSize: 1) { _ in throw CancellationError() })
        #expect(await actor.load().isCancelled)
    }
}
