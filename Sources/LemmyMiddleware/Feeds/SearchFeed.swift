public import FeedLoading

/// A feed of search results of one kind (posts, comments, communities or people).
public typealias SearchFeed = LemmyFeed<SearchResult, SearchFeedQuery>

/// What a ``SearchFeed`` searches for.
public struct SearchFeedQuery: Sendable, Hashable {
    /// The search text.
    public var text: String
    /// The kind of results.
    public var kind: SearchKind
    /// Results asked for per request.
    public var pageSize: Int

    /// Creates a query.
    public init(text: String, kind: SearchKind, pageSize: Int = 20) {
        self.text = text
        self.kind = kind
        self.pageSize = pageSize
    }
}

extension LemmyFeed where Model == SearchResult, Query == SearchFeedQuery {
    /// Creates a search feed; change the text with ``LemmyFeed/setQuery(_:)``.
    public convenience init(api: ApiClient, query: SearchFeedQuery, configuration: FeedConfiguration = FeedConfiguration()) {
        self.init(
            api: api, query: query, configuration: configuration,
            isRead: { result in
                if case .post(let post) = result { post.read } else { false }
            }
        ) { context in
            .paged(context) { api, query, cursor in
                let page = try await api.search(query.text, kind: query.kind, limit: query.pageSize, cursor: cursor)
                return FetchedPage(items: page.items.map(FeedEntry<SearchResult>.item), next: page.next)
            }
        }
    }
}
