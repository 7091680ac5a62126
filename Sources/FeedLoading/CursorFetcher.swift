/// A fetcher for servers that page by an opaque cursor the previous page hands out.
///
/// The first page is fetched with a `nil` cursor. The feed ends when a page has no next
/// cursor, when it is empty, or when the server hands back the cursor it was just given
/// (which would otherwise page forever). ``parameters`` may be changed at any time; the
/// change takes effect on the next reset.
public final class CursorFetcher<Item: Sendable, Cursor: Sendable & Equatable, Parameters: Sendable>: Fetcher {
    /// A cursor together with the parameters the feed was started with.
    public struct Position: Sendable {
        /// The cursor of this page; `nil` for the first page.
        public let cursor: Cursor?
        /// The parameters in force when the feed was last reset.
        public let parameters: Parameters
    }

    /// A page fetch, on `isolation` (nil: off any actor).
    typealias IsolatedFetch =
        @Sendable (
            _ cursor: Cursor?, _ parameters: Parameters, _ isolation: isolated (any Actor)?
        ) async throws -> FetchedPage<Item, Cursor>

    private let fetchPage: IsolatedFetch
    private let box: ParameterBox<Parameters>
    /// Whether the page fetch was given as one to run on the loader's actor.
    public let runsOnLoaderActor: Bool

    /// Creates a cursor fetcher.
    /// - Parameters:
    ///   - parameters: The initial fetch parameters.
    ///   - fetchPage: Fetches the page at a cursor (`nil` for the first page) and returns its
    ///     items with the cursor of the next page.
    public init(
        parameters: Parameters,
        fetchPage: @escaping @Sendable (_ cursor: Cursor?, _ parameters: Parameters) async throws -> FetchedPage<Item, Cursor>
    ) {
        self.fetchPage = { cursor, parameters, _ in try await fetchPage(cursor, parameters) }
        self.box = ParameterBox(parameters)
        self.runsOnLoaderActor = false
    }

    /// Creates a cursor fetcher whose page fetch runs on the loader's actor (see
    /// ``Fetcher/runsOnLoaderActor``), such as one that merges pages into main-actor models
    /// for a ``FeedLoader``.
    /// - Parameters:
    ///   - parameters: The initial fetch parameters.
    ///   - fetchPageOnLoaderActor: Fetches the page at a cursor (`nil` for the first page),
    ///     isolated to the actor it is given (the loader's, or nil when called through
    ///     ``fetch(at:)``), and returns its items with the cursor of the next page.
    public init(
        parameters: Parameters,
        fetchPageOnLoaderActor:
            @escaping @Sendable (
                _ cursor: Cursor?, _ parameters: Parameters, _ isolation: isolated (any Actor)?
            ) async throws -> FetchedPage<Item, Cursor>
    ) {
        self.fetchPage = fetchPageOnLoaderActor
        self.box = ParameterBox(parameters)
        self.runsOnLoaderActor = true
    }

    /// The parameters the next reset will use.
    public var parameters: Parameters {
        get { box.current }
        set { box.current = newValue }
    }

    /// No cursor, with the current parameters.
    public func firstPosition() -> Position { Position(cursor: nil, parameters: box.current) }

    /// Fetches the page at `position`.
    public func fetch(at position: Position) async throws -> FetchedPage<Item, Position> {
        try await fetch(at: position, isolation: nil)
    }

    /// Fetches the page at `position`, starting on `isolation`.
    public func fetch(at position: Position, isolation: isolated (any Actor)?) async throws -> FetchedPage<Item, Position> {
        let page = try await fetchPage(position.cursor, position.parameters, isolation)
        let next: Position? =
            if let cursor = page.next, cursor != position.cursor, !page.items.isEmpty {
                Position(cursor: cursor, parameters: position.parameters)
            } else {
                nil
            }
        return FetchedPage(items: page.items, next: next)
    }
}

extension CursorFetcher where Parameters == Void {
    /// Creates a cursor fetcher without parameters.
    /// - Parameter fetchPage: Fetches the page at a cursor (`nil` for the first page) and
    ///   returns its items with the cursor of the next page.
    public convenience init(
        fetchPage: @escaping @Sendable (_ cursor: Cursor?) async throws -> FetchedPage<Item, Cursor>
    ) {
        self.init(parameters: ()) { cursor, _ in try await fetchPage(cursor) }
    }
}
