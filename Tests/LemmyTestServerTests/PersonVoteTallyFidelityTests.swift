import Foundation
import Synchronization
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Lemmy 1.0's tally of a user's votes on each person's posts and comments (`PersonActions::like`
/// in `db_schema/src/impls/person.rs`, called by `post/like.rs` and `comment/like.rs`), shown in
/// the viewer's `person_actions`. Tiny seed: alice 2, bob 3, carol 4.
@Suite("Vote tallies per person (1.0)")
struct PersonVoteTallyFidelityTests: RefusalChecking {
    /// The voter's `person_actions` on `person`, read from the profile.
    func actions(_ client: TestClient, on person: Int) async throws -> ApiPersonActions? {
        try await client.send(LemmyV4.GetPersonDetails(ApiGetPersonDetails(personId: person))).personView.personActions
    }

    func vote(_ client: TestClient, post: Int, _ upvote: Bool?) async throws -> TestClient.RawResponse {
        var body: [String: Any] = ["post_id": post]
        if let upvote { body["is_upvote"] = upvote }
        return try await self.post(client, "/post/like", body)
    }

    func vote(_ client: TestClient, comment: Int, _ upvote: Bool?) async throws -> TestClient.RawResponse {
        var body: [String: Any] = ["comment_id": comment]
        if let upvote { body["is_upvote"] = upvote }
        return try await post(client, "/comment/like", body)
    }

    /// The id of the first post `creator` made that is neither deleted nor removed.
    func visiblePost(by creator: Int, _ server: LemmyTestServer) throws -> Int {
        try server.store.with { db in db.posts.first { $0.creatorId == creator && !$0.deleted && !$0.removed }!.id }
    }

    /// The id of the first comment `creator` made that is neither deleted nor removed.
    func visibleComment(by creator: Int, _ server: LemmyTestServer) throws -> Int {
        try server.store.with { db in db.comments.first { $0.creatorId == creator && !$0.deleted && !$0.removed }!.id }
    }

    @Test("Each vote on a person's post or comment moves the counters: given, changed, taken back; the row stays at zero")
    func counters() async throws {
        try await withServer(.v1_0) { server in
            let (post, comment) = (try visiblePost(by: 3, server), try visibleComment(by: 3, server))
            let alice = try await TestClient(server).login("alice")
            #expect(try await actions(alice, on: 3) == nil)
            #expect(try await vote(alice, post: post, true).status == 200)
            let first = try #require(try await actions(alice, on: 3))
            #expect(first.upvotes == 1 && first.downvotes == 0 && first.votedAt != nil)
            _ = try await vote(alice, post: post, false)
            var now = try #require(try await actions(alice, on: 3))
            #expect(now.upvotes == 0 && now.downvotes == 1)
            _ = try await vote(alice, comment: comment, true)
            now = try #require(try await actions(alice, on: 3))
            #expect(now.upvotes == 1 && now.downvotes == 1)
            _ = try await vote(alice, comment: comment, nil)
            _ = try await vote(alice, post: post, nil)
            now = try #require(try await actions(alice, on: 3))
            #expect(now.upvotes == 0 && now.downvotes == 0 && now.votedAt != nil)
            // The answer to a vote carries the creator's tally too.
            let answer = try await vote(alice, post: post, true)
            let view = try JSONDecoder().decode(ApiPostResponse.self, from: answer.body).postView
            #expect(view.personActions?.upvotes == 1)
            // Only the voter sees it.
            let carol = try await TestClient(server).login("carol")
            #expect(try await actions(carol, on: 3) == nil)
            #expect(try await actions(TestClient(server), on: 3) == nil)
        }
    }

    @Test("Taking back the upvote Lemmy gives one's own new post, which it never counted, makes the tally negative")
    func ownPost() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let created = try await post(alice, "/post", ["name": "A post of my own", "community_id": 1])
            let id = try JSONDecoder().decode(ApiPostResponse.self, from: created.body).postView.post.id
            #expect(try await actions(alice, on: 2) == nil)
            _ = try await vote(alice, post: id, nil)
            let tally = try #require(try await actions(alice, on: 2))
            #expect(tally.upvotes == -1 && tally.downvotes == 0)
        }
    }

    @Test("A vote repeated, or one taken back that was never cast, moves no counter but dates the row anew")
    func repeatedVotes() async throws {
        var configuration = LemmyTestServer.Configuration(dialect: .v1_0, scale: .tiny)
        let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        configuration.clock = { now.withLock { $0 } }
        try await withServer(configuration) { server in
            let post = try visiblePost(by: 3, server)
            let alice = try await TestClient(server).login("alice")
            _ = try await vote(alice, post: post, nil)
            let empty = try #require(try await actions(alice, on: 3))
            #expect(empty.upvotes == 0 && empty.downvotes == 0 && empty.votedAt != nil)
            _ = try await vote(alice, post: post, true)
            now.withLock { $0 += 60 }
            _ = try await vote(alice, post: post, true)
            let again = try #require(try await actions(alice, on: 3))
            #expect(again.upvotes == 1 && again.downvotes == 0)
            #expect(try #require(again.votedAt).date.timeIntervalSince(try #require(empty.votedAt).date) == 60)
        }
    }

    @Test("A note or block before the first vote leaves the counters empty for good: voted_at alone")
    func rowBeforeFirstVote() async throws {
        try await withServer(.v1_0) { server in
            let (bobs, carols) = (try visiblePost(by: 3, server), try visiblePost(by: 4, server))
            let alice = try await TestClient(server).login("alice")
            _ = try await post(alice, "/person/note", ["person_id": 3, "note": "Knows Swift"])
            _ = try await vote(alice, post: bobs, true)
            _ = try await vote(alice, post: bobs, false)
            let noted = try #require(try await actions(alice, on: 3))
            #expect(noted.votedAt != nil && noted.upvotes == nil && noted.downvotes == nil && noted.note == "Knows Swift")
            // A block made and lifted before the first vote leaves no row: the counters start at zero.
            _ = try await post(alice, "/account/block/person", ["person_id": 4, "block": true])
            _ = try await post(alice, "/account/block/person", ["person_id": 4, "block": false])
            _ = try await vote(alice, post: carols, true)
            let counted = try #require(try await actions(alice, on: 4))
            #expect(counted.upvotes == 1 && counted.downvotes == 0)
        }
    }

    @Test("A refused vote leaves no tally: a bot's, one on a purged comment, one on one's own purged post")
    func refused() async throws {
        try await withServer(.v1_0) { server in
            let (post, comment) = (try visiblePost(by: 3, server), try visibleComment(by: 3, server))
            let admin = try await TestClient(server).login("admin")
            #expect(try await self.post(admin, "/admin/purge/comment", ["comment_id": comment, "reason": "spam"]).status == 200)
            let alice = try await TestClient(server).login("alice")
            let purged = refusal(try await vote(alice, comment: comment, true))
            #expect(purged.status == 404 && purged.code == "not_found")
            try server.store.with { $0.persons[1].isBot = true }
            #expect(refusal(try await vote(alice, post: post, true)).code == "invalid_bot_action")
            #expect(try await actions(alice, on: 3) == nil)
            // bob's own post, purged: gone for him too.
            try server.store.with { $0.persons[1].isBot = false }
            let bob = try await TestClient(server).login("bob")
            #expect(try await self.post(admin, "/admin/purge/post", ["post_id": post, "reason": "spam"]).status == 200)
            #expect(refusal(try await vote(bob, post: post, true)).status == 404)
            #expect(try await actions(bob, on: 3) == nil)
        }
    }
}
