import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// 1.0's community tags as Lemmy main serves them (facts in `Database+CommunityTags.swift`):
/// CreateCommunityTag, EditCommunityTag, DeleteCommunityTag, ModEditPost, and the tags of
/// CreatePost and EditPost. Tiny seed: bob moderates communities 1 and 2; each community offers
/// the seeded tags `news`, `question`, `discussion`.
@Suite("Community tags (1.0)")
struct CommunityTagFidelityTests: RefusalChecking {
    func tag(_ raw: TestClient.RawResponse) throws -> ApiCommunityTag {
        #expect(raw.status == 200, "\(raw)")
        return try JSONDecoder().decode(ApiCommunityTag.self, from: raw.body)
    }

    func community(_ client: TestClient, _ id: Int) async throws -> ApiCommunityView {
        let raw = try await get(client, "/community", ["id": "\(id)"])
        return try JSONDecoder().decode(ApiGetCommunityResponse.self, from: raw.body).communityView
    }

    func postTags(_ raw: TestClient.RawResponse) throws -> [Int] {
        #expect(raw.status == 200, "\(raw)")
        return (try JSONDecoder().decode(ApiPostResponse.self, from: raw.body).postView.tags ?? []).map(\.id)
    }

    @Test("A moderator makes, edits and deletes a tag; the community view lists it, the deleted one to moderators only")
    func lifecycle() async throws {
        try await withServer(.v1_0) { server in
            let bob = try await TestClient(server).login("bob")
            let made = try tag(
                try await post(
                    bob, "/community/tag",
                    ["community_id": 1, "name": "howto", "display_name": "", "summary": "Guides", "color": "color05"]))
            #expect(made.name == "howto" && made.displayName == "" && made.summary == "Guides" && made.color == .color05)
            let name = try await community(bob, 1).community.name
            #expect(made.apId.hasSuffix("/c/\(name)/tag/howto") && !made.deleted)
            #expect(try await community(TestClient(server), 1).tags?.map(\.id).contains(made.id) == true)

            // The name stays; an empty text clears; a missing field stays.
            let edited = try tag(
                try await post(bob, "/community/tag", ["tag_id": made.id, "display_name": "How-to", "summary": ""], method: "PUT"))
            #expect(edited.name == "howto" && edited.displayName == "How-to" && edited.summary == nil && edited.color == .color05)
            #expect(edited.updatedAt != nil)

            let deleted = try tag(try await post(bob, "/community/tag", ["tag_id": made.id, "delete": true], method: "DELETE"))
            #expect(deleted.deleted)
            #expect(try await community(TestClient(server), 1).tags?.contains { $0.id == made.id } == false)
            #expect(try await community(bob, 1).tags?.first { $0.id == made.id }?.deleted == true)
            // A deleted tag can still be edited, and restored.
            _ = try tag(try await post(bob, "/community/tag", ["tag_id": made.id, "color": "color02"], method: "PUT"))
            #expect(try !tag(try await post(bob, "/community/tag", ["tag_id": made.id, "delete": false], method: "DELETE")).deleted)
        }
    }

