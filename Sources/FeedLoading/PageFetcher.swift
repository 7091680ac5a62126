/// A fetcher for servers that page by number, starting at page 1.
///
/// The feed ends at the first page shorter than ``pageSize`` (an empty page included).
/// ``parameters`` may be changed at any time; the change takes effect on the next reset
/// (``FeedLoader/refresh(clearingItems:)``), so pages of one feed never mix two queries.
public final class PageFetcher<Item: Sendable, Parameters: Sendable>: Fetcher {
    /// A page number together with the parameters the feed was started with.
    public struct Position: Sendable {
        /// The 1-based page number.
        public let page: Int
        /// The parameters in force when the feed was last reset.
        public let parameters: Parameters
    }

    /// The number of items the server returns for a full page.
    public let pageSize: Int
    private let fetchPage: @Sendable (_ page: Int, _ parameters: Parameters) async throws -> [Item]
    private let box: ParameterBox<Parameters>

    /// Creates a page fetcher.
    /// - Parameters:
    ///   - pageSize: The number of items in a full page; a shorter page ends the feed.
    ///   - parameters: The initial fetch parameters.
    ///   - fetchPage: Fetches one page given its 1-based number and the parameters.
    public init(
        pageSize: Int,
        parameters: Parameters,
        fetchPage: @escaping @Sendable (_ page: Int, _ parameters: Parameters) async throws -> [Item]
    ) {
        precondition(pageSize > 0, "pageSize must be positive")
        self.pageSize = pageSize
        self.fetchPage = fetchPage
        self.box = ParameterBox(parameters)
    }

    /// The parameters the next reset will use.
    public var parameters: Parameters {
        get { box.current }
        set { box.current = newValue }
    }

    /// Page 1 with the current parameters.
    public func firstPosition() -> Position { Position(page: 1, parameters: box.current) }

    /// Fetches the page at `position`.
    public func fetch(at position: Position) async throws -> FetchedPage<Item, Position> {
        let items = try await fetchPage(position.page, position.parameters)
        let isLast = items.count < pageSize
        return FetchedPage(
            items: items,
            next: isLast ? nil : Position(page: position.page + 1, parameters: position.parameters)
        )
    }
}

extension PageFetcher where Parameters == Void {
    /// Creates a page fetcher without parameters.
    /// - Parameters:
    ///   - pageSize: The number of items in a full page; a shorter page ends the feed.
    ///   - fetchPage: Fetches one page given its 1-based number.
    public convenience init(
        pageSize: Int,
        fetchPage: @escaping @Sendable (_ page: Int) async throws -> [Item]
    ) {
        self.init(pageSize: pageSize, parameters: ()) { page, _ in try await fetchPage(page) }
    }
}
