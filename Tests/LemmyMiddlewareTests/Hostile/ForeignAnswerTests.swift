import FeedLoading
import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Answers about another item than the one asked for: a mutation must not report success while
/// its model shows the state from before it, and a read must not hand back another item.
@Suite("Answers about another item") @MainActor
struct ForeignAnswerTests {
    /// A rule making the next answer on `route` claim to be about `kind` 987654 instead of `id`.
    static func foreign(_ kind: String, _ id: Int, on route: String, method: String? = nil) -> FaultRule {
        FaultRule(
            .rewriteBody(pattern: #""\#(kind)":\s*\{\s*"id":\s*\#(id)\b"#, replacement: #""\#(kind)":{"id":987654"#),
            route: route, method: method, count: 1)
    }

    @Test("A vote answered with another post's view is read again: the model shows what the server has", arguments: LemmyDialect.allCases)
    func voteAnsweredAboutAnotherPost(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let post = try await client.getPost(id: 3)
            #expect(post.votes.myVote == .none)
            server.faults.add(Self.foreign("post", 3, on: "/post/like"))
            // The server applied the vote; the answer lied about which post it was.
            #expect(await post.toggleUpvote() == .confirmed)
            #expect(post.votes.myVote == .upvote)
            let truth = try await login(server, "alice").getPost(id: 3)
            #expect(truth.votes == post.votes)
        }
    }

    @Test(
        "A subscription answered with another community's view does not leave the account and the model disagreeing",
        arguments: LemmyDialect.allCases)
    func subscribeAnsweredAboutAnotherCommunity(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let community = try await client.getCommunity(id: 3)
            let id = community.id
            let before = community.subscription
            server.faults.add(Self.foreign("community", id, on: "/community/follow"))
            // The server applied the follow: read again, the community shows it, and so does the account.
            #expect(await community.toggleSubscribe() == .confirmed)
            #expect(community.subscription != before)
            #expect(client.account?.subscribedCommunityIds.contains(id) == community.subscription.isSubscribed)
            let truth = try await login(server, "alice").getCommunity(id: id)
            #expect(truth.subscription == community.subscription)
        }
    }

    @Test("A read by id answered about another item is a decoding failure, not the other item", arguments: LemmyDialect.allCases)
    func readAnsweredAboutAnotherPost(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            server.faults.add(Self.foreign("post", 4, on: "/post", method: "GET"))
            let error = await #expect(throws: ApiClientError.self) { _ = try await client.getPost(id: 4) }
            #expect(error?.kind == .decoding)
            #expect(try await client.getPost(id: 4).id == 4)
        }
    }

    @Test("A comment's replies keep only its direct replies, whatever the answer claims", arguments: LemmyDialect.allCases)
    func repliesOfAnotherComment(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let first = try await alice.createComment(postId: 8, parentId: nil, content: "First")
            let second = try await alice.createComment(postId: 8, parentId: nil, content: "Second")
            let reply = try await alice.createComment(postId: 8, parentId: first.id, content: "A reply to the first")
            let feed = CommentTreeFeed(api: alice, query: CommentTreeQuery(postId: 8, sort: .new))
            await feed.loadMore()
            let node = try #require(feed.items.first { $0.comment.id == first.id })
            // The answer for the first comment's replies says the reply hangs under the second.
            server.faults.add(
                FaultRule(
                    .rewriteBody(
                        pattern: #""path":\s*"0\.\#(first.id)\.\#(reply.id)""#, replacement: #""path":"0.\#(second.id).\#(reply.id)""#),
                    route: "/comment/list", count: 1))
            await feed.loadChildren(of: node)
            #expect(node.childrenState == .done)
            #expect(node.children.isEmpty)
            // Left out, and said so.
            #expect(node.discardedReplies == 1)
            #expect(feed.discardedComments == 0)
        }
    }

    @Test("A top-level comment whose path does not parse is left out of the tree and counted", arguments: LemmyDialect.allCases)
    func topLevelCommentWithBrokenPath(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let kept = try await alice.createComment(postId: 8, parentId: nil, content: "Kept")
            let broken = try await alice.createComment(postId: 8, parentId: nil, content: "Broken path")
            server.faults.add(
                FaultRule(
                    .rewriteBody(pattern: #""path":\s*"0\.\#(broken.id)""#, replacement: #""path":"0.\#(broken.id).x""#),
                    route: "/comment/list", count: 1))
            let feed = CommentTreeFeed(api: alice, query: CommentTreeQuery(postId: 8, sort: .new))
            await feed.loadMore()
            let ids = feed.items.map(\.comment.id)
            #expect(ids.contains(kept.id) && !ids.contains(broken.id))
            #expect(feed.discardedComments == 1)
            // An honest answer again: nothing left out.
            await feed.refresh()
            #expect(feed.items.map(\.comment.id).contains(broken.id))
            #expect(feed.discardedComments == 0)
        }
    }
}
