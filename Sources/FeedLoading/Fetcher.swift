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
}
