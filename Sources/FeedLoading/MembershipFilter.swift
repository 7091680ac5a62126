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
    private let keys: @Sendable (Item) -> [Key]
    /// The one key of an item, for filters made with one (no array per item).
    private let key: (@Sendable (Item) -> Key?)?

    /// Creates a filter that hides items having any key in `excluded`.
    /// - Parameters:
    ///   - name: The filter's name.
    ///   - excluded: The keys whose items are hidden.
    ///   - keys: The keys of an item, e.g. its creator's and its community's ids.
    public init(_ name: String, excluding excluded: Set<Key>, keys: @escaping @Sendable (Item) -> [Key]) {
        self.name = name
        self.excluded = excluded
        self.keys = keys
        self.key = nil
    }

    /// Creates a filter that hides items whose key is in `excluded`.
    /// - Parameters:
    ///   - name: The filter's name.
    ///   - excluded: The keys whose items are hidden.
    ///   - key: The key of an item, or `nil` if it has none (then it is kept).
    public init(_ name: String, excluding excluded: Set<Key>, key: @escaping @Sendable (Item) -> Key?) {
        self.name = name
        self.excluded = excluded
        self.keys = { item in key(item).map { [$0] } ?? [] }
        self.key = key
    }

    /// A predicate that keeps items none of whose keys is excluded.
    public func makePredicate() -> (Item) -> Bool {
        if let key {
            return { [excluded] item in
                guard !excluded.isEmpty, let value = key(item) else { return true }
                return !excluded.contains(value)
            }
        }
        return { [excluded, keys] item in
            excluded.isEmpty || !keys(item).contains(where: excluded.contains)
        }
    }
}
