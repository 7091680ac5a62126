import FeedLoading
import Foundation
@testable import LemmyMiddleware
import Testing

/// Where the Lemmy feeds' fetchers run: on the loader's actor (the main actor, where their page
/// loads merge into models), except merged feeds, whose children fetch concurrently.
@MainActor
struct FeedSourceTests {
    private let context = FeedContext(api: ApiClient.getApiClient(for: URL(string: "http://127.0.0.1:9")!, with: nil), query: ())

    @Test("a paged feed fetches on the loader's actor; a merged one, off it")
    func pagedFeedsRunOnTheLoaderActor() {
        let paged = FeedSource<Post2, Void>.paged(context) { _, _, _ in FetchedPage(items: [], next: nil) }
        #expect(paged.fetcher.runsOnLoaderActor)
        let merged = FeedSource<Post2, Void>.merged(context, pageSize: 10, [{ _, _, _ in FetchedPage(items: [], next: nil) }])
        #expect(!merged.fetcher.runsOnLoaderActor)
    }
}
