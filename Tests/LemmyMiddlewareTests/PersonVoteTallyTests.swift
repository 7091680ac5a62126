import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// `Person1.votes`: the account's tally of its votes on a person's content, as Lemmy 1.0 keeps it
/// (PersonVoteTallyFidelityTests has the server's rules).
@Suite("Vote tallies per person") @MainActor
struct PersonVoteTallyTests {
    @Test("1.0: the answer to a vote brings the creator's new tally to the one person model; lists without actions keep it")
    func fromAnswers() async throws {
        try await withServer(.v1_0) { server in
            let (postId, commentId, commentPostId) = try server.store.with { db in
                let comment = db.comments.first { $0.creatorId == 3 && !$0.deleted && !$0.removed }!
                return (db.posts.first { $0.creatorId == 3 && !$0.deleted && !$0.removed }!.id, comment.id, comment.postId)
            }
            let alice = try await login(server, "alice")
            let bob = try await alice.getPerson(id: 3)
            #expect(bob.votes == .none)
            let post = try await alice.getPost(id: postId)
            #expect(post.creator === bob.person1)
            #expect(await post.toggleUpvote() == .confirmed)
            #expect(bob.votes.upvotes == 1 && bob.votes.downvotes == 0 && bob.votes.lastVoted != nil)
            let comment = try #require(try await alice.getComments(postId: commentPostId, limit: 50).items.first { $0.id == commentId })
            #expect(await comment.toggleDownvote() == .confirmed)
            #expect(bob.votes.upvotes == 1 && bob.votes.downvotes == 1)
            // A community's moderator list names bob without the viewer's actions: the tally stays.
            _ = try await alice.getCommunity(id: 1)
            #expect(bob.votes.upvotes == 1 && bob.votes.downvotes == 1)
            // Another client of the account reads the same from the server.
            let again = try await login(server, "alice")
            #expect(try await again.getPerson(id: 3).votes.downvotes == 1)
        }
    }

    @Test("A note before the first vote: Lemmy keeps no counters, only when; changing the note keeps the tally")
    func uncounted() async throws {
        try await withServer(.v1_0) { server in
            let postId = try server.store.with { db in db.posts.first { $0.creatorId == 3 && !$0.deleted && !$0.removed }!.id }
            let alice = try await login(server, "alice")
            let bob = try await alice.getPerson(id: 3)
            #expect(await bob.setNote("Knows Swift") == .confirmed)
            let post = try await alice.getPost(id: postId)
            #expect(await post.toggleUpvote() == .confirmed)
            #expect(bob.votes.upvotes == nil && bob.votes.downvotes == nil && bob.votes.lastVoted != nil)
            let tally = bob.votes
            #expect(await bob.setNote("Reviews PRs") == .confirmed)
            #expect(bob.votes == tally && bob.note == "Reviews PRs")
        }
    }
}
