/// A fetcher whose items are another fetcher's items transformed, e.g. to wrap replies,
/// mentions and messages into one inbox item type before merging them.
public struct MappedFetcher<Base: Fetcher, Item: Sendable>: Fetcher {
    private let base: Base
    private let transform: @Sendable (Base.Item) -> Item

    /// Creates a fetcher that applies `transform` to every item `base` fetches.
    public init(_ base: Base, transform: @escaping @Sendable (Base.Item) -> Item) {
        self.base = base
        self.transform = transform
    }

    /// The base fetcher's first position.
    public func firstPosition() -> Base.Position { base.firstPosition() }

    /// Fetches the base fetcher's page and transforms its items.
    public func fetch(at position: Base.Position) async throws -> FetchedPage<Item, Base.Position> {
        let page = try await base.fetch(at: position)
        return FetchedPage(items: page.items.map(transform), next: page.next)
    }
}

extension Fetcher {
    /// A fetcher whose items are this fetcher's items transformed by `transform`.
    public func map<NewItem: Sendable>(
        _ transform: @escaping @Sendable (Item) -> NewItem
    ) -> MappedFetcher<Self, NewItem> {
        MappedFetcher(self, transform: transform)
    }
}
