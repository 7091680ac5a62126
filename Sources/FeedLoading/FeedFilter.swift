/// A rule that hides some of a feed's items, which a ``FeedLoader`` can switch on and off
/// while the feed is showing.
///
/// A filter hands out a fresh predicate for each pass over the feed, in feed order, so a
/// filter may remember what it has seen during a pass (as ``DuplicateFilter`` does) and
/// still start clean when the loader re-applies its filters.
public protocol FeedFilter<Item>: Sendable {
    /// The type of the items the filter judges.
    associatedtype Item

    /// The filter's name: its identity within one loader, and what a UI shows beside its
    /// count.
    var name: String { get }

    /// A predicate for one pass over the feed that returns `true` for items to keep.
    func makePredicate() -> (Item) -> Bool
}

/// A filter made of a name and a stateless predicate, such as "hide read posts".
public struct PredicateFilter<Item>: FeedFilter {
    /// The filter's name.
    public let name: String
    private let keep: @Sendable (Item) -> Bool

    /// Creates a filter.
    /// - Parameters:
    ///   - name: The filter's name.
    ///   - keep: Returns `true` for items to keep.
    public init(_ name: String, keep: @escaping @Sendable (Item) -> Bool) {
        self.name = name
        self.keep = keep
    }

    /// The stateless predicate.
    public func makePredicate() -> (Item) -> Bool { keep }
}