    @Test("Refusals, in Lemmy's order")
    func refusals() async throws {
        try await withServer(.v1_0) { server in
            let bob = try await TestClient(server).login("bob")
            let alice = try await TestClient(server).login("alice")
            func create(_ client: TestClient, _ fields: [String: Any]) async throws -> (status: Int, code: String, message: String?) {
                refusal(try await post(client, "/community/tag", fields))
            }
            // The name first, before the community is looked at.
            #expect(try await create(bob, ["community_id": 999, "name": "a"]).code == "invalid_name")
            #expect(try await create(bob, ["community_id": 999, "name": "has space"]).code == "invalid_name")
            #expect(try await create(bob, ["community_id": 999, "name": "ok_name"]).code == "not_found")
            #expect(try await create(alice, ["community_id": 1, "name": "ok_name"]).code == "not_a_mod_or_admin")
            #expect(
                try await create(bob, ["community_id": 1, "name": "ok_name", "summary": String(repeating: "s", count: 151)]).code
                    == "site_description_length_overflow")
            // The seeded `news` exists: its ActivityPub id would repeat. Names compare with case.
            #expect(try await create(bob, ["community_id": 1, "name": "news"]).code == "couldnt_create")
            #expect(try await create(bob, ["community_id": 1, "name": "News"]).status == 200)
            // A private community's moderators make tags; a local-only-private one is not found.
            try server.store.with { db in db.communities[0].visibility = "private" }
            #expect(try await create(bob, ["community_id": 1, "name": "private_tag"]).status == 200)
            try server.store.with { db in db.communities[0].visibility = "local_only_private" }
            #expect(try await create(bob, ["community_id": 1, "name": "hidden_tag"]).code == "not_found")
            try server.store.with { db in db.communities[0].visibility = "public" }
            // A deleted community is not found when making a tag, but found (and refused) when editing one.
            try server.store.with { db in db.communities[1].deleted = true }
            #expect(try await create(bob, ["community_id": 2, "name": "ok_name"]).code == "not_found")
            let tagOfTwo = SeedTags.id(community: 2, index: 0)
            #expect(
                refusal(try await post(bob, "/community/tag", ["tag_id": tagOfTwo, "color": "color02"], method: "PUT")).code == "deleted")
            #expect(refusal(try await post(bob, "/community/tag", ["tag_id": 9999, "delete": true], method: "DELETE")).code == "not_found")
            #expect(
                refusal(try await post(alice, "/community/tag", ["tag_id": 1, "delete": true], method: "DELETE")).code
                    == "not_a_mod_or_admin")
        }
    }

    @Test("A post's tags are among its community's undeleted ones, replace the post's, and are applied after the post is written")
    func postTags() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let news = SeedTags.id(community: 1, index: 0)
            let question = SeedTags.id(community: 1, index: 1)
            let otherCommunity = SeedTags.id(community: 2, index: 0)
            let made = try await post(alice, "/post", ["name": "Tagged", "community_id": 1, "tags": [news, question]])
            let postId = try #require(createdId(made, view: "post_view", entity: "post"))
            #expect(Set(try postTags(made)) == [news, question])
            // Some([]) clears, None leaves.
            #expect(try postTags(try await post(alice, "/post", ["post_id": postId, "tags": [question]], method: "PUT")) == [question])
            #expect(
                try postTags(try await post(alice, "/post", ["post_id": postId, "name": "Tagged, edited"], method: "PUT")) == [question])
            #expect(try postTags(try await post(alice, "/post", ["post_id": postId, "tags": []], method: "PUT")).isEmpty)

            // Another community's tag: refused, after the edit is written.
            let refused = refusal(
                try await post(alice, "/post", ["post_id": postId, "name": "Edited anyway", "tags": [otherCommunity]], method: "PUT"))
            #expect(refused.code == "tag_not_in_community")
            #expect(try server.store.with { db in db.post(postId)?.name } == "Edited anyway")
            #expect(
                refusal(try await post(alice, "/post", ["post_id": postId, "tags": [news, news]], method: "PUT")).code == "couldnt_create")
            // CreatePost with a bad tag still makes the post, as Lemmy leaves it: without the
            // author's vote or read mark, which come after the tags.
            let before = try server.store.with { db in db.posts.count }
            let badTag = refusal(try await post(alice, "/post", ["name": "Made anyway", "community_id": 1, "tags": [9999]]))
            #expect(badTag.code == "tag_not_in_community")
            let leftover = try server.store.with { db in (db.posts.count, db.posts.last?.upvotes, db.users[2]?.postVotes[before + 1]) }
            #expect(leftover.0 == before + 1 && leftover.1 == 0 && leftover.2 == nil)

            // A deleted tag cannot be set and leaves the post views, not the post's links.
            #expect(try postTags(try await post(alice, "/post", ["post_id": postId, "tags": [news]], method: "PUT")) == [news])
            let bob = try await TestClient(server).login("bob")
            _ = try tag(try await post(bob, "/community/tag", ["tag_id": news, "delete": true], method: "DELETE"))
            #expect(try postTags(try await get(alice, "/post", ["id": "\(postId)"])).isEmpty)
            #expect(try server.store.with { db in db.post(postId)?.tags } == [news])
            #expect(
                refusal(try await post(alice, "/post", ["post_id": postId, "tags": [news]], method: "PUT")).code == "tag_not_in_community")
        }
    }

    @Test("ModEditPost: a moderator sets another's post's tags and NSFW flag; others are refused")
    func modEdit() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let made = try await post(alice, "/post", ["name": "Alice's", "community_id": 1])
            let postId = try #require(createdId(made, view: "post_view", entity: "post"))
            let question = SeedTags.id(community: 1, index: 1)
            let answer = try await post(bob, "/post/mod_edit", ["post_id": postId, "nsfw": true, "tags": [question]], method: "PUT")
            #expect(try postTags(answer) == [question])
            #expect(try JSONDecoder().decode(ApiPostResponse.self, from: answer.body).postView.post.nsfw)
            #expect(
                refusal(try await post(alice, "/post/mod_edit", ["post_id": postId, "tags": []], method: "PUT")).code
                    == "not_a_mod_or_admin")
            // The flag is written before the tags, and stays when they are refused.
            let refused = refusal(try await post(bob, "/post/mod_edit", ["post_id": postId, "nsfw": false, "tags": [9999]], method: "PUT"))
            #expect(refused.code == "tag_not_in_community")
            #expect(try server.store.with { db in db.post(postId)?.nsfw } == false)
            // Alice may not edit tags as a moderator would, but may on her own post with EditPost.
            #expect(try postTags(try await post(alice, "/post", ["post_id": postId, "tags": []], method: "PUT")).isEmpty)
            // Bob's EditPost of alice's post is refused as it always was.
            #expect(
                refusal(try await post(bob, "/post", ["post_id": postId, "tags": [question]], method: "PUT")).code == "no_post_edit_allowed"
            )
        }
    }

    @Test("GetPosts `tag_id` keeps the posts carrying the tag, also once it is deleted")
    func listingByTag() async throws {
        try await withServer(.v1_0) { server in
            let posts = try server.store.with { db in db.posts.filter { !$0.tags.isEmpty && !$0.deleted && !$0.removed } }
            let question = try #require(posts.first?.tags.first)
            let carrying = Set(posts.filter { $0.tags.contains(question) }.map(\.id))
            func listed() async throws -> Set<Int> {
                let raw = try await get(TestClient(server), "/post/list", ["tag_id": "\(question)", "type_": "all", "limit": "50"])
                return Set(try JSONDecoder().decode(ApiPagedResponse<ApiPostView>.self, from: raw.body).items.map(\.post.id))
            }
            #expect(try await listed() == carrying)
            try server.store.with { db in db.communityTags[question - 1].deleted = true }
            #expect(try await listed() == carrying)
        }
    }

    @Test("Comment views carry their post's tags")
    func commentViews() async throws {
        try await withServer(.v1_0) { server in
            let tagged = try server.store.with { db in
                try #require(db.posts.first { !$0.tags.isEmpty && db.commentsByPost[$0.id - 1].count > 0 })
            }
            let raw = try await get(TestClient(server), "/comment/list", ["post_id": "\(tagged.id)", "limit": "5"])
            let views = try JSONDecoder().decode(ApiPagedResponse<ApiCommentView>.self, from: raw.body).items
            #expect(!views.isEmpty && views.allSatisfy { ($0.tags ?? []).map(\.id) == tagged.tags })
        }
    }
}
