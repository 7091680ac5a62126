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
            let seen = SeenSet<HashedKey<Key>>()
            return { item in seen.insert(HashedKey(key(item))) }
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

/// A key with its hash computed once. A `Set` of plain keys hashes every key again each time it
/// grows and compares whole keys along each probe; with string keys (ActivityPub ids) both were
/// most of the duplicate filter's cost in a 10,000-item scroll (FeedLoaderOverhead). Here a
/// resize rehashes an `Int`, and unequal keys are told apart by their hashes first.
@usableFromInline
struct HashedKey<Key: Hashable>: Hashable {
    @usableFromInline let key: Key
    @usableFromInline let hash: Int

    @inlinable init(_ key: Key) {
        self.key = key
        self.hash = key.hashValue
    }

    @inlinable static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hash == rhs.hash && lhs.key == rhs.key
    }

    @inlinable func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
