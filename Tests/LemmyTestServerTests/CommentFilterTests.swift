import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Which comments GetComments leaves out for the caller, per version: bots, blocked
/// communities, the caller's own likes on 0.19, and the form members each version has.
@Suite("Comment list filters")
struct CommentFilterTests: RefusalChecking {
    @Test("A bot's comment leaves the list of someone who hides bots", arguments: LemmyDialect.allCases)
    func bots(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let carol = try await TestClient(server).login("carol")
            let id = try await carol.comment(post: 1, parent: nil, "Beep").comment.id
            let bot = ApiSaveUserSettings(botAccount: true)
            #expect(try await either(carol, LemmyV3.SaveUserSettings(bot), LemmyV4.SaveUserSettings(bot)).status == 200)
            func listed() async throws -> Bool { try await alice.comments(post: 1).contains { $0.comment.id == id } }
            #expect(try await listed())
            let hide = ApiSaveUserSettings(showBotAccounts: false)
            #expect(try await either(alice, LemmyV3.SaveUserSettings(hide), LemmyV4.SaveUserSettings(hide)).status == 200)
            #expect(try await !listed())
        }
    }

    @Test("A blocked community's comments leave lists; 0.18 still lists them under one of its posts", arguments: LemmyDialect.allCases)
    func blockedCommunity(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let block = ApiBlockCommunity(communityId: 1, block: true)
            #expect(try await either(alice, LemmyV3.BlockCommunity(block), LemmyV4.BlockCommunity(block)).status == 200)
            let everywhere = try await alice.comments(ApiGetComments(type: .all, sort: .new, limit: 50))
            #expect(!everywhere.isEmpty && everywhere.allSatisfy { $0.community.id != 1 })
            let post = try #require(
                try await TestClient(server).posts(ApiGetPosts(type: .all, sort: .new, communityId: 1, limit: 20)).posts
                    .first { $0.counts?.comments ?? $0.post.comments ?? 0 > 0 })
            let underPost = try await alice.comments(ApiGetComments(type: .all, postId: post.post.id))
            #expect(underPost.isEmpty == (dialect != .v0_18))
        }
    }

    @Test("Form members a version lacks are ignored: creator_id before 1.0, liked_only on 0.18 and 1.0", arguments: LemmyDialect.allCases)
    func membersPerVersion(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            // Sent by hand: the 0.18/0.19 request type has no creator_id to send.
            let path = dialect == .v1_0 ? LemmyV4.GetComments.fullPath : LemmyV3.GetComments.fullPath
            let query = ["type_": dialect == .v1_0 ? "all" : "All", "creator_id": "4", "limit": "50"].map(URLQueryItem.init)
            let raw = try await TestClient(server).raw("GET", path: path, query: query)
            let byCarol =
                dialect == .v1_0
                ? try LemmyTestDecoding.decode(ApiPagedResponse<ApiCommentView>.self, from: raw.body).items
                : try LemmyTestDecoding.decode(ApiGetCommentsResponse.self, from: raw.body).comments
            #expect(!byCarol.isEmpty)
            #expect(byCarol.allSatisfy { $0.creator.id == 4 } == (dialect == .v1_0))
            let mine = try await alice.comment(post: 1, parent: nil, "Liked by its author").comment.id
            let carols = try await TestClient(server).login("carol").comment(post: 1, parent: nil, "Liked by Alice").comment.id
            let like3 = ApiCreateCommentLike(commentId: carols, score: 1)
            let like4 = ApiCreateCommentLike(commentId: carols, isUpvote: true)
            #expect(try await either(alice, LemmyV3.LikeComment(like3), LemmyV4.LikeComment(like4)).status == 200)
            var liked = ApiGetComments(type: .all, sort: .new, limit: 50)
            liked.likedOnly = true
            let likedIds = try await alice.comments(liked).map(\.comment.id)
            switch dialect {
            case .v0_19:
                #expect(likedIds.contains(carols))
                // 0.19's liked list leaves out one's own comments, which start upvoted.
                #expect(!likedIds.contains(mine))
            case .v0_18, .v1_0:
                #expect(likedIds.contains(mine))
            }
        }
    }

    @Test("1.0 time_range_seconds keeps comments newer than the range")
    func timeRange() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let fresh = try await alice.comment(post: 1, parent: nil, "Just now").comment.id
            let all = try await alice.comments(ApiGetComments(type: .all, sort: .new, limit: 50))
            let recent = try await alice.comments(ApiGetComments(type: .all, sort: .new, timeRangeSeconds: 60, limit: 50))
            #expect(recent.map(\.comment.id) == [fresh])
            #expect(all.count > recent.count)
        }
    }
}
