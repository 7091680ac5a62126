import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Create, edit, delete (1.0: DELETE with a JSON body) and batched mark-as-read.
@Suite("Post mutations per dialect")
struct MutationTests {
    @Test(arguments: LemmyDialect.allCases)
    func createEditDelete(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let create = ApiCreatePost(name: "Hello from the tests", communityId: 1, body: "First body")
            let created =
                dialect == .v1_0
                ? try await alice.send(LemmyV4.CreatePost(create)).postView
                : try await alice.send(LemmyV3.CreatePost(create)).postView
            #expect(created.creator.name == "alice")
            #expect(created.myVoteValue == 1)

            let edit = ApiEditPost(postId: created.post.id, body: "Edited body")
            let edited =
                dialect == .v1_0
                ? try await alice.send(LemmyV4.EditPost(edit)).postView
                : try await alice.send(LemmyV3.EditPost(edit)).postView
            #expect(edited.post.body == "Edited body")
            #expect(edited.post.updatedAt != nil)

            let bob = try await TestClient(server).login("bob")
            let foreign = ApiEditPost(postId: created.post.id, body: "Not yours")
            let refused =
                dialect == .v1_0 ? try await bob.sendRaw(LemmyV4.EditPost(foreign)) : try await bob.sendRaw(LemmyV3.EditPost(foreign))
            #expect(refused.status == 400)
            #expect(LemmyServerError.parse(body: refused.body, status: refused.status)?.code.code == "no_post_edit_allowed")

            let delete = ApiDeletePost(postId: created.post.id, deleted: true)
            let deleted =
                dialect == .v1_0
                ? try await alice.send(LemmyV4.DeletePost(delete)).postView
                : try await alice.send(LemmyV3.DeletePost(delete)).postView
            #expect(deleted.post.deleted)
            let feed = try await bob.posts(ApiGetPosts(sort: .new, limit: 50)).posts
            #expect(!feed.contains { $0.post.id == created.post.id })
        }
    }

    @Test(arguments: [LemmyDialect.v0_19, .v1_0])
    func batchedMarkAsRead(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let ids = try await alice.posts(ApiGetPosts(sort: .new, limit: 3)).posts.map(\.post.id)
            #expect(ids.count == 3)
            if dialect == .v1_0 {
                _ = try await alice.send(LemmyV4.MarkManyPostsAsRead(ApiMarkManyPostsAsRead(postIds: ids, read: true)))
            } else {
                _ = try await alice.send(LemmyV3.MarkPostAsRead(ApiMarkPostAsRead(read: true, postIds: ids)))
            }
            let after = try await alice.posts(ApiGetPosts(sort: .new, limit: 3)).posts
            #expect(after.allSatisfy { $0.read ?? ($0.postActions?.readAt != nil) })
            let unread = try await alice.posts(ApiGetPosts(sort: .new, showRead: false, limit: 10)).posts
            #expect(dialect == .v0_19 || unread.allSatisfy { !ids.contains($0.post.id) })
        }
    }
}
