import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// What GetPosts and GetComments leave out for a community's visibility: 0.19 shows anonymous
/// callers public communities only (`visible_communities_only`); 1.0 keeps unlisted communities
/// out of All and Local for those whose follow was not accepted, and private ones to followers,
/// moderators and admins (`filter_unlisted_or_followed`, `filter_private_or_followed`). In the
/// tiny seed bob moderates communities 1 and 2; alice follows both, carol every community.
@Suite("Community visibility in listings")
struct CommunityVisibilityListingTests {
    /// The communities of the posts `client` lists with `form`.
    static func postCommunities(_ client: TestClient, _ form: ApiGetPosts) async throws -> Set<Int> {
        Set(try await client.posts(form).posts.map(\.community.id))
    }

    /// A post of community `id` with comments, as the admin sees it.
    static func commentedPost(in id: Int, _ client: TestClient) async throws -> Int {
        let posts = try await client.posts(ApiGetPosts(type: .all, sort: .mostComments, communityId: id, limit: 50)).posts
        return try #require(posts.first { ($0.counts?.comments ?? $0.post.comments ?? 0) > 0 }?.post.id)
    }

    @Test(
        "1.0: an unlisted community's posts stay out of All for non-followers, not out of the community; its comments out of All anywhere")
    func unlisted() async throws {
        try await withServer(.v1_0) { server in
            let anonymous = TestClient(server)
            let admin = try await anonymous.login("admin")
            let postId = try await Self.commentedPost(in: 1, admin)
            let bob = try await anonymous.login("bob")
            try await bob.editCommunity(ApiEditCommunity(communityId: 1, visibility: .unlisted))

            let all = ApiGetPosts(type: .all, sort: .new, limit: 50)
            #expect(!(try await Self.postCommunities(anonymous, all)).contains(1))
            #expect(!(try await Self.postCommunities(anonymous, ApiGetPosts(type: .local, sort: .new, limit: 50))).contains(1))
            #expect(try await Self.postCommunities(anonymous, ApiGetPosts(type: .all, sort: .new, communityId: 1, limit: 50)) == [1])
            let alice = try await anonymous.login("alice")
            #expect(try await Self.postCommunities(alice, all).contains(1))

            let comments = ApiGetComments(type: .all, postId: postId)
            #expect(try await anonymous.comments(comments).isEmpty)
            #expect(try await anonymous.comments(ApiGetComments(postId: postId)).isEmpty)
            #expect(!(try await alice.comments(comments)).isEmpty)
        }
    }

    @Test("1.0: a private community's posts and comments show to accepted followers, its moderators and admins only")
    func privateCommunity() async throws {
        try await withServer(.v1_0) { server in
            let anonymous = TestClient(server)
            let admin = try await anonymous.login("admin")
            let postId = try await Self.commentedPost(in: 2, admin)
            let carol = try await anonymous.login("carol")
            _ = try await carol.follow(community: 2, false)
            let bob = try await anonymous.login("bob")
            try await bob.editCommunity(ApiEditCommunity(communityId: 2, visibility: .private))

            let all = ApiGetPosts(type: .all, sort: .new, limit: 50)
            let inCommunity = ApiGetPosts(type: .all, sort: .new, communityId: 2, limit: 50)
            for outsider in [anonymous, carol] {
                #expect(!(try await Self.postCommunities(outsider, all)).contains(2))
                #expect(try await Self.postCommunities(outsider, inCommunity).isEmpty)
                #expect(try await outsider.comments(ApiGetComments(type: .all, postId: postId)).isEmpty)
            }
            for insider in [bob, admin, try await anonymous.login("alice")] {
                #expect(try await Self.postCommunities(insider, inCommunity) == [2])
                #expect(!(try await insider.comments(ApiGetComments(type: .all, postId: postId))).isEmpty)
            }
        }
    }

    @Test("1.0: a local-only-private community's posts are not listed to anonymous callers")
    func localOnlyPrivate10() async throws {
        try await withServer(.v1_0) { server in
            let anonymous = TestClient(server)
            let bob = try await anonymous.login("bob")
            let before = try await Self.postCommunities(anonymous, ApiGetPosts(type: .all, sort: .new, limit: 50))
            #expect(before.contains(1))
            try await bob.editCommunity(ApiEditCommunity(communityId: 1, visibility: .localOnlyPrivate))
            #expect(!(try await Self.postCommunities(anonymous, ApiGetPosts(type: .all, sort: .new, limit: 50))).contains(1))
            let carol = try await anonymous.login("carol")
            #expect(try await Self.postCommunities(carol, ApiGetPosts(type: .all, sort: .new, communityId: 1, limit: 50)) == [1])
        }
    }

    @Test("0.19: a local-only community's posts and comments are not listed to anonymous callers")
    func localOnly() async throws {
        try await withServer(.v0_19) { server in
            let anonymous = TestClient(server)
            let admin = try await anonymous.login("admin")
            let postId = try await Self.commentedPost(in: 1, admin)
            let bob = try await anonymous.login("bob")
            try await bob.editCommunity(ApiEditCommunity(communityId: 1, visibility: .localOnly))

            #expect(try await Self.postCommunities(anonymous, ApiGetPosts(type: .all, sort: .new, communityId: 1, limit: 50)).isEmpty)
            #expect(try await anonymous.comments(ApiGetComments(type: .all, postId: postId)).isEmpty)
            let carol = try await anonymous.login("carol")
            #expect(try await Self.postCommunities(carol, ApiGetPosts(type: .all, sort: .new, communityId: 1, limit: 50)) == [1])
            #expect(!(try await carol.comments(ApiGetComments(type: .all, postId: postId))).isEmpty)
        }
    }
}
