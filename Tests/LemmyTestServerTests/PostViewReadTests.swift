import Foundation
import LemmyAPI
import LemmyTestSupport
import Testing

@testable import LemmyTestServer

/// SavePost, HidePost, MarkPostAsRead, LikePost and LockPost on a post the caller cannot see, or
/// that does not exist, as each version answers (see `Database+PostViewRead.swift` for the
/// handlers in Lemmy's source). The state is read from the server's store: a refused answer can
/// follow a change that was made.
@Suite("Post actions read the post as its viewer sees it")
struct PostViewReadTests: RefusalChecking {
    /// `raw`'s outcome: `ok`, the error code, or `record` for 0.18's bare `Record not found`.
    func outcome(_ raw: TestClient.RawResponse) -> String {
        if raw.status == 200 { return "ok" }
        let refused = refusal(raw)
        return refused.code == "text" && refused.message == "Record not found" ? "record" : refused.code
    }

    func save(_ client: TestClient, _ id: Int, _ save: Bool) async throws -> String {
        let form = ApiSavePost(postId: id, save: save)
        return outcome(try await either(client, LemmyV3.SavePost(form), LemmyV4.SavePost(form)))
    }

    func markRead(_ client: TestClient, _ id: Int, _ read: Bool) async throws -> String {
        if client.dialect == .v1_0 {
            return outcome(try await client.sendRaw(LemmyV4.MarkPostAsRead(ApiMarkPostAsRead(postId: id, read: read))))
        }
        let form = client.dialect == .v0_18 ? ApiMarkPostAsRead(postId: id, read: read) : ApiMarkPostAsRead(read: read, postIds: [id])
        return outcome(try await client.sendRaw(LemmyV3.MarkPostAsRead(form)))
    }

    func hide(_ client: TestClient, _ id: Int, _ hide: Bool) async throws -> String {
        if client.dialect == .v1_0 { return outcome(try await client.sendRaw(LemmyV4.HidePost(ApiHidePost(postId: id, hide: hide)))) }
        return outcome(try await client.sendRaw(LemmyV3.HidePost(ApiHidePost(hide: hide, postIds: [id]))))
    }

    func like(_ client: TestClient, _ id: Int) async throws -> String {
        outcome(
            try await either(
                client, LemmyV3.LikePost(ApiCreatePostLike(postId: id, score: 1)),
                LemmyV4.LikePost(ApiCreatePostLike(postId: id, isUpvote: true))))
    }

    func lock(_ client: TestClient, _ id: Int) async throws -> String {
        let form = ApiLockPost(postId: id, locked: true, reason: "Spam")
        return outcome(try await either(client, LemmyV3.LockPost(form), LemmyV4.LockPost(form)))
    }

    @Test("A removed post: 1.0 refuses votes and locks, and every version saves before it answers", arguments: LemmyDialect.allCases)
    func removedPost(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let carol = try await TestClient(server).login("carol")
            // A post neither the admin nor carol wrote: its author sees it whatever its state.
            let post = server.store.snapshot().posts.first { ![1, 4].contains($0.creatorId) && !$0.removed && !$0.deleted }
            let postId = try #require(post).id
            let remove = ApiRemovePost(postId: postId, removed: true, reason: "Spam")
            #expect(try await either(admin, LemmyV3.RemovePost(remove), LemmyV4.RemovePost(remove)).status == 200)
            let carolId = try #require(server.store.snapshot().persons.first { $0.name == "carol" }).id
            let notFound = ["0.18": "record", "0.19": "couldnt_find_post", "1.0": "not_found"][dialect.rawValue]

            // Saved, then not found (0.18 hides it even from its author; 0.19 and 1.0 from others).
            #expect(try await save(carol, postId, true) == notFound)
            #expect(server.store.snapshot().users[carolId]?.savedPosts[postId] != nil)
            #expect(try await markRead(carol, postId, true) == (dialect == .v0_19 ? "ok" : notFound))
            #expect(server.store.snapshot().users[carolId]?.readPosts[postId] != nil)
            if dialect != .v0_18 {
                #expect(try await hide(carol, postId, true) == (dialect == .v1_0 ? "not_found" : "ok"))
                #expect(server.store.snapshot().users[carolId]?.hiddenPosts[postId] != nil)
            }
            // 1.0 reads the post before the vote and the lock: not even an admin locks it there.
            #expect(try await like(carol, postId) == (dialect == .v1_0 ? "not_found" : "ok"))
            #expect((server.store.snapshot().users[carolId]?.postVotes[postId] != nil) == (dialect != .v1_0))
            let locked = try await lock(admin, postId)
            #expect(locked == (dialect == .v1_0 ? "not_found" : "ok"), "\(locked)")
        }
    }

    @Test("A post that does not exist: the insert fails when there is one, the read when there is not", arguments: LemmyDialect.allCases)
    func missingPost(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let carol = try await TestClient(server).login("carol")
            let missing = 999_999
            let notFound = ["0.18": "record", "0.19": "couldnt_find_post", "1.0": "not_found"][dialect.rawValue]
            #expect(try await save(carol, missing, true) == (dialect == .v1_0 ? "couldnt_update" : "couldnt_save_post"))
            #expect(try await save(carol, missing, false) == notFound)
            #expect(try await markRead(carol, missing, true) == (dialect == .v1_0 ? "couldnt_update" : "couldnt_mark_post_as_read"))
            #expect(try await markRead(carol, missing, false) == (dialect == .v0_19 ? "ok" : notFound))
            if dialect != .v0_18 {
                #expect(try await hide(carol, missing, true) == (dialect == .v1_0 ? "couldnt_update" : "couldnt_hide_post"))
                #expect(try await hide(carol, missing, false) == (dialect == .v1_0 ? "not_found" : "ok"))
            }
            #expect(try await like(carol, missing) == notFound)
        }
    }
}
