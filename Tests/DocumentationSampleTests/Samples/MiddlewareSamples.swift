import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import Testing

// The LemmyMiddleware walk-through (BuildingAPostScreen.md), run against the test server in every
// dialect: the article's lines are the test's lines.
@Suite struct MiddlewareSampleTests {
    @MainActor @Test(arguments: [LemmyDialect.v0_18, .v0_19, .v1_0])
    func postScreenWalkthrough(dialect: LemmyDialect) async throws {
        let server = try await LemmyTestServer.start(dialect: dialect)
        let instanceURL = server.baseURL
        let password = "password"
        var messages: [String] = []
        func print(_ items: Any...) { messages.append(items.map { "\($0)" }.joined(separator: " ")) }
        do {
            // sample: middleware-walkthrough-feed
            let client = try await ApiClient.login(to: instanceURL, username: "alice", password: password)
            let feed = PostFeed(api: client, query: PostFeedQuery(feed: .all, sort: .new))
            await feed.loadMore()
            let post = feed.items[0]
            // end-sample
            let upvotesBefore = post.votes.upvotes
            let voteBefore = post.votes.myVote

            // sample: middleware-walkthrough-vote
            let result = await post.toggleUpvote()
            if case .failed(let error) = result { print("vote rolled back:", error.localizedDescription) }
            let detail = try await client.getPost(id: post.id)
            assert(detail.post2 === post)
            let comments = try await client.getComments(postId: post.id, limit: 20)
            let reply = try await post.reply("Thanks, this helped.")
            // end-sample
            #expect(!result.isFailure)
            #expect(post.votes.myVote != voteBefore)
            #expect(post.votes.upvotes == upvotesBefore + (voteBefore == .upvote ? -1 : 1))
            #expect(detail.post2 === post)
            #expect(comments.items.allSatisfy { $0.post.id == post.id })
            #expect(reply.content == "Thanks, this helped.")

            // sample: middleware-walkthrough-errors
            do {
                _ = try await client.getPost(id: 999_999)
            } catch {
                switch error.kind {
                case .lemmy where error.lemmyCode == .notFound || error.lemmyCode == .couldntFindPost:
                    print("that post is gone")
                case .rateLimited:
                    print("slow down; try again in \(error.retryAfter ?? .seconds(30))")
                default:
                    print(error.isRetryable ? "try again" : "failed", error.localizedDescription)
                }
            }
            // end-sample
            #expect(messages == ["that post is gone"])
        } catch {
            Issue.record("\(error)")
        }
        await server.stop()
    }
}

/// The LemmyMiddleware catalogue's overview (compiled; the walk-through above runs).
@MainActor
func middlewareOverview(instanceURL: URL, password: String) async throws {
    // sample: middleware-overview
    let client = try await ApiClient.login(to: instanceURL, username: "alice", password: password)
    let page = try await client.getPosts(feed: .subscribed, sort: .hot)
    let post = page.items[0]                  // a Post2
    await post.toggleUpvote()                 // shown at once, confirmed or rolled back
    let detail = try await client.getPost(id: post.id)
    assert(detail.post2 === post)             // the same live object
    // end-sample
}
