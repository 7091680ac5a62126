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

    /// Whether the filter keeps every item as it stands (a keyword filter without keywords, a
    /// block list that is empty): a loader then calls no predicate of it, while it still shows
    /// in the loader's statuses. `false` unless a filter says otherwise.
    var keepsEverything: Bool { get }
}

extension FeedFilter {
    /// `false`: the filter's predicate decides.
    public var keepsEverything: Bool { false }
}

/// A filter made of a name and a stateless predicate, such as "hide read posts".
public struct PredicateFilter<Item>: FeedFilter {
    /// The filter's name.
    public let name: String
    private let keep: @Sendable (Item) -> Bool

    /// Whether the filter keeps every item (see ``keepingEverything(_:)``).
    public let keepsEverything: Bool

    /// Creates a filter.
    /// - Parameters:
    ///   - name: The filter's name.
    ///   - keep: Returns `true` for items to keep.
    public init(_ name: String, keep: @escaping @Sendable (Item) -> Bool) {
        self.init(name, keep: keep, keepsEverything: false)
    }

    /// A filter that keeps every item, such as a block filter while nothing is blocked: a
    /// loader calls no predicate for it, which a predicate returning `true` would cost for
    /// every item.
    /// - Parameter name: The filter's name.
    public static func keepingEverything(_ name: String) -> PredicateFilter {
        PredicateFilter(name, keep: { _ in true }, keepsEverything: true)
    }

    private init(_ name: String, keep: @escaping @Sendable (Item) -> Bool, keepsEverything: Bool) {
        self.name = name
        self.keep = keep
        self.keepsEverything = keepsEverything
    }

    /// The stateless predicate.
    public func makePredicate() -> (Item) -> Bool { keep }
}
