import LemmyMiddleware

/// The `--page N` of a list that 1.0 pages by opaque cursor: the pages before N are loaded to
/// reach it, as a reader paging through would.
enum PageWalk {
    /// The items of 1-based page `number`, empty when the list ends before it, and whether more
    /// pages follow it. `what` names the list in progress and failure messages.
    @MainActor
    static func page<Item>(
        _ number: Int, of what: String, in session: Session, load: (PageCursor?) async throws -> ContentPage<Item>
    ) async throws(CLIFailure) -> (items: [Item], hasMore: Bool) {
        var cursor: PageCursor?
        for current in 1...max(1, number) {
            let result = try await session.run("loading page \(current) of \(what)") { try await load(cursor) }
            cursor = result.next
            let ended = cursor == nil || result.items.isEmpty
            if current == number { return (result.items, !ended) }
            if ended { break }
        }
        return ([], false)
    }
}
