import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Who voted on a post or a comment: moderators of its community and admins see the list; others
/// are refused.
@Suite("Post votes") @MainActor
struct PostVotesTests {
    @Test("An admin sees every vote, downvotes first, each voter once", arguments: [LemmyDialect.v0_19, .v1_0])
    func adminListsVotes(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let carol = try await login(server, "carol")
            let post = try await alice.getPost(id: 1).post2
            #expect(await post.toggleUpvote() == .confirmed)
            #expect(await (try await carol.getPost(id: 1)).post2.toggleDownvote() == .confirmed)

            let admin = try await login(server, "admin")
            let votes = try await admin.postVotes(postId: 1).items
            #expect(votes.map(\.voter.name) == ["carol", "alice"])
            #expect(votes.map(\.isUpvote) == [false, true])
            #expect(votes.allSatisfy { !$0.isBannedFromCommunity })

            // Paging: one vote per page, then the end.
            let first = try await admin.postVotes(postId: 1, limit: 1)
            #expect(first.items.map(\.voter.name) == ["carol"])
            let second = try await admin.postVotes(postId: 1, limit: 1, cursor: first.next)
            #expect(second.items.map(\.voter.name) == ["alice"])

            // Taking the vote back removes it from the list.
            #expect(await post.toggleUpvote() == .confirmed)
            #expect(try await admin.postVotes(postId: 1).items.map(\.voter.name) == ["carol"])
        }
    }

    @Test("Someone who moderates nothing is refused; a missing post is not found", arguments: [LemmyDialect.v0_19, .v1_0])
    func refusals(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let carol = try await login(server, "carol")
            let refused = await #expect(throws: ApiClientError.self) { _ = try await carol.postVotes(postId: 1) }
            #expect(refused?.kind == .lemmy)
            #expect(refused?.lemmyCode == .notAModOrAdmin)

            let admin = try await login(server, "admin")
            let missing = await #expect(throws: ApiClientError.self) { _ = try await admin.postVotes(postId: 999_999) }
            #expect(missing?.lemmyCode == (dialect == .v1_0 ? .notFound : .couldntFindPost))
        }
    }

    @Test(
        "A comment's votes: its community's moderator sees them, downvotes first; others are refused",
        arguments: [LemmyDialect.v0_19, .v1_0])
    func commentVotes(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let carol = try await login(server, "carol")
            // A comment in community 1, which bob moderates.
            let post = try #require(try await alice.getPosts(feed: .community(id: 1), sort: .new, limit: 1).items.first)
            let comment = try await alice.createComment(postId: post.id, parentId: nil, content: "Vote on me")
            #expect(await comment.toggleDownvote() == .confirmed)
            let carols = try await carol.getComment(id: comment.id)
            #expect(await carols.toggleUpvote() == .confirmed)

            let bob = try await login(server, "bob")
            let votes = try await bob.commentVotes(commentId: comment.id).items
            #expect(votes.map(\.voter.name) == ["alice", "carol"])
            #expect(votes.map(\.isUpvote) == [false, true])
            let first = try await bob.commentVotes(commentId: comment.id, limit: 1)
            #expect(first.items.map(\.voter.name) == ["alice"])
            #expect(try await bob.commentVotes(commentId: comment.id, limit: 1, cursor: first.next).items.map(\.voter.name) == ["carol"])

            let refused = await #expect(throws: ApiClientError.self) { _ = try await carol.commentVotes(commentId: comment.id) }
            #expect(refused?.lemmyCode == .notAModOrAdmin)
            let missing = await #expect(throws: ApiClientError.self) { _ = try await bob.commentVotes(commentId: 999_999) }
            #expect(missing?.lemmyCode == (dialect == .v1_0 ? .notFound : .couldntFindComment))
        }
    }

    @Test("Lemmy 0.18 has no vote list: refused before anything is sent")
    func unavailableOn018() async throws {
        try await withServer(.v0_18) { server in
            let admin = try await login(server, "admin")
            let error = await #expect(throws: ApiClientError.self) { _ = try await admin.postVotes(postId: 1) }
            #expect(error?.kind == .unavailableInVersion)
            let comments = await #expect(throws: ApiClientError.self) { _ = try await admin.commentVotes(commentId: 1) }
            #expect(comments?.kind == .unavailableInVersion)
        }
    }
}
