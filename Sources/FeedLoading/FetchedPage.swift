/// One page of items as a ``Fetcher`` returns it, with where the page after it starts.
///
/// `next` is `nil` when the source has no more pages; the ``LoadingActor`` then reports
/// ``LoadResult/done(_:)`` and stops asking.
public struct FetchedPage<Item: Sendable, Position: Sendable>: Sendable {
    /// The items of this page, in feed order.
    public var items: [Item]
    /// Where the next page starts, or `nil` at the end of the feed.
    public var next: Position?

    /// Creates a page.
    /// - Parameters:
    ///   - items: The items of this page, in feed order.
    ///   - next: Where the next page starts, or `nil` at the end of the feed.
    public init(items: [Item], next: Position?) {
        self.items = items
        self.next = next
    }
}
