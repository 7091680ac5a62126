/// A fetcher that merges several feeds of one item type into one feed ordered by a key,
/// such as an inbox of replies, mentions and messages ordered newest first.
///
/// Each child is fetched only when its buffered items run out and the merge needs its next
/// item to decide what comes first; children that need a page are fetched concurrently.
/// The merged position holds every child's position and unmerged items by value, so a
/// failed fetch retries from exactly where it was. Each child is assumed to be sorted by
/// the same key already.
public struct MergedFetcher<Item: Sendable>: Fetcher {
    /// Every child's unmerged items and next position.
    public struct Position: Sendable {
        fileprivate var children: [Child]
    }

    fileprivate struct Child: Sendable {
        var buffer: ArraySlice<Item>
        var next: AnyFetcher<Item>.Position?

        var isExhausted: Bool { buffer.isEmpty && next == nil }
        var needsPage: Bool { buffer.isEmpty && next != nil }
    }

    private let children: [AnyFetcher<Item>]
    private let pageSize: Int
    private let precedes: @Sendable (Item, Item) -> Bool

    /// Creates a merged fetcher.
    /// - Parameters:
    ///   - children: The feeds to merge, each sorted by `precedes`.
    ///   - pageSize: How many items one merged page holds.
    ///   - precedes: Whether the first item comes before the second in the merged feed.
    ///     Ties keep the order of `children`.
    public init(
        _ children: [AnyFetcher<Item>],
        pageSize: Int,
        by precedes: @escaping @Sendable (Item, Item) -> Bool
    ) {
        precondition(pageSize > 0, "pageSize must be positive")
        self.children = children
        self.pageSize = pageSize
        self.precedes = precedes
    }

    /// Creates a merged fetcher ordered by a key, largest first (e.g. newest first).
    /// - Parameters:
    ///   - children: The feeds to merge, each sorted by `key`, largest first.
    ///   - pageSize: How many items one merged page holds.
    ///   - key: The key to order by, such as a publication date.
    public init<Key: Comparable & Sendable>(
        newestFirst children: [AnyFetcher<Item>],
        pageSize: Int,
        key: @escaping @Sendable (Item) -> Key
    ) {
        self.init(children, pageSize: pageSize) { key($0) > key($1) }
    }

    /// Every child at its first position, with nothing buffered.
    public func firstPosition() -> Position {
        Position(children: children.map { Child(buffer: [], next: $0.firstPosition()) })
    }

    /// Merges up to `pageSize` items, fetching children as their buffers run out.
    public func fetch(at position: Position) async throws -> FetchedPage<Item, Position> {
        var state = position.children
        var items: [Item] = []
        items.reserveCapacity(pageSize)

        while items.count < pageSize {
            let needy = state.indices.filter { state[$0].needsPage }
            if !needy.isEmpty {
                try await refill(needy, in: &state)
                continue
            }
            guard let first = headIndex(of: state) else { break }
            items.append(state[first].buffer.removeFirst())
        }

        let ended = state.allSatisfy(\.isExhausted)
        return FetchedPage(items: items, next: ended ? nil : Position(children: state))
    }

    private func headIndex(of state: [Child]) -> Int? {
        var best: Int?
        for index in state.indices {
            guard let candidate = state[index].buffer.first else { continue }
            if let current = best, let head = state[current].buffer.first, !precedes(candidate, head) {
                continue
            }
            best = index
        }
        return best
    }

    private func refill(_ indices: [Int], in state: inout [Child]) async throws {
        let pages = try await withThrowingTaskGroup(
            of: (Int, FetchedPage<Item, AnyFetcher<Item>.Position>).self
        ) { group in
            for index in indices {
                let child = children[index]
                guard let position = state[index].next else { continue }
                group.addTask { (index, try await child.fetch(at: position)) }
            }
            var pages: [(Int, FetchedPage<Item, AnyFetcher<Item>.Position>)] = []
            for try await page in group { pages.append(page) }
            return pages
        }
        for (index, page) in pages {
            state[index].buffer = ArraySlice(page.items)
            // An empty page that claims more would have the merge ask again forever.
            state[index].next = page.items.isEmpty ? nil : page.next
        }
    }
}
