/// Where a page starts: a 1-based page number (0.18, most 0.19 lists) or an opaque cursor
/// (0.19 GetPosts `next_page`, every 1.0 list).
public enum LemmyPageCursor: Hashable, Sendable {
    /// A 1-based page number, sent as `page`.
    case page(Int)
    /// An opaque cursor from the server, sent as `page_cursor`; never parse it.
    case cursor(String)
}

/// One page of a list, whichever way the server paginates.
public struct LemmyPage<Item: Sendable>: Sendable {
    /// The items, in server order.
    public var items: [Item]
    /// Where the next page starts; nil when this is the last page.
    public var next: LemmyPageCursor?
    /// Where the previous page starts, when the server says (1.0 `prev_page`, page numbers > 1).
    public var previous: LemmyPageCursor?

    /// Creates a page.
    public init(items: [Item], next: LemmyPageCursor?, previous: LemmyPageCursor? = nil) {
        self.items = items
        self.next = next
        self.previous = previous
    }

    /// Page `page` (nil means 1) of a list that pages by number: a next page unless `items` came
    /// short of `limit` or empty (``LemmyPageNumbering``), a previous one after the first.
    public init(numbered items: [Item], page: Int?, limit: Int?) {
        self.init(
            items: items, next: LemmyPageNumbering.next(after: page, count: items.count, limit: limit),
            previous: LemmyPageNumbering.previous(before: page))
    }
}

/// A list request that ``LemmyRawClient/page(_:at:)`` can page through.
///
/// A cursor of the kind the request does not use (a page number for a 1.0 request) starts at the
/// first page.
public protocol LemmyPaginatedRequest: LemmyRequest {
    /// The listed item.
    associatedtype Item: Sendable
    /// Points the request at `cursor`; nil is the first page.
    mutating func move(to cursor: LemmyPageCursor?)
    /// The page carried by `response` to this request.
    func page(from response: Response) -> LemmyPage<Item>
    /// The page carried by `response`, paged by number only: what a 0.18 server, which knows
    /// nothing but `page`, needs even if something in between hands out cursors.
    func numberedPage(from response: Response) -> LemmyPage<Item>
}

extension LemmyPaginatedRequest {
    /// ``page(from:)`` without cursors: a request that pages by number never yields one.
    public func numberedPage(from response: Response) -> LemmyPage<Item> {
        var page = page(from: response)
        if case .cursor? = page.next { page.next = nil }
        if case .cursor? = page.previous { page.previous = nil }
        return page
    }
}

/// Page-number arithmetic shared by the page-numbered lists.
public enum LemmyPageNumbering {
    /// The page after `page` (nil means 1): none when `count` is 0 or below `limit`.
    public static func next(after page: Int?, count: Int, limit: Int?) -> LemmyPageCursor? {
        if count == 0 { return nil }
        if let limit, limit > 0, count < limit { return nil }
        return .page((page ?? 1) + 1)
    }

    /// The page before `page`, if any.
    public static func previous(before page: Int?) -> LemmyPageCursor? {
        guard let page, page > 1 else { return nil }
        return .page(page - 1)
    }

    /// The page number `cursor` asks for (nil for the first page or a cursor).
    public static func number(_ cursor: LemmyPageCursor?) -> Int? {
        if case .page(let number)? = cursor { return number }
        return nil
    }

    /// The opaque cursor `cursor` carries, if it is one.
    public static func opaque(_ cursor: LemmyPageCursor?) -> String? {
        if case .cursor(let text)? = cursor { return text }
        return nil
    }
}

extension LemmyRawClient {
    /// Fetches the page of `request` that starts at `cursor` (nil: the first page).
    ///
    /// <!-- sample: doc-lemmypage -->
    /// ```swift
    /// var cursor: LemmyPageCursor? = nil
    /// repeat {
    ///     let page = try await client.page(LemmyV4.GetPosts(ApiGetPosts(sort: .new)), at: cursor)
    ///     show(page.items)
    ///     cursor = page.next
    /// } while cursor != nil
    /// ```
    public func page<R: LemmyPaginatedRequest>(_ request: R, at cursor: LemmyPageCursor? = nil) async throws(LemmyClientError) -> LemmyPage<
        R.Item
    > {
        // 0.18 has only `page`: a `page_cursor` there is ignored and page 1 comes back forever.
        let numbersOnly = try await serverVersion().usesAuthField
        if numbersOnly, case .cursor? = cursor {
            // Sending it would silently restart at page 1: the bug this check exists for.
            throw .encoding("a page cursor cannot be sent to Lemmy 0.18, which pages by number only")
        }
        var request = request
        request.move(to: cursor)
        let response = try await send(request)
        return numbersOnly ? request.numberedPage(from: response) : request.page(from: response)
    }
}
