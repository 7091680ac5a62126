import Foundation
@testable import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing
import HTTPLoadingTesting

/// A model keeps its confirmed state apart from the values it shows only while the two can
/// differ: from a mutation's optimistic change until its queue drains. Otherwise it holds its
/// values once (`SnapshotBacked`).
@Suite("Confirmed state held apart") @MainActor
struct HeldConfirmedTests {
    @Test("A model that is only read never holds its confirmed state apart", arguments: LemmyDialect.allCases)
    func readOnly(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let post = try await client.getPost(id: 3)
            // Read twice more: each answer merges into the same models.
            _ = try await client.getPost(id: 3)
            _ = try await client.getPosts(feed: .all, sort: .new, limit: 20)
            #expect(post.post2.heldConfirmed == nil)
            #expect(post.post1.heldConfirmed == nil)
            #expect(post.creator.heldConfirmed == nil)
            #expect(post.community.heldConfirmed == nil)
        }
    }

    @Test("A vote holds the confirmed state from its optimistic change until the queue drains", arguments: LemmyDialect.allCases)
    func heldWhileInFlight(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let client = try await login(server, "alice", loader: loader)
            let post = try await client.getPost(id: 3)
            let model = post.post2
            let before = model.votes
            let gate = loader.gate("/post/like")
            let pending = Task { await post.toggleUpvote() }
            await gate.waitForArrivals(1)
            #expect(model.votes.myVote == .upvote)
            #expect(model.heldConfirmed?.value.votes == before)
            // Bob votes meanwhile. A read brings the server's count (the gate holds the answer to
            // Alice's vote, which the server has already counted) into the confirmed state, not
            // into what is shown, which keeps the optimistic count.
            let bob = try await login(server, "bob")
            #expect(await (try await bob.getPost(id: 3)).toggleUpvote() == .confirmed)
            _ = try await client.getPost(id: 3)
            #expect(model.heldConfirmed?.value.votes.upvotes == before.upvotes + 2)
            #expect(model.votes.upvotes == before.upvotes + 1)
            #expect(model.votes.myVote == .upvote)
            gate.open()
            #expect(await pending.value == .confirmed)
            // Drained: the server's answer is shown, and held once.
            #expect(model.heldConfirmed == nil)
            #expect(model.votes.myVote == .upvote)
            #expect(model.votes.upvotes == before.upvotes + 2)
        }
    }
}
