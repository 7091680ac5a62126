import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// 1.0's LockComment as Lemmy main serves it (`api/api/src/comment/lock.rs`,
/// `db_schema/src/impls/comment.rs`'s `update_locked_for_comment_and_children`) and the reply
/// check in CreateComment (`api_crud/src/comment/create.rs`). In the tiny seed bob moderates
/// communities 1 and 2; carol moderates nothing.
@Suite("Locked comments (1.0)")
struct LockCommentFidelityTests: RefusalChecking {
    func thread(_ server: LemmyTestServer) throws -> SeededThread { try SeededThread(server) }

    func lock(_ client: TestClient, _ id: Int, _ locked: Bool = true) async throws -> TestClient.RawResponse {
        try await client.sendRaw(LemmyV4.LockComment(ApiLockComment(commentId: id, locked: locked, reason: "Heated")))
    }

    func locked(_ server: LemmyTestServer, _ id: Int) throws -> Bool { try server.store.with { $0.comments[id - 1].locked } }

    func reply(_ client: TestClient, post: Int, parent: Int) async throws -> TestClient.RawResponse {
        try await client.sendRaw(LemmyV4.CreateComment(ApiCreateComment(content: "A reply", postId: post, parentId: parent)))
    }

    @Test("Locking takes the comment and everything below it; replies need a moderator; unlocking frees them")
    func lockAndReply() async throws {
        try await withServer(.v1_0) { server in
            let t = try thread(server)
            let bob = try await TestClient(server).login("bob")
            let carol = try await TestClient(server).login("carol")
            let answer = try await lock(bob, t.root)
            #expect(answer.status == 200)
            #expect(try JSONDecoder().decode(ApiCommentResponse.self, from: answer.body).commentView.comment.locked == true)
            #expect(try [t.root, t.child, t.grandchild].allSatisfy { try locked(server, $0) })
            #expect(try !locked(server, t.sibling))
            let shown = try await carol.send(LemmyV4.GetComment(ApiGetComment(id: t.grandchild))).commentView.comment
            #expect(shown.locked == true)

            for parent in [t.root, t.grandchild] {
                let refused = refusal(try await reply(carol, post: t.post, parent: parent))
                #expect(refused.status == 400 && refused.code == "locked")
            }
            #expect(try await reply(carol, post: t.post, parent: t.sibling).status == 200)
            // A moderator may reply; the reply is not locked, so anyone may answer it.
            let modReply = try JSONDecoder().decode(ApiCommentResponse.self, from: try await reply(bob, post: t.post, parent: t.child).body)
            #expect(modReply.commentView.comment.locked == false)
            #expect(try await reply(carol, post: t.post, parent: modReply.commentView.comment.id).status == 200)

            // A locked parent on another post is `locked` before the post mismatch.
            let otherPost = try server.store.with { db in db.posts.first { $0.id != t.post && !$0.locked && !$0.deleted && !$0.removed }!.id
            }
            #expect(refusal(try await reply(carol, post: otherPost, parent: t.root)).code == "locked")
            #expect(try await lock(bob, t.child, false).status == 200)
            #expect(try locked(server, t.root) && !locked(server, t.child) && !locked(server, t.grandchild))
            #expect(try await reply(carol, post: t.post, parent: t.grandchild).status == 200)
        }
    }

    @Test("The modlog's mod_lock_comment names the comment, its post, community and creator; unlocking is a revert")
    func modlog() async throws {
        try await withServer(.v1_0) { server in
            let t = try thread(server)
            let bob = try await TestClient(server).login("bob")
            _ = try await lock(bob, t.root)
            _ = try await lock(bob, t.root, false)
            let form = ApiGetModlog(type: .string("mod_lock_comment"))
            let entries = try await bob.send(LemmyV4.GetModlog(form)).items
            #expect(entries.count == 2)
            #expect(entries.map(\.modlog.isRevert).sorted { !$0 && $1 } == [false, true])
            let entry = try #require(entries.first)
            #expect(entry.modlog.kind == .modLockComment && entry.modlog.reason == "Heated")
            #expect(entry.targetComment?.id == t.root && entry.targetPost?.id == t.post && entry.targetCommunity?.id == 1)
            let creator = try server.store.with { $0.comments[t.root - 1].creatorId }
            #expect(entry.targetPerson?.id == creator)
        }
    }

    @Test("Refusals: the comment as a guest reads it, then the moderator checks")
    func refusals() async throws {
        try await withServer(.v1_0) { server in
            let t = try thread(server)
            let carol = try await TestClient(server).login("carol")
            #expect(refusal(try await lock(carol, t.root)).code == "not_a_mod_or_admin")
            let unknown = refusal(try await lock(carol, 999_999))
            #expect(unknown.status == 404 && unknown.code == "not_found")
            #expect(refusal(try await lock(TestClient(server), t.root)).status == 401)
            // A deleted comment may be locked.
            try server.store.with { $0.comments[t.child - 1].deleted = true }
            let admin = try await TestClient(server).login("admin")
            #expect(try await lock(admin, t.child).status == 200)
            // A purged comment is gone.
            try server.store.with { _ = $0.purged.comments.insert(t.sibling) }
            #expect(refusal(try await lock(admin, t.sibling)).code == "not_found")
            // A private community's comment is not found, even by an admin.
            try server.store.with { $0.communities[0].visibility = "private" }
            #expect(refusal(try await lock(admin, t.root)).code == "not_found")
        }
    }
}
