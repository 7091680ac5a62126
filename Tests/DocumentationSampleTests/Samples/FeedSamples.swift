import FeedLoading
import Testing

/// What the FeedLoading samples page through: a search over a fixed list of articles.
struct Article: Identifiable, Sendable, Equatable {
    var remoteID: String
    var title: String
    var isRead: Bool
    var id: String { remoteID }
}

struct SearchClient: Sendable {
    var articles: [Article]

    /// Pages of 20, 1-based, of the articles whose title contains `query`.
    func search(_ query: String, page: Int) async throws -> [Article] {
        let matches = articles.filter { $0.title.contains(query) }
        return Array(matches.dropFirst((page - 1) * 20).prefix(20))
    }
}

@MainActor
func feedLoadingOverview(client: SearchClient, item: Article) async {
    // sample: feedloading-overview
    let fetcher = PageFetcher(pageSize: 20, parameters: "swift") { page, query in
        try await client.search(query, page: page)
    }
    let feed = FeedLoader(
        fetcher: fetcher,
        filters: [DuplicateFilter(by: \.remoteID), PredicateFilter("Read") { !$0.isRead }]
    )
    await feed.loadMore()

    // In a list row:
    //   .onAppear { feed.onAppear(item) }

    fetcher.parameters = "concurrency"
    await feed.refresh()     // the new query takes effect here; old rows stay until it lands
    // end-sample
}

@Suite struct FeedSampleTests {
    /// 50 "swift" articles (every fifth read; the last five repeat the first five's ids) and 3 "concurrency" ones.
    static let client = SearchClient(articles:
        (0..<50).map { Article(remoteID: "s\($0 % 45)", title: "swift \($0)", isRead: $0 % 5 == 4) }
        + (0..<3).map { Article(remoteID: "c\($0)", title: "concurrency \($0)", isRead: false) })

    @MainActor @Test func feedWalkthrough() async {
        let client = Self.client
        // sample: feedloading-walkthrough
        let fetcher = PageFetcher(pageSize: 20, parameters: "swift") { page, query in
            try await client.search(query, page: page)
        }
        let feed = FeedLoader(
            fetcher: fetcher,
            configuration: FeedConfiguration(minimumItemsPerLoad: 40, maximumPagesPerLoad: 3),
            filters: [DuplicateFilter(by: \.remoteID), PredicateFilter("Read") { !$0.isRead }]
        )
        await feed.loadMore()                       // pages until 40 items survive the filters, or 3 pages
        #expect(feed.items.count == 36)             // 50 fetched, 14 duplicate or read ones hidden
        #expect(feed.loadingState == .done)         // the third page was short: the end

        fetcher.parameters = "concurrency"
        await feed.refresh()
        #expect(feed.items.map(\.title) == ["concurrency 0", "concurrency 1", "concurrency 2"])
        // end-sample
    }
}
