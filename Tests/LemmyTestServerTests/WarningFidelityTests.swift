import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// 1.0's WarnPost and WarnComment as Lemmy main serves them (`api/api/src/post/warning.rs`,
/// `comment/warning.rs`): a modlog entry naming the content and its author, who is notified, and
/// nothing else changed. In the tiny seed bob moderates community 1; carol moderates nothing.
@Suite("Moderator warnings (1.0)")
struct WarningFidelityTests: RefusalChecking {
    func warnPost(_ client: TestClient, _ id: Int) async throws -> TestClient.RawResponse {
        try await client.sendRaw(LemmyV4.WarnPost(ApiCreatePostWarning(postId: id, reason: "Mind the rules")))
    }

    func warnComment(_ client: TestClient, _ id: Int) async throws -> TestClient.RawResponse {
        try await client.sendRaw(LemmyV4.WarnComment(ApiCreateCommentWarning(commentId: id, reason: "Mind the tone")))
    }

    @Test("A warning is a modlog entry naming the content and its author, who hears of it; the content is unchanged")
    func warnings() async throws {
        try await withServer(.v1_0) { server in
            let t = try SeededThread(server)
            let (postCreator, commentCreator) = try server.store.with { db in
                (db.posts[t.post - 1].creatorId, db.comments[t.child - 1].creatorId)
            }
            let bob = try await TestClient(server).login("bob")
            let posted = try await warnPost(bob, t.post)
            #expect(posted.status == 200)
            #expect(try JSONDecoder().decode(ApiPostResponse.self, from: posted.body).postView.post.id == t.post)
            // bob's vote on the comment: Lemmy's answer, a guest's read, does not carry it.
            let vote = ApiCreateCommentLike(commentId: t.child, isUpvote: true)
            #expect(try await bob.sendRaw(LemmyV4.LikeComment(vote)).status == 200)
            let commented = try await warnComment(bob, t.child)
            #expect(commented.status == 200)
            let answered = try JSONDecoder().decode(ApiCommentResponse.self, from: commented.body).commentView
            #expect(answered.comment.id == t.child && answered.commentActions == nil)
            #expect(try server.store.with { db in !db.posts[t.post - 1].removed && !db.comments[t.child - 1].removed })

            let form = ApiGetModlog(type: .string("mod_warn_post"))
            let postEntry = try #require(try await bob.send(LemmyV4.GetModlog(form)).items.first)
            #expect(postEntry.modlog.kind == .modWarnPost && !postEntry.modlog.isRevert && postEntry.modlog.reason == "Mind the rules")
            #expect(postEntry.targetPost?.id == t.post && postEntry.targetCommunity?.id == 1 && postEntry.targetPerson?.id == postCreator)
            let commentForm = ApiGetModlog(type: .string("mod_warn_comment"))
            let commentEntry = try #require(try await bob.send(LemmyV4.GetModlog(commentForm)).items.first)
            #expect(commentEntry.modlog.kind == .modWarnComment && commentEntry.modlog.reason == "Mind the tone")
            #expect(commentEntry.targetComment?.id == t.child && commentEntry.targetPost?.id == t.post)
            #expect(commentEntry.targetPerson?.id == commentCreator)

            // Each author is notified of the warning.
            let notified = try server.store.with { db in
                db.inbox.filter { $0.kind == .modAction }.map { item in
                    (item.recipientId, db.modlog.first { $0.id == item.modlogId }?.kind)
                }
            }
            #expect(notified.contains { $0.0 == postCreator && $0.1 == .warnPost })
            #expect(notified.contains { $0.0 == commentCreator && $0.1 == .warnComment })
        }
    }

    @Test("Refusals: the content is read first, then the moderator; a removed or deleted comment is `deleted`")
    func refusals() async throws {
        try await withServer(.v1_0) { server in
            let t = try SeededThread(server)
            let carol = try await TestClient(server).login("carol")
            let bob = try await TestClient(server).login("bob")
            #expect(refusal(try await warnPost(carol, t.post)).code == "not_a_mod_or_admin")
            #expect(refusal(try await warnComment(carol, t.child)).code == "not_a_mod_or_admin")
            #expect(refusal(try await warnPost(bob, 999_999)).code == "not_found")
            // The comment is read as a guest: in a private community not even its moderator finds it.
            try server.store.with { db in db.communities[0].visibility = "private" }
            #expect(refusal(try await warnComment(bob, t.child)).code == "not_found")
            try server.store.with { db in db.communities[0].visibility = "public" }
            #expect(refusal(try await warnComment(bob, 999_999)).code == "not_found")
            try server.store.with { db in
                db.comments[t.child - 1].removed = true
                db.comments[t.grandchild - 1].deleted = true
            }
            #expect(refusal(try await warnComment(bob, t.child)).code == "deleted")
            #expect(refusal(try await warnComment(bob, t.grandchild)).code == "deleted")
            // A removed post is not found even by its moderator (`PostView::read` with
            // `is_mod_or_admin` false), unless it is theirs.
            let othersPost = try server.store.with { db in
                let id = db.posts.first { $0.communityId == 1 && $0.creatorId != 3 && !$0.removed && !$0.deleted }!.id
                db.posts[id - 1].removed = true
                return id
            }
            #expect(refusal(try await warnPost(bob, othersPost)).code == "not_found")
            let entries = try server.store.with { db in db.modlog.filter { $0.kind == .warnPost || $0.kind == .warnComment }.count }
            #expect(entries == 0)
        }
    }

    @Test("1.0's moderator forms require their reason: without it serde refuses the body")
    func reasonRequired() async throws {
        try await withServer(.v1_0) { server in
            let t = try SeededThread(server)
            let bob = try await TestClient(server).login("bob")
            let before = try server.store.with { db in (db.modlog.count, db.posts[t.post - 1].locked, db.comments[t.child - 1].removed) }
            let forms: [(String, [String: Any])] = [
                ("/post/warn", ["post_id": t.post]), ("/comment/warn", ["comment_id": t.child]),
                ("/post/lock", ["post_id": t.post, "locked": true]), ("/comment/remove", ["comment_id": t.child, "removed": true]),
            ]
            for (path, form) in forms {
                let refused = refusal(try await post(bob, path, form))
                #expect(refused.status == 400 && refused.message?.contains("missing field `reason`") == true, "\(path): \(refused)")
            }
            let after = try server.store.with { db in (db.modlog.count, db.posts[t.post - 1].locked, db.comments[t.child - 1].removed) }
            #expect(after == before)
        }
    }
}
