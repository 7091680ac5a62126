import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// GetPersonDetails (0.18, 0.19) as Lemmy answers it.
@Suite("Person details")
struct PersonDetailsTests {
    @Test("saved_only lists what the caller saved, never the profile owner's saves", arguments: [LemmyDialect.v0_18, .v0_19])
    func savedOnlyIsTheCallers(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = TestClient(server)
            let bob = try await client.login("bob")
            let alice = try await client.login("alice")
            let postId = try #require(try await bob.posts(ApiGetPosts(sort: .new, limit: 1)).posts.first?.post.id)
            _ = try await bob.send(LemmyV3.SavePost(ApiSavePost(postId: postId, save: true)))
            let bobId = try await bob.send(LemmyV3.GetPersonDetails(ApiGetPersonDetails(username: "bob"))).personView.person.id
            let form = ApiGetPersonDetails(personId: bobId, savedOnly: true)
            #expect(try await bob.send(LemmyV3.GetPersonDetails(form)).posts?.map(\.post.id) == [postId])
            // Someone else, or nobody, asking for bob's saved posts learns nothing of them.
            #expect(try await alice.send(LemmyV3.GetPersonDetails(form)).posts?.isEmpty == true)
            #expect(try await client.send(LemmyV3.GetPersonDetails(form)).posts?.isEmpty == true)
        }
    }

    @Test("The comments follow the posts' sort as Lemmy maps it: Old oldest first, Top by score", arguments: [LemmyDialect.v0_18, .v0_19])
    func commentsTakeThePostSort(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = TestClient(server)
            func comments(_ sort: ApiSortType) async throws -> [ApiCommentView] {
                let form = ApiGetPersonDetails(username: "alice", sort: sort, limit: 50)
                return try await client.send(LemmyV3.GetPersonDetails(form)).comments ?? []
            }
            let old = try await comments(.old).map(\.comment.publishedAt.date)
            #expect(old.count > 2)
            #expect(old == old.sorted())
            let top = try await comments(.topAll).map(\.counts!.score)
            #expect(top == top.sorted(by: >))
            #expect(top != top.reversed() || Set(top).count == 1)
        }
    }
}
