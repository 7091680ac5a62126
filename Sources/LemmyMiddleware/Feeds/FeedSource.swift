import FeedLoading
import Observation
internal import LemmyAPI

/// The account a feed fetches with and what the feed means (listing, sort, query...).
struct FeedContext<Query: Sendable>: Sendable {
    var api: ApiClient
    var query: Query
    /// Where the page loaders count what they leave out; one per feed, kept across contexts.
    var discards = FeedDiscards()
}

/// How many items of the feed's answers since its first page the feed left out because they
/// cannot be placed (a comment of another post, or one whose path does not put it where it was
/// asked for): a federated server's answer may hold anything, and what is dropped is counted,
/// not hidden.
@MainActor @Observable
final class FeedDiscards {
    var count = 0
    nonisolated init() {}
}

/// Fetches one page of one Lemmy list on the main actor, where the client and its models live.
typealias FeedPageLoader<Model: Sendable, Query: Sendable> =
    @MainActor @Sendable (_ api: ApiClient, _ query: Query, _ cursor: PageCursor?) async throws -> FetchedPage<FeedEntry<Model>, PageCursor>

/// A feed's fetcher, and how to point it at another account or meaning. The change takes effect
/// at the fetcher's next reset, so pages of one feed never mix two accounts.
struct FeedSource<Model: Sendable, Query: Sendable> {
    let fetcher: AnyFetcher<FeedEntry<Model>>
    let setContext: @MainActor (FeedContext<Query>) -> Void

    /// One paged list.
    static func paged(_ context: FeedContext<Query>, _ load: @escaping FeedPageLoader<Model, Query>) -> FeedSource {
        let fetcher = cursorFetcher(context, load)
        return FeedSource(fetcher: fetcher.eraseToAnyFetcher()) { fetcher.parameters = $0 }
    }

    /// Several lists merged newest first, such as an inbox of replies, mentions and messages.
    static func merged(_ context: FeedContext<Query>, pageSize: Int, _ loads: [FeedPageLoader<Model, Query>]) -> FeedSource {
        let children = loads.map { cursorFetcher(context, $0) }
        let merged = MergedFetcher(newestFirst: children.map { $0.eraseToAnyFetcher() }, pageSize: pageSize) { $0.created }
        return FeedSource(fetcher: merged.eraseToAnyFetcher()) { context in
            for child in children { child.parameters = context }
        }
    }

    private static func cursorFetcher(
        _ context: FeedContext<Query>, _ load: @escaping FeedPageLoader<Model, Query>
    ) -> CursorFetcher<FeedEntry<Model>, PageCursor, FeedContext<Query>> {
        // On the loader's actor (the main actor, where `load` runs): a fetch off it came back
        // for `load` and left again to deliver the page, two thread switches a page.
        CursorFetcher(parameters: context) { cursor, context, _ in
            try await load(context.api, context.query, cursor)
        }
    }
}

extension PageCursor {
    /// The page after `cursor` in a list paged by number, or nil when `count` items (fewer
    /// than `limit`, or none) mean it was the last.
    static func nextPage(after cursor: PageCursor?, count: Int, limit: Int) -> PageCursor? {
        LemmyPageNumbering.next(after: cursor?.pageNumber, count: count, limit: limit).map(PageCursor.init)
    }

    /// The page number this cursor asks for; nil for the first page or an opaque cursor.
    var pageNumber: Int? { LemmyPageNumbering.number(raw) }

    /// The opaque cursor text, if it is one.
    var opaque: String? { LemmyPageNumbering.opaque(raw) }
}
