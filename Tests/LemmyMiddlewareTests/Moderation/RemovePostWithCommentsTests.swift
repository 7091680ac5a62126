import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// `Post2Providing.remove(_:reason:comments:)`: 1.0's `remove_children` removes or restores a
/// post's comments with it; older servers have no such thing and nothing is sent.
@Suite("Removing a post with its comments") @MainActor
struct RemovePostWithCommentsTests {
    @Test(
        "1.0 removes and restores the comments too, and the held comments show it; older versions refuse before sending",
        arguments: LemmyDialect.allCases)
    func removeWithComments(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let post = try #require(
                try await bob.getPosts(feed: .community(id: 1), sort: .new, limit: 20).items.first { $0.commentCount > 1 })
            let held = try await bob.getComments(postId: post.id, limit: 50).items
            #expect(held.count > 1)
            #expect(held.allSatisfy { !$0.removed })

            let result = await post.remove(reason: "Brigading", comments: true)
            guard dialect == .v1_0 else {
                if case .failed(let error) = result { #expect(error.kind == .unavailableInVersion) } else { Issue.record("\(result)") }
                #expect(!post.removed)
                #expect(try await bob.getPost(id: post.id).removed == false)
                return
            }
            #expect(result == .confirmed)
            #expect(post.removed)
            #expect(held.allSatisfy { $0.removed })
            // The server removed them: a fresh client reads them removed, and the modlog has an entry each.
            let admin = try await login(server, "admin")
            let reread = try await admin.getComments(postId: post.id, limit: 50).items
            #expect(!reread.isEmpty)
            #expect(reread.allSatisfy { $0.removed })
            let modlog = try await admin.getModlog(communityId: 1, limit: 50, cursor: nil).items
            #expect(modlog.filter { $0.action == .removeComment && $0.post?.id == post.id }.count == held.count)

            #expect(await post.remove(false, comments: true) == .confirmed)
            #expect(!post.removed)
            #expect(held.allSatisfy { !$0.removed })
        }
    }
}
