/// Knows how to fetch one page of a feed: the fetch parameters and the paging scheme.
///
/// A fetcher is a function of its position, so a failed fetch can be retried from the very
/// same position and nothing is lost or fetched twice. Parameters that callers may change
/// (a search query, a sort) are captured into the position by ``firstPosition()``, which the
/// ``LoadingActor`` calls on every reset: a change takes effect on the next reset, never in
/// the middle of a feed.
///
/// Adapting a server endpoint usually means wrapping one closure in ``PageFetcher`` or
/// ``CursorFetcher`` rather than conforming to this protocol directly.
public protocol Fetcher<Item>: Sendable {
    /// The type of the feed's items.
    associatedtype Item: Sendable
    /// Where a page starts: a page number, a cursor, or any value the fetcher understands,
    /// together with the parameters the feed was started with.
    associatedtype Position: Sendable

    /// The position of the feed's first page, capturing the current fetch parameters.
    func firstPosition() -> Position

    /// Fetches the page that starts at `position`.
    ///
    /// Implementations should honour task cancellation where they can, but need not: the
    /// ``LoadingActor`` stops waiting for a cancelled fetch at once and discards its result.
    func fetch(at position: Position) async throws -> FetchedPage<Item, Position>

    /// Whether the loaders call ``fetch(at:isolation:)`` on their own actor instead of
    /// ``fetch(at:)`` off it. False unless the fetcher says otherwise.
    ///
    /// Say true when the fetch's work belongs to the loader's actor anyway, such as a fetcher of
    /// main-actor models for a ``FeedLoader``. A nonisolated fetch of such work leaves the actor
    /// for the fetch's own executor and comes back twice a page, each time a thread switch.
    var runsOnLoaderActor: Bool { get }

    /// Fetches the page that starts at `position`, starting on `isolation`: the loader's actor
    /// when ``runsOnLoaderActor`` is true.
    ///
    /// By default it calls ``fetch(at:)``.
    func fetch(at position: Position, isolation: isolated (any Actor)?) async throws -> FetchedPage<Item, Position>
}

extension Fetcher {
    /// False: the fetch runs off the loader's actor.
    public var runsOnLoaderActor: Bool { false }

    /// Calls ``fetch(at:)``.
    public func fetch(at position: Position, isolation: isolated (any Actor)?) async throws -> FetchedPage<Item, Position> {
        try await fetch(at: position)
    }
}
