/// Hides items whose key is in a set: blocked people, communities or instances, or items
/// already read.
///
/// To change the set, build a new filter with the same name and hand it to
/// ``FeedLoader/setFilter(_:isEnabled:)``; the loader re-applies it to what it has loaded.
public struct MembershipFilter<Item, Key: Hashable & Sendable>: FeedFilter {
    /// The filter's name.
    public let name: String
    /// The keys whose items are hidden.
    public let excluded: Set<Key>
    /// Whether an item is kept. It is built by the `@inlinable` initializers, where `Item` and
    /// `Key` are known, so that the set lookups are specialized code rather than generic code
    /// going through type metadata per item.
    @usableFromInline let keep: @Sendable (Item) -> Bool

    /// Creates a filter that hides items having any key in `excluded`.
    /// - Parameters:
    ///   - name: The filter's name.
    ///   - excluded: The keys whose items are hidden.
    ///   - keys: The keys of an item, e.g. its creator's and its community's ids.
    @inlinable
    public init(_ name: String, excluding excluded: Set<Key>, keys: @escaping @Sendable (Item) -> [Key]) {
        self.name = name
        self.excluded = excluded
        self.keep = { item in excluded.isEmpty || !keys(item).contains(where: excluded.contains) }
    }

    /// Creates a filter that hides items whose key is in `excluded`.
    /// - Parameters:
    ///   - name: The filter's name.
    ///   - excluded: The keys whose items are hidden.
    ///   - key: The key of an item, or `nil` if it has none (then it is kept).
    @inlinable
    public init(_ name: String, excluding excluded: Set<Key>, key: @escaping @Sendable (Item) -> Key?) {
        self.name = name
        self.excluded = excluded
        // One key: no array per item.
        self.keep = { item in
            guard !excluded.isEmpty, let value = key(item) else { return true }
            return !excluded.contains(value)
        }
    }

    /// A predicate that keeps items none of whose keys is excluded.
    public func makePredicate() -> (Item) -> Bool { keep }
}
