internal import LemmyAPI

/// Why ``ApiClient/allPages(maxPages:_:)`` stopped reading.
public enum AllPagesEnd: Sendable, Hashable {
    /// The server said there is no next page: the list is complete.
    case lastPage
    /// `maxPages` pages were read and the server still offered another.
    case pageLimit
    /// The server offered a cursor it had offered before; following it would read the same pages
    /// again, forever if the server keeps doing so.
    case repeatedCursor
}

/// The pages of a list read one after the other, as far as ``end`` says.
public struct AllPages<Item> {
    /// The items of every page read, in order (as the server sent them, duplicates included).
    public var items: [Item]
    /// How many pages were read.
    public var pageCount: Int
    /// Why reading stopped.
    public var end: AllPagesEnd
    /// Where the next unread page starts: the cursor the server offered when ``end`` is
    /// ``AllPagesEnd/pageLimit`` (to go on later), nil otherwise.
    public var next: PageCursor?

    /// Whether every page of the list was read.
    public var isComplete: Bool { end == .lastPage }
}

extension ApiClient {
    /// Reads a list page by page through `load` (one of the client's page reads, given the
    /// cursor of the page to fetch) until the last page, at most `maxPages` pages (at least one),
    /// and never following a cursor the server has already offered, so a server that keeps
    /// handing out the same cursor (or a cycle of them) cannot keep it reading.
    ///
    /// <!-- sample: doc-allpages -->
    /// ```swift
    /// let all = try await client.allPages(maxPages: 20) { cursor async throws(ApiClientError) in
    ///     try await client.getComments(postId: 42, limit: 50, cursor: cursor)
    /// }
    /// ```
    public func allPages<Item>(
        maxPages: Int = 100,
        _ load: (PageCursor?) async throws(ApiClientError) -> ContentPage<Item>
    )
        async throws(ApiClientError) -> AllPages<Item>
    {
        var items: [Item] = []
        var requested: Set<PageCursor?> = [nil]
        var cursor: PageCursor?
        var pages = 0
        while true {
            let page = try await load(cursor)
            pages += 1
            items += page.items
            guard let next = page.next else { return AllPages(items: items, pageCount: pages, end: .lastPage, next: nil) }
            if requested.contains(next) { return AllPages(items: items, pageCount: pages, end: .repeatedCursor, next: nil) }
            if pages >= maxPages { return AllPages(items: items, pageCount: pages, end: .pageLimit, next: next) }
            requested.insert(next)
            cursor = next
        }
    }
}

extension PageCursor {
    /// The cursor of a 1.0 list's next page from the response's `next_page`; nil at the end.
    static func opaque(_ nextPage: String?) -> PageCursor? {
        nextPage.map { PageCursor(.cursor($0)) }
    }
}
