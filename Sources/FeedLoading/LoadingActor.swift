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
/// the actor serve other calls meanwhile. A fetcher that ``Fetcher/runsOnLoaderActor`` runs on
/// this actor, so then the actor serves other calls only while the fetch is suspended. The actor also owns the position, which advances
/// only when a page is delivered: a failed or cancelled load leaves it where it was.
public actor LoadingActor<Source: Fetcher> {
    /// The rules themselves, run on this actor (a ``FeedLoader`` runs them on the main actor).
    private let kernel: LoadingKernel<Source>

    /// Creates a loader positioned at `fetcher`'s first page.
    public init(fetcher: Source) {
        kernel = LoadingKernel(fetcher: fetcher)
    }

    /// Whether a load is awaiting the server.
    public var isLoading: Bool { kernel.isLoading }

    /// Whether the feed has ended; only ``reset()`` starts it again.
    public var isDone: Bool { kernel.isDone }

    /// Loads the page at the current position.
    ///
    /// Cancelling the calling task cancels the load, like ``reset()`` but keeping the position.
    public func load() async -> LoadResult<Source.Item> {
        await kernel.load()
    }

    /// Cancels any load in flight and moves back to the first page, taking up the fetcher's
    /// current parameters.
    public func reset() {
        kernel.reset()
    }
}
