import Foundation
import HTTPLoadingTesting
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

    @Test("Two votes in flight, handled by the server in the other order: the tally it dated last stands")
    func votesHandledOutOfOrder() async throws {
        try await withHeldUpvote { race in
            // The second vote reaches the server first.
            #expect(await race.otherPost.toggleUpvote() == .confirmed)
            #expect(race.bob.votes.upvotes == 1)
            race.clock.move(by: 60)
            race.held.open()
            #expect(await race.heldVote.value == .confirmed)
            // The answer to the earlier request carries the later tally: both votes.
            #expect(race.bob.votes.upvotes == 2 && race.bob.votes.downvotes == 0)
        }
    }

    @Test("A read sent after a vote but answered with the tally from before it does not undo the vote's tally")
    func readHandledBeforeAnEarlierVote() async throws {
        try await withHeldUpvote { race in
            // The read reaches the server before the vote, and its answer is merged after the vote's.
            let readAnswer = race.loader.gate("/person")
            let read = Task { try await race.alice.getPerson(id: 3) }
            await readAnswer.waitForArrivals(1)
            race.clock.move(by: 60)
            race.held.open()
            #expect(await race.heldVote.value == .confirmed)
            #expect(race.bob.votes.upvotes == 1)
            readAnswer.open()
            _ = try await read.value
            #expect(race.bob.votes.upvotes == 1 && race.bob.votes.downvotes == 0)
        }
    }

    @Test("Votes committed in the other order than their dates: a read sent afterwards corrects the tally")
    func laterDateButStale() async throws {
        try await withHeldUpvote { race in
            // Lemmy dates a vote before its upsert commits: the vote sent second commits first
            // with the later date, and the first commits last with the earlier one.
            race.clock.move(by: 60)
            #expect(await race.otherPost.toggleUpvote() == .confirmed)
            race.clock.move(by: -30)
            race.held.open()
            #expect(await race.heldVote.value == .confirmed)
            // In flight together, the later date stands, though it is not the server's last word.
            #expect(race.bob.votes.upvotes == 1)
            // A read sent now is handled after both: its tally stands, whatever its date.
            _ = try await race.alice.getPerson(id: 3)
            #expect(race.bob.votes.upvotes == 2)
        }
    }

    @Test("An answer repeating the standing tally does not make a read sent before it lose to that tally's date")
    func repeatedTallyKeepsTheMark() async throws {
        try await withHeldUpvote { race in
            // P: a read numbered now, held back until the second vote is done.
            let heldRead = race.loader.holdRequest("/person")
            let readAnswer = race.loader.gate("/person")
            let read = Task { try await race.alice.getPerson(id: 3) }
            await heldRead.waitForArrivals(1)
            race.clock.move(by: 60)
            #expect(await race.otherPost.toggleUpvote() == .confirmed)
            // P is handled after that vote and before the held one, which Lemmy dates earlier.
            heldRead.open()
            await readAnswer.waitForArrivals(1)
            race.clock.move(by: -30)
            race.held.open()
            #expect(await race.heldVote.value == .confirmed)
            #expect(race.bob.votes.upvotes == 1)
            // R, sent now, is handled after both votes; its answer waits until P's is merged.
            let laterAnswer = race.loader.gate("/person")
            let laterRead = Task { try await race.alice.getPerson(id: 3) }
            await laterAnswer.waitForArrivals(1)
            readAnswer.open()
            _ = try await read.value
            laterAnswer.open()
            _ = try await laterRead.value
            #expect(race.bob.votes.upvotes == 2)
        }
    }

    /// What ``withHeldUpvote(_:)`` sets up.
    struct HeldUpvote {
        let clock: ManualServerClock
        let loader: GatingLoader
        let alice: ApiClient
        /// alice's model of bob, the author of both posts.
        let bob: Person3
        /// Another post of bob's, not voted on yet.
        let otherPost: Post3
        /// Holds alice's upvote of bob's first post before it reaches the server.
        let held: MockGate
        let heldVote: Task<MutationResult, Never>
    }

    /// A 1.0 server on a clock the test moves, and alice's upvote of one of bob's posts sent but
    /// held back before the server, while `body` runs.
    private func withHeldUpvote(_ body: @MainActor (HeldUpvote) async throws -> Void) async throws {
        let clock = ManualServerClock()
        try await clock.withServer(.v1_0) { server in
            let (first, second) = try Self.twoPosts(by: 3, in: server)
            let loader = GatingLoader()
            let alice = try await login(server, "alice", loader: loader)
            let bob = try await alice.getPerson(id: 3)
            let (early, late) = (try await alice.getPost(id: first), try await alice.getPost(id: second))
            let held = loader.holdRequest("/post/like")
            let vote = Task { await early.toggleUpvote() }
            await held.waitForArrivals(1)
            try await body(
                HeldUpvote(clock: clock, loader: loader, alice: alice, bob: bob, otherPost: late, held: held, heldVote: vote))
        }
    }

    /// Two posts by `creator` that stand (not deleted or removed).
    private static func twoPosts(by creator: Int, in server: LemmyTestServer) throws -> (Int, Int) {
        let ids = try server.store.with { db in db.posts.filter { $0.creatorId == creator && !$0.deleted && !$0.removed }.map(\.id) }
        try #require(ids.count >= 2)
        return (ids[0], ids[1])
    }
}
