import Foundation
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

    @Test("Each vote on a person's post or comment moves the counters: given, changed, taken back; the row stays at zero")
    func counters() async throws {
        try await withServer(.v1_0) { server in
            let (post, comment) = try server.store.with { db in
                (
                    db.posts.first { $0.creatorId == 3 && !$0.deleted && !$0.removed }!.id,
                    db.comments.first { $0.creatorId == 3 && !$0.deleted && !$0.removed }!.id
                )
            }
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

    @Test("A refused vote leaves no tally; before 1.0 there is none to show")
    func refusedAndOlder() async throws {
        try await withServer(.v1_0) { server in
            let post = try server.store.with { db in
                db.persons[1].isBot = true
                return db.posts.first { $0.creatorId == 3 && !$0.deleted && !$0.removed }!.id
            }
            let alice = try await TestClient(server).login("alice")
            #expect(refusal(try await vote(alice, post: post, true)).code == "invalid_bot_action")
            #expect(try await actions(alice, on: 3) == nil)
        }
        try await withServer(.v0_19) { server in
            let post = try server.store.with { db in db.posts.first { $0.creatorId == 3 && !$0.deleted && !$0.removed }!.id }
            let alice = try await TestClient(server).login("alice")
            let answer = try await self.post(alice, "/post/like", ["post_id": post, "score": 1])
            #expect(answer.status == 200)
            #expect(!String(decoding: answer.body, as: UTF8.self).contains("person_actions"))
        }
    }
}
