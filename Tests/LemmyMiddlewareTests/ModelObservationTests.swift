import FeedLoading
import Foundation
import LemmyAPI
@testable import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Observation
import Testing

/// The content models make their observation registrar on the first observed read
/// (`ModelObservation`), and observe as `@Observable` would from then on.
@Suite("Content-model observation") @MainActor
struct ModelObservationTests {
    @Test("Merging a page and feeding it to a PostFeed makes no model's registrar")
    func mergingMakesNoRegistrar() async throws {
        try await withServer(.v0_19, scale: .small) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
            let feed = PostFeed(api: client, query: PostFeedQuery(feed: .all, sort: .new, pageSize: 20))
            await feed.loadMore()
            let posts = feed.items
            try #require(posts.count == 20)
            // The feed's filter keys read the models' storage, not their observed properties.
            #expect(posts.allSatisfy { $0.observers == nil && $0.post1.observers == nil })
            #expect(posts.allSatisfy { $0.creator.observers == nil && $0.community.observers == nil })
        }
    }

    @Test("A change before any observed read is written without a registrar, and observed after the first read")
    func firstReadMakesTheRegistrar() async throws {
        let post = try await somePost()
        let title = post.title
        #expect(post.post1.observers != nil, "an observed read made the registrar")

        let unread = try await somePost(offset: 1)
        unread.post1.title = title + " (edited)"
        #expect(unread.post1.observers == nil, "a change with no reader made a registrar")
        #expect(unread.post1._title == title + " (edited)")

        let (seen, fired) = tracking { unread.title }
        #expect(seen == title + " (edited)")
        unread.post1.title = title
        #expect(fired.value == 1)
        #expect(unread.title == title)
    }

    @Test("Writing an equal value tells no observer; another value does, once")
    func equalWritesAreSilent() async throws {
        let post = try await somePost()
        let (_, fired) = tracking { post.saved }
        post.saved = post.saved
        #expect(fired.value == 0)
        post.saved.toggle()
        #expect(fired.value == 1)
    }

    @Test("A change in place (_modify) tells an observer, who may read the model from the callback")
    func inPlaceChangeNotifies() async throws {
        let post = try await somePost()
        let fired = Counter()
        let before = post.votes.upvotes
        _ = withObservationTracking {
            post.votes
        } onChange: {
            // Called before the change, on this thread: the read must not trip over the write.
            MainActor.assumeIsolated { #expect(post.votes.upvotes == before) }
            fired.increment()
        }
        post.votes.upvotes += 1
        #expect(fired.value == 1)
        #expect(post.votes.upvotes == before + 1)
    }

    @Test("An observer of one property is not woken by a change of another")
    func otherPropertiesDoNotWake() async throws {
        let post = try await somePost()
        let (_, fired) = tracking { post.title }
        post.post1.content = (post.post1._content ?? "") + "more"
        post.read.toggle()
        #expect(fired.value == 0)
    }

    @Test("A comment tree's nodes make no registrar until read, and an observer of a node's replies hears them load")
    func commentNodes() async throws {
        try await withServer(.v0_19, scale: .tiny) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
            let feed = CommentTreeFeed(api: client, query: CommentTreeQuery(postId: try await postWithMostComments(client), sort: .new))
            try await scrollToEnd(feed)
            try #require(!feed.items.isEmpty)
            #expect(feed.items.allSatisfy { $0.observers == nil })

            let parent = try #require(feed.items.first { $0.comment.childCount > 0 })
            let (before, fired) = tracking { parent.children }
            #expect(before.isEmpty)
            await feed.loadChildren(of: parent)
            #expect(fired.value == 1)
            #expect(!parent.children.isEmpty)
        }
    }

    /// Runs `read` in an observed scope; returns its value and a count of the changes heard.
    private func tracking<Value>(_ read: () -> Value) -> (Value, Counter) {
        let fired = Counter()
        let value = withObservationTracking(read) { fired.increment() }
        return (value, fired)
    }

    /// A post merged from a small 0.19 server's first page, its models read by no one yet.
    private func somePost(offset: Int = 0) async throws -> Post2 {
        try await withServer(.v0_19, scale: .small) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
            let page = try await client.getPosts(feed: .all, sort: .new, limit: offset + 1, cursor: nil)
            return try #require(page.items.last)
        }
    }
}
