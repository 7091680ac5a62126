/// The concurrency kernel of a feed: it loads the next page and resets to the first, and
/// nothing else.
///
/// Its rules:
/// 1. ``load()`` and ``reset()`` may be called while a load awaits the server.
/// 2. ``reset()`` during a load cancels that load at once: its caller gets
///    ``LoadResult/cancelled`` without waiting for the server, and nothing that load fetched
///    is ever delivered.
/// 3. ``load()`` during a load does nothing and returns ``LoadResult/ignored``, so duplicate
///    triggers (a threshold item and the last item both appearing) are harmless.
///
/// The fetch runs in its own task; `load` awaits that task's outcome, and the suspension lets
/// the actor serve other calls meanwhile. The actor also owns the position, which advances
/// only when a page is delivered: a failed or cancelled load leaves it where it was.
public actor LoadingActor<Source: Fetcher> {
    private enum Outcome: Sendable {
        case fetched(FetchedPage<Source.Item, Source.Position>)
        case failed(any Error)
        case cancelled
    }

    private struct InFlight {
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

    /// Creates a loader positioned at `fetcher`'s first page.
    public init(fetcher: Source) {
        self.fetcher = fetcher
        self.position = fetcher.firstPosition()
    }

    /// Whether a load is awaiting the server.
    public var isLoading: Bool { inFlight != nil }

    /// Whether the feed has ended; only ``reset()`` starts it again.
    public var isDone: Bool { position == nil }

    /// Loads the page at the current position.
    ///
    /// Cancelling the calling task cancels the load, like ``reset()`` but keeping the position.
    public func load() async -> LoadResult<Source.Item> {
        guard inFlight == nil else { return .ignored }
        guard let position else { return .done([]) }

        nextId &+= 1
        let id = nextId
        let completion = Completion<Outcome>()
        let fetcher = self.fetcher
        let task = Task {
            do {
                completion.resolve(.fetched(try await fetcher.fetch(at: position)))
            } catch {
                completion.resolve(.failed(error))
            }
        }
        let load = InFlight(id: id, task: task, completion: completion)
        inFlight = load

        let outcome = await withTaskCancellationHandler {
            await completion.value()
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

    /// Cancels any load in flight and moves back to the first page, taking up the fetcher's
    /// current parameters.
    public func reset() {
        inFlight?.cancel()
        inFlight = nil
        position = fetcher.firstPosition()
    }
}
