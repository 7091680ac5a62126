import FeedLoading
import Foundation
import HTTPLoading
import LemmyMiddleware
import LemmyMiddlewareGRDB
import Logging
import Testing

// The README's swift blocks. Each function compiles its block; names and parameters stand for
// what the README leaves to the reader (a token store, a password, another account).

func readmeLoaderChain(myTokenStore: any AccessTokenProvider) async throws {
    // sample: readme-loader-chain
    let chain = LogLoader(logger: Logger(label: "http"))
        --> ServerEnvironmentLoader(ServerEnvironment(baseURL: URL(string: "https://lemmy.ml/api/v3")!,
                                                      userAgent: "MyApp/1.0")!)
        --> DeduplicationLoader()                       // identical GETs in flight share one request
        --> ThrottleLoader(maximumConcurrentRequests: 6)
        --> RetryLoader(defaultStrategy: .exponential(retries: 3))  // honours Retry-After on 429/503
        --> BearerAuthLoader(provider: myTokenStore)    // refreshes once on 401, replays each request once
        --> RedirectLoader()                            // strips credentials across origins, never downgrades
        --> URLSessionLoader()                          // or AsyncHTTPClientLoader()

    var request = LoadRequest(path: "/post/list", queryItems: [URLQueryItem(name: "sort", value: "Hot")])
    request.options[TimeoutOption.self] = .seconds(10)
    let response = try await chain.load(request)       // throws LoadError; cancellation is .cancelled
    // end-sample
    _ = response
}

@MainActor
func readmeMiddleware(secret: String) async throws {
    // sample: readme-middleware
    let client = try await ApiClient.login(to: URL(string: "https://lemmy.ml")!, username: "me", password: secret)
    let page = try await client.getPosts(feed: .subscribed, sort: .hot)   // [Post2], one live object per post
    let post = page.items[0]
    await post.toggleUpvote()                 // shows at once; rolls back if the server refuses
    let full = try await client.getPost(id: post.id)
    assert(full.post2 === post)               // the same object, wherever it was fetched from
    try await client.loadAccount()            // subscriptions, blocks, unread counts, kept in step
    await post.community.toggleBlock()
    await client.blockInstance(post.community.instanceId)   // 0.19 and 1.0
    await full.community2.toggleFavorite()    // client-side favourites (subscribes first)
    let thread = try await client.allPages(maxPages: 20) { cursor async throws(ApiClientError) in
        try await client.getComments(postId: post.id, limit: 50, cursor: cursor)
    }                                         // every page, bounded; thread.isComplete says if it got all
    // end-sample
    _ = thread
}

@MainActor
func readmeFeeds(client: ApiClient, otherAccount: ApiClient) async {
    // sample: readme-feeds
    let feed = PostFeed(api: client, query: PostFeedQuery(feed: .community(id: 3), sort: .new),
                        configuration: FeedConfiguration(minimumItemsPerLoad: 10, maximumPagesPerLoad: 5))
    feed.setFilterEnabled(.read, true)          // hide read posts; each load still fills a page
    feed.setKeywords(["spoiler"])
    await feed.loadMore()                       // feed.items: [Post2]; feed.loader.onAppear(entry) in a list
    if case .failed(let error) = feed.loadingState { print(error); await feed.retry() }  // same page again
    await feed.changeApi(to: otherAccount)      // same community and sort, the other account's view

    let thread = CommentTreeFeed(api: client, query: CommentTreeQuery(postId: 42))
    await thread.loadMore()
    await thread.loadChildren(of: thread.items[0])   // parent_id + max_depth=1
    // end-sample
}

@Suite struct ReadmePreviewSampleTests {
    @MainActor @Test func previewVotesAndRollsBack() async {
        // sample: readme-preview
        let api = ApiClient.preview()
        let post = Post2.sample(api: api, title: "Hello", upvotes: 12)
        await post.toggleUpvote()                                             // upvotes 13, confirmed
        api.previewServer?.failNext(.lemmy("couldnt_like_post"), path: "/post/like")
        await post.toggleUpvote()                                             // fails, rolls back
        // end-sample
        #expect(post.votes.upvotes == 13)
        #expect(post.votes.myVote == .upvote)
    }
}

@MainActor
func readmeOfflineStart(cachePath: String, feed: PostFeed, client: ApiClient, query: PostFeedQuery) async throws {
    // sample: readme-offline
    let store = try FeedStore(path: cachePath)                            // ResourcesGRDB's file: 0600, per account
    await store.save(feed, key: "home", account: "alice@lemmy.ml")
    // next launch
    let feed = PostFeed(api: client, query: query)
    _ = try await store.restore(feed, key: "home", account: "alice@lemmy.ml")   // items at once, feed.isStale
    await feed.refresh()                                                  // replaced; FeedArchiveError if unusable
    // end-sample
}
