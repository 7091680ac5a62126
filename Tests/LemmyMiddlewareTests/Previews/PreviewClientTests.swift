import Foundation
import LemmyMiddleware
import Testing

/// Preview clients and sample models: no server, no network, and models that behave as live ones.
@MainActor
@Suite("Previews")
struct PreviewClientTests {
    @Test("A sample Post2 votes and saves through a preview client with no server at all")
    func sampleVotes() async throws {
        let api = ApiClient.preview()
        let post = Post2.sample(api: api, id: 7, title: "Hello", upvotes: 12, downvotes: 1)
        #expect(post.votes.upvotes == 12 && post.votes.myVote == .none)

        #expect(await post.toggleUpvote() == .confirmed)
        #expect(post.votes.myVote == .upvote)
        #expect(post.votes.upvotes == 13 && post.votes.total == 12)

        #expect(await post.toggleDownvote() == .confirmed)
        #expect(post.votes.myVote == .downvote)
        #expect(post.votes.upvotes == 12 && post.votes.downvotes == 2)

        #expect(await post.toggleSave() == .confirmed)
        #expect(post.saved)
        #expect(await post.toggleSave() == .confirmed)
        #expect(!post.saved)

        let requests = try #require(api.previewServer).receivedRequests
        #expect(requests.filter { $0 == "POST /api/v3/post/like" }.count == 2)
        #expect(requests.filter { $0 == "PUT /api/v3/post/save" }.count == 2)
        // The server keeps the votes: a re-read sees what the model shows.
        let reread = try await api.getPost(id: 7)
        #expect(reread.post2 === post)
        #expect(post.votes.myVote == .downvote && post.votes.downvotes == 2)
    }

    @Test("A scripted Lemmy error fails the next vote and the model rolls back")
    func scriptedFailureRollsBack() async throws {
        let server = PreviewServer()
        let api = ApiClient.preview(server: server)
        let post = Post2.sample(api: api, upvotes: 12, downvotes: 1)
        server.failNext(.lemmy("couldnt_like_post"), path: "/post/like")

        let result = await post.toggleUpvote()
        guard case .failed(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect("\(error)".contains("couldnt_like_post"))
        #expect(post.votes.myVote == .none)
        #expect(post.votes.upvotes == 12 && post.votes.downvotes == 1)

        // The failure was used up: the next vote goes through.
        #expect(await post.toggleUpvote() == .confirmed)
        #expect(post.votes.upvotes == 13)
    }

    @Test("An unreachable preview server fails a save, which rolls back")
    func unreachableRollsBack() async throws {
        let api = ApiClient.preview()
        let comment = Comment2.sample(api: api, id: 10, upvotes: 5)
        api.previewServer?.failNext(.unreachable)
        #expect(await comment.toggleSave() != .confirmed)
        #expect(!comment.saved)
        #expect(await comment.toggleUpvote() == .confirmed)
        #expect(comment.votes.upvotes == 6 && comment.votes.myVote == .upvote)
    }

    @Test("Every tier has a sample constructor, and samples share the client's identity caches")
    func everyTier() async throws {
        let api = ApiClient.preview()
        #expect(Person1.sample(api: api, id: 2, name: "alice").name == "alice")
        #expect(Person2.sample(api: api, id: 2, posts: 9).person1 === Person1.sample(api: api, id: 2))
        #expect(Person3.sample(api: api, id: 5, name: "carol").name == "carol")
        #expect(Community1.sample(api: api, id: 3, name: "swift").name == "swift")
        #expect(Community2.sample(api: api, id: 3, subscribers: 99).subscriberCount == 99)
        #expect(Community3.sample(api: api, id: 8, name: "linux").name == "linux")
        let post2 = Post2.sample(api: api, id: 1, title: "T")
        #expect(Post1.sample(api: api, id: 1, title: "T") === post2.post1)
        #expect(Post3.sample(api: api, id: 1, title: "T").post2 === post2)
        #expect(Comment2.sample(api: api, id: 10, content: "C").content == "C")
        #expect(Comment1.sample(api: api, id: 10, content: "C").content == "C")
        #expect(Reply1.sample(api: api, id: 20, read: true).read)
        #expect(!Mention1.sample(api: api, id: 30).read)
        #expect(Notice1.sample(api: api, id: 50, postId: 1).post === post2)
        #expect(Message1.sample(api: api, id: 40, content: "Hi").content == "Hi")
    }

    @Test("A sample upgrades to the top tier through the preview server (what ContentLoader does on appearance)")
    func sampleUpgrades() async throws {
        let api = ApiClient.preview()
        let post = AnyPost(Post2.sample(api: api, id: 5, title: "Upgrade me"))
        #expect(post.wrappedValue.post3_ == nil)
        try await post.upgrade()
        let top = try #require(post.wrappedValue.post3_)
        #expect(top.title == "Upgrade me" && top.community2.name == "swift")
        #expect(api.previewServer?.receivedRequests.contains("GET /api/v3/post") == true)
    }

    @Test("A preview client lists the sample posts as a feed page")
    func previewFeed() async throws {
        let api = ApiClient.preview()
        for id in 1...3 { _ = Post2.sample(api: api, id: id, title: "Post \(id)") }
        let page = try await api.getPosts(feed: .all, sort: .new)
        #expect(page.items.map(\.id) == [3, 2, 1])
    }
}
