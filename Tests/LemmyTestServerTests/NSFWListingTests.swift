import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// An NSFW community's content in listings: every version's post list hides the posts of an NSFW
/// community, not only NSFW posts (`community::nsfw.eq(false)` beside `post::nsfw.eq(false)`);
/// 1.0's comment list does the same for comments, 0.18's and 0.19's do not filter comments so.
@Suite("NSFW communities in listings")
struct NSFWListingTests {
    @Test(
        "A community marked NSFW drops out of the post lists of those who hide NSFW; on 1.0 its comments too",
        arguments: LemmyDialect.allCases)
    func nsfwCommunity(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let anonymous = TestClient(server)
            let all = ApiGetPosts(type: .all, sort: .new, limit: 50)
            let before = try await anonymous.posts(all).posts
            let post = try #require(
                before.first { $0.community.id == 1 && !$0.post.nsfw && ($0.counts?.comments ?? $0.post.comments ?? 0) > 0 })
            let bob = try await anonymous.login("bob")
            try await bob.editCommunity(ApiEditCommunity(communityId: 1, nsfw: true))

            let after = try await anonymous.posts(all).posts
            #expect(!after.contains { $0.community.id == 1 })
            #expect(after.count == before.filter { $0.community.id != 1 }.count)
            let comments = ApiGetComments(type: .all, postId: post.post.id)
            #expect(try await anonymous.comments(comments).isEmpty == (dialect == .v1_0))
        }
    }
}
