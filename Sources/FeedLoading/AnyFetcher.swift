/// A type-erased ``Fetcher``, so that feeds of one item type share one loader type whatever
/// their paging scheme.
public struct AnyFetcher<Item: Sendable>: Fetcher {
    /// An opaque position of the wrapped fetcher.
    public struct Position: Sendable {
        fileprivate let base: any Sendable
    }

    private let first: @Sendable () -> Position
    private let fetchPage: @Sendable (Position, isolated (any Actor)?) async throws -> FetchedPage<Item, Position>
    /// The wrapped fetcher's ``Fetcher/runsOnLoaderActor``.
    public let runsOnLoaderActor: Bool

    /// Wraps `base`.
    public init<Base: Fetcher>(_ base: Base) where Base.Item == Item {
        if let erased = base as? AnyFetcher<Item> {
            self = erased
            return
        }
        first = { Position(base: base.firstPosition()) }
        runsOnLoaderActor = base.runsOnLoaderActor
        fetchPage = { position, isolation in
            // Positions only ever come from this fetcher's own `firstPosition()` or pages,
            // so the cast cannot fail.
            let page = try await base.fetch(at: position.base as! Base.Position, isolation: isolation)
            return FetchedPage(items: page.items, next: page.next.map { Position(base: $0) })
        }
    }

    /// The position of the wrapped fetcher's first page.
    public func firstPosition() -> Position { first() }

    /// Fetches the wrapped fetcher's page at `position`.
    public func fetch(at position: Position) async throws -> FetchedPage<Item, Position> {
        try await fetchPage(position, nil)
    }

    /// Fetches the wrapped fetcher's page at `position`, starting on `isolation`.
    public func fetch(at position: Position, isolation: isolated (any Actor)?) async throws -> FetchedPage<Item, Position> {
        try await fetchPage(position, isolation)
    }
}

extension Fetcher {
    /// This fetcher, type-erased.
    public func eraseToAnyFetcher() -> AnyFetcher<Item> { AnyFetcher(self) }
}
