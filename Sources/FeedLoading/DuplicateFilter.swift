/// Hides every item whose key has already appeared earlier in the feed, such as a post
/// that reached a feed twice under one ActivityPub id.
public struct DuplicateFilter<Item, Key: Hashable & Sendable>: FeedFilter {
    /// The filter's name.
    public let name: String
    /// Makes the predicate of one pass. It is built by the `@inlinable` initializers, where
    /// `Item` and `Key` are known, so that its `Set<Key>` is specialized code: made in this
    /// module, each insert was generic code going through type metadata per item.
    @usableFromInline let predicate: @Sendable () -> (Item) -> Bool

    /// Creates a filter that keeps the first item for each key.
    /// - Parameters:
    ///   - name: The filter's name.
    ///   - key: The key that identifies duplicates.
    @inlinable
    public init(_ name: String = "Duplicates", key: @escaping @Sendable (Item) -> Key) {
        self.name = name
        self.predicate = {
            var seen: Set<Key> = []
            return { item in seen.insert(key(item)).inserted }
        }
    }

    /// Creates a filter that keeps the first item for each value at `keyPath`.
    /// - Parameters:
    ///   - name: The filter's name.
    ///   - keyPath: The key path of the key that identifies duplicates.
    @inlinable
    public init(_ name: String = "Duplicates", by keyPath: any KeyPath<Item, Key> & Sendable) {
        self.init(name) { $0[keyPath: keyPath] }
    }

    /// A predicate that remembers the keys it has kept during this pass.
    public func makePredicate() -> (Item) -> Bool { predicate() }
}
