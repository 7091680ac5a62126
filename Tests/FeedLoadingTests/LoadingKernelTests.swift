@testable import FeedLoading
import Testing

/// The kernel run on the main actor, as a ``FeedLoader`` runs it: the same rules as
/// ``LoadingActor`` (whose suite runs them on an actor of their own), with `reset` and the
/// state read synchronously by the owner while a load awaits the server.
@Suite("LoadingKernel on the main actor")
@MainActor
struct LoadingKernelTests {
    @Test("reset from the owner during a load releases that load at once; its items never land")
    func resetReleasesAtOnce() async {
        let gate = GatedFetcher<Int>()
        var requests = gate.requests.makeAsyncIterator()
        let kernel = LoadingKernel(fetcher: gate)

        let stale = Task { await kernel.load() }
        let staleRequest = await requests.expectNext()
        // Read and reset synchronously, on the owner's actor, while the load awaits.
        #expect(kernel.isLoading)
        kernel.reset()
        #expect(!kernel.isLoading)
        #expect(await stale.value.isCancelled)

        let fresh = Task { await kernel.load() }
        let freshRequest = await requests.expectNext()
        #expect(freshRequest.page == 1)
        gate.respond(staleRequest, with: [98, 99])
        gate.respond(freshRequest, with: [1, 2])
        #expect(await fresh.value.items == [1, 2])
    }

    @Test("a caller cancelled before it loads starts no fetch, and the position stays")
    func cancelledCallerFetchesNothing() async {
        let fetcher = PageFetcher<Int, Void>(pageSize: 1) { page in [page] }
        let kernel = LoadingKernel(fetcher: fetcher)
        let cancelled = Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            return await kernel.load()
        }
        // The fetch would finish at once (it starts on the caller's thread), so only the
        // check before it keeps a cancelled caller from receiving a page.
        #expect(await cancelled.value.isCancelled)
        #expect(await kernel.load().items == [1])
    }

    @Test("a load during a load is ignored; the page lands and the position advances")
    func loadDuringLoadIgnored() async {
        let gate = GatedFetcher<Int>()
        var requests = gate.requests.makeAsyncIterator()
        let kernel = LoadingKernel(fetcher: gate)

        let first = Task { await kernel.load() }
        let request = await requests.expectNext()
        #expect(await kernel.load().isIgnored)
        gate.respond(request, with: [1])
        #expect(await first.value.items == [1])

        let second = Task { await kernel.load() }
        let next = await requests.expectNext()
        #expect(next.page == 2)
        gate.respond(next, with: [2], isLast: true)
        #expect(await second.value.isDone)
        #expect(kernel.isDone)
        #expect(gate.requestCount == 2)
    }

    @Test("cancelling the caller cancels the load and keeps the position; a failure keeps it too")
    func cancellationAndFailureKeepPosition() async {
        let gate = GatedFetcher<Int>()
        var requests = gate.requests.makeAsyncIterator()
        let kernel = LoadingKernel(fetcher: gate)

        let cancelled = Task { await kernel.load() }
        let abandoned = await requests.expectNext()
        cancelled.cancel()
        #expect(await cancelled.value.isCancelled)
        #expect(!kernel.isLoading)

        let failing = Task { await kernel.load() }
        let failed = await requests.expectNext()
        #expect(failed.page == 1)
        gate.fail(failed, with: ServerError())
        #expect(await failing.value.failure as? ServerError == ServerError())

        let retry = Task { await kernel.load() }
        let request = await requests.expectNext()
        #expect(request.page == 1)
        gate.respond(abandoned, with: [99])
        gate.respond(request, with: [1])
        #expect(await retry.value.items == [1])
    }
}
