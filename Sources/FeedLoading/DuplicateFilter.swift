/// Hides every item whose key has already appeared earlier in the feed, such as a post
/// that reached a feed twice under one ActivityPub id.
public struct DuplicateFilter<Item, Key: Hashable & Sendable>: FeedFilter {
    /// The filter's name.
    public let name: String
    private let key: @Sendable (Item) -> Key

    /// Creates a filter that keeps the first item for each key.
    /// - Parameters:
    ///   - name: The filter's name.
    ///   - key: The key that identifies duplicates.
    public init(_ name: String = "Duplicates", key: @escaping @Sendable (Item) -> Key) {
        self.name = name
        self.key = key
    }

    /// Creates a filter that keeps the first item for each value at `keyPath`.
    /// - Parameters:
    ///   - name: The filter's name.
    ///   - keyPath: The key path of the key that identifies duplicates.
    public init(_ name: String = "Duplicates", by keyPath: any KeyPath<Item, Key> & Sendable) {
        self.init(name) { $0[keyPath: keyPath] }
    }

    /// A predicate that remembers the keys it has kept during this pass.
    public func makePredicate() -> (Item) -> Bool {
        var seen: Set<Key> = []
        return { [key] item in seen.insert(key(item)).inserted }
    }
}
