import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Banning an author from a community with their content, and what the loaded models show of it.
/// Tiny seed: bob (3) moderates community 1; carol (4) writes there.
@Suite("Community bans with content")
@MainActor
struct CommunityBanTests {
    @Test(
        "A ban with content: every loaded post and comment of the author there shows the ban; removals as the version makes them",
        arguments: LemmyDialect.allCases)
    func banWithContent(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let carol = try await login(server, "carol")
            let alice = try await login(server, "alice")
            let carolsPost = try await carol.createPost(communityId: 1, title: "Carol's post")
            let first = try await carolsPost.reply("First")
            let second = try await carolsPost.reply("Second")
            #expect(await (try await alice.getPost(id: carolsPost.id)).toggleUpvote() == .confirmed)
            let post = try await bob.getPost(id: carolsPost.id)
            let comments = try await bob.getComments(postId: carolsPost.id, limit: 50).items.filter {
                [first.id, second.id].contains($0.id)
            }
            #expect(comments.count == 2 && post.votes.upvotes == 2)
            let until = Date().addingTimeInterval(86_400)

            #expect(await comments[0].banCreatorFromCommunity(reason: "Spam", removingContent: true, until: until) == .confirmed)
            // The post and the other comment, not the one banned from, show it too.
            #expect(post.creatorBannedFromCommunity && comments.allSatisfy { $0.creatorBannedFromCommunity })
            #expect(post.removed)
            let expires = try server.store.with { db in db.modlog.last { $0.kind == .banFromCommunity }?.expires }
            #expect(expires.map { abs($0 - until.timeIntervalSince1970) <= 1 } == true)
            if dialect == .v1_0 {
                // 1.0 removes all their comments and takes back every vote on their content.
                #expect(comments.allSatisfy { $0.removed })
                #expect(post.votes == VotesModel(upvotes: 0, downvotes: 0, myVote: .none))
            } else {
                // Which comments 0.18 and 0.19 removed is not known until they are read again.
                #expect(!comments.contains { $0.removed })
                // (By id: 0.18 lists removed comments only to admins, or with the community named.)
                for comment in comments { #expect(try await bob.getComment(id: comment.id) === comment) }
                #expect(comments.allSatisfy { $0.removed })
                #expect(post.votes.upvotes == 2)
            }
            // Read back, the server agrees with what the models show.
            let reread = try await bob.getPost(id: carolsPost.id)
            #expect(reread === post && post.removed && post.creatorBannedFromCommunity)
            #expect(post.votes.upvotes == (dialect == .v1_0 ? 0 : 2))

            // The unban with content: 1.0 restores it; 0.18 and 0.19 remove it (again).
            #expect(await post.banCreatorFromCommunity(false, removingContent: true) == .confirmed)
            #expect(!post.creatorBannedFromCommunity && !comments.contains { $0.creatorBannedFromCommunity })
            #expect(post.removed == (dialect != .v1_0))
            #expect(comments.allSatisfy { $0.removed == (dialect != .v1_0) })
            _ = try await bob.getPost(id: carolsPost.id)
            #expect(post.removed == (dialect != .v1_0))
        }
    }
}
