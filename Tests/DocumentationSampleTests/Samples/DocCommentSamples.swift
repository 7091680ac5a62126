import FeedLoading
import Foundation
import HTTPLoading
import LemmyAPI
import LemmyMiddleware
import LemmyMiddlewareGRDB
import LemmyTestServer
import Resources

// The ```swift examples of `///` comments in Sources/, compiled. Parameters stand for what an
// example leaves to the reader.

func docLemmyPage(client: LemmyRawClient, show: ([ApiPostView]) -> Void) async throws {
    // sample: doc-lemmypage
    var cursor: LemmyPageCursor? = nil
    repeat {
        let page = try await client.page(LemmyV4.GetPosts(ApiGetPosts(sort: .new)), at: cursor)
        show(page.items)
        cursor = page.next
    } while cursor != nil
    // end-sample
}

func docLemmyRawClient(jwt: String) async throws {
    // sample: doc-lemmyrawclient
    let client = LemmyRawClient(instanceURL: URL(string: "https://lemmy.ml")!, token: jwt)
    let version = try await client.serverVersion()          // one GetSite, shared by all callers
    let post = try await client.send(LemmyAnyGeneration.GetPost(ApiGetPost(id: 42)))   // v3 or v4, as the server speaks
    // end-sample
    _ = (version, post)
}

@MainActor
func docFeedArchive(feed: PostFeed, restoredFeed: PostFeed) async throws {
    // sample: doc-feedarchive
    let saved = feed.archive()                       // on going to the background
    try await restoredFeed.restore(from: saved)      // on launch: items now, marked stale
    await restoredFeed.refresh()                     // replaces them
    // end-sample
}

@MainActor
func docLemmyFeed(client: ApiClient, otherAccount: ApiClient) async {
    // sample: doc-lemmyfeed
    let feed = PostFeed(api: client, query: PostFeedQuery(feed: .community(id: 3), sort: .new))
    await feed.loadMore()
    for post in feed.items { print(post.title) }
    feed.setFilterEnabled(.read, true)            // hide read posts, without fetching
    await feed.changeApi(to: otherAccount)        // same community and sort, other account
    // end-sample
}

@MainActor
func docCommunityFeed(client: ApiClient) async {
    // sample: doc-communityfeed
    let feed = CommunityFeed(api: client, query: CommunityFeedQuery(listing: .local, sort: .new))
    await feed.loadMore()
    for community in feed.items { print(community.name, community.subscription) }
    // end-sample
}

@MainActor
func docApiClientError(client: ApiClient) async {
    // sample: doc-apiclienterror
    do {
        _ = try await client.getPost(id: 42)
    } catch where error.lemmyCode == .couldntFindPost || error.lemmyCode == .notFound {
        print("this post is gone")       // 0.18/0.19 say couldnt_find_post, 1.0 not_found
    } catch {
        print(error.localizedDescription)
    }
    // end-sample
}

@MainActor
func docAccountEmailLink(guest: ApiClient, link: URL) async throws {
    // sample: doc-accountemaillink
    if case .verifyEmail(let token)? = AccountEmailLink(url: link) {
        try await guest.verifyEmail(token: token)
    }
    // end-sample
}

@MainActor
func docApiClient(token: String) async throws {
    // sample: doc-apiclient
    let client = ApiClient.getApiClient(for: URL(string: "https://lemmy.ml")!, with: token)
    let page = try await client.getPosts(feed: .all, sort: .hot)
    await page.items[0].toggleUpvote()          // shown at once; rolled back if refused
    // end-sample
}

@MainActor
func docAllPages(client: ApiClient) async throws {
    // sample: doc-allpages
    let all = try await client.allPages(maxPages: 20) { cursor async throws(ApiClientError) in
        try await client.getComments(postId: 42, limit: 50, cursor: cursor)
    }
    // end-sample
    _ = all
}

@MainActor
func docPreviewServer() async {
    // sample: doc-previewserver
    let api = ApiClient.preview()
    let post = Post2.sample(api: api, title: "Hello")
    api.previewServer?.failNext(.lemmy("rate_limit_error"), path: "/post/like")
    await post.toggleUpvote()   // shows at once, then rolls back
    // end-sample
}

func docLemmyTestServer() async throws {
    // sample: doc-lemmytestserver
    let server = try await LemmyTestServer.start(dialect: .v0_19, scale: .small)
    // server.baseURL is http://127.0.0.1:<port>
    await server.stop()
    // end-sample
}

func docRequestOptions() {
    // sample: doc-requestoptions
    enum TraceIDOption: RequestOption { static var defaultValue: String? { nil } }
    var request = LoadRequest(path: "/post/list")
    request.options[TraceIDOption.self] = "abc"
    // end-sample
    _ = request
}

struct DocSearchAPI: Sendable {
    func search(_ query: String, page: Int) async throws -> [DocArticle] { [] }
}

struct DocArticle: Identifiable, Sendable { var id: Int }

@MainActor
func docFeedLoader(api: DocSearchAPI, query: String, newQuery: String) async {
    // sample: doc-feedloader
    let fetcher = PageFetcher(pageSize: 20, parameters: query) { page, query in
        try await api.search(query, page: page)
    }
    let feed = FeedLoader(fetcher: fetcher)
    await feed.loadMore()
    fetcher.parameters = newQuery
    await feed.refresh()          // the new query takes effect here
    // end-sample
}

@MainActor
func docFeedStore(cachesDirectory: String, feed: PostFeed, client: ApiClient, query: PostFeedQuery) async throws {
    // sample: doc-feedstore
    let store = try FeedStore(path: cachesDirectory + "/lemmy.sqlite")
    await store.save(feed, key: "home", account: "alice@lemmy.ml")      // e.g. going to the background
    // next launch, with a new client:
    let feed = PostFeed(api: client, query: query)
    if try await store.restore(feed, key: "home", account: "alice@lemmy.ml") {
        // feed.items show at once, feed.isStale is true
    }
    await feed.refresh()                                                // replaces them
    // end-sample
}

private struct User: Decodable, Sendable { var name: String }

@MainActor
func docResourceService() {
    // sample: doc-resourceservice
    let service = ResourceService(baseURL: URL(string: "https://api.example.com")!,
                                  loader: ValidationLoader(policy: .successfulOrNotModified) --> URLSessionLoader())
    service.configure("/users/*") { $0.expirationTime = .seconds(60) }
    let user: TypedResource<User> = service.resource("/users/42", decoding: User.self)
    // end-sample
    _ = user
}
