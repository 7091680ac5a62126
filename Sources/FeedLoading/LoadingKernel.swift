/// The rules of ``LoadingActor``, run on whichever actor owns the kernel instead of an actor of
/// their own.
///
/// A ``FeedLoader`` owns one on the main actor: each page then costs the executor hops of the
/// fetch alone (none for a fetch that never suspends), where going through a separate actor added a
/// hop into it and one out of it per page, which was most of the FeedLoaderOverhead
/// benchmark's cost beyond the fetcher. The kernel is not `Sendable`, so the compiler keeps
/// every call on its owner's actor, and ``load(isolation:)`` runs there (`#isolation`).
///
/// See ``LoadingActor`` for the rules: reset during a load cancels it at once, load during a
/// load is ignored, the position advances only when a page is delivered.
final class LoadingKernel<Source: Fetcher> {
    private enum Outcome: Sendable {
        case fetched(FetchedPage<Source.Item, Source.Position>)
        case failed(any Error)
        case cancelled
    }

    private struct InFlight: Sendable {
        let id: UInt64
        let task: Task<Void, Never>
        let completion: Completion<Outcome>

        func cancel() {
            completion.resolve(.cancelled)
            task.cancel()
        }
    }

    private let fetcher: Source
    /// Where the next page starts; `nil` once the feed has ended.
    private var position: Source.Position?
    private var inFlight: InFlight?
    private var nextId: UInt64 = 0

    /// Creates a kernel positioned at `fetcher`'s first page.
    init(fetcher: Source) {
        self.fetcher = fetcher
        self.position = fetcher.firstPosition()
    }

    /// Whether a load is awaiting the server.
    var isLoading: Bool { inFlight != nil }

    /// Whether the feed has ended; only ``reset()`` starts it again.
    var isDone: Bool { position == nil }

    /// Loads the page at the current position, on the caller's actor; the fetch runs in a
    /// task of its own, so that a reset can release this call before the fetch returns.
    ///
    /// That task starts at once, on the caller's thread, and leaves it at the fetch's first
    /// suspension (where a network fetch sends its request): starting it as a separate job cost
    /// an executor hop per page, which was most of a page's time when the fetch itself is quick.
    /// A fetcher should therefore do heavy synchronous work after a suspension, not before. A
    /// fetcher that ``Fetcher/runsOnLoaderActor`` stays on the caller's actor throughout (see
    /// ``startOnCaller(_:at:resolving:isolation:)``). The wait for the page is isolated to the
    /// caller's actor too, so a fetch that never suspends costs no hop at all.
    ///
    /// Cancelling the calling task cancels the load, like ``reset()`` but keeping the position;
    /// a caller cancelled beforehand starts no fetch.
    func load(isolation: isolated (any Actor)? = #isolation) async -> LoadResult<Source.Item> {
        guard inFlight == nil else { return .ignored }
        guard let position else { return .done([]) }
        guard !Task.isCancelled else { return .cancelled }

        nextId &+= 1
        let id = nextId
        let completion = Completion<Outcome>()
        let task =
            fetcher.runsOnLoaderActor
            ? Self.startOnCaller(fetcher, at: position, resolving: completion, isolation: isolation)
            : Self.startAtOnce(fetcher, at: position, resolving: completion)
        let load = InFlight(id: id, task: task, completion: completion)
        inFlight = load

        let outcome = await withTaskCancellationHandler {
            await completion.value(isolation: isolation)
        } onCancel: {
            load.cancel()
        }

        // A reset while we waited has already replaced the position; touch nothing.
        guard inFlight?.id == id else { return .cancelled }
        inFlight = nil

        switch outcome {
        case .cancelled:
            return .cancelled
        case .failed(let error):
            return error is CancellationError ? .cancelled : .failure(error)
        case .fetched(let page):
            self.position = page.next
            return page.next == nil ? .done(page.items) : .success(page.items)
        }
    }

    /// A task fetching the page at `position` into `completion`, not isolated to the caller:
    /// once suspended, the fetch goes on without waiting for the caller's actor, and the caller
    /// resumes once, when it is resolved.
    private static func startAtOnce(
        _ fetcher: Source, at position: Source.Position, resolving completion: Completion<Outcome>
    ) -> Task<Void, Never> {
        startImmediately { @Sendable in
            do {
                completion.resolve(.fetched(try await fetcher.fetch(at: position)))
            } catch {
                completion.resolve(.failed(error))
            }
        }
    }

    /// A task fetching the page at `position` into `completion` on the caller's actor, for a
    /// fetcher that ``Fetcher/runsOnLoaderActor``: its work comes back to this actor, and
    /// resolving here resumes the caller without a thread switch. A fetch that left the actor
    /// came back to it for the fetcher's work, then left again to resolve, and the caller came
    /// back a second time: two thread switches a page of a Lemmy feed (perf, FeedScroll).
    ///
    /// On the main actor (a ``FeedLoader``) the task's closure is `@MainActor`, so it starts at
    /// once on the caller's thread and never leaves. A closure that only captures `isolation` is
    /// not isolated to it (it starts on the global executor); for another actor (a
    /// ``LoadingActor``) the task enters the actor through ``fetch(_:at:resolving:isolation:)``.
    private static func startOnCaller(
        _ fetcher: Source, at position: Source.Position, resolving completion: Completion<Outcome>,
        isolation: isolated (any Actor)?
    ) -> Task<Void, Never> {
        guard isolation === MainActor.shared else {
            return Task { await fetch(fetcher, at: position, resolving: completion, isolation: isolation) }
        }
        return startImmediately { @MainActor in
            await fetch(fetcher, at: position, resolving: completion, isolation: MainActor.shared)
        }
    }

    /// A task running `operation`, started on the caller's thread where `Task.immediate` exists:
    /// it is in the standard library of Swift 6.2 and Apple's 26 releases, and the package still
    /// builds with Swift 6.1.
    private static func startImmediately(
        _ operation: @escaping @Sendable @isolated(any) () async -> Void
    ) -> Task<Void, Never> {
        #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return Task.immediate(operation: operation)
        }
        #endif
        return Task(operation: operation)
    }

    /// Fetches the page at `position` into `completion`, on `isolation`.
    private static func fetch(
        _ fetcher: Source, at position: Source.Position, resolving completion: Completion<Outcome>,
        isolation: isolated (any Actor)?
    ) async {
        do {
            completion.resolve(.fetched(try await fetcher.fetch(at: position, isolation: isolation)))
        } catch {
            completion.resolve(.failed(error))
        }
    }

    /// Cancels any load in flight and moves back to the first page, taking up the fetcher's
    /// current parameters.
    func reset() {
        inFlight?.cancel()
        inFlight = nil
        position = fetcher.firstPosition()
    }
}
