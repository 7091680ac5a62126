import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// SavePost, HidePost and MarkPostAsRead write first and read the post after, as its viewer sees
/// it: on a post removed meanwhile the server keeps the change and answers "not found". The
/// model keeps what the server holds, and the mutation reports the not-found error.
@Suite("Saving a post removed meanwhile") @MainActor
struct WriteThenReadTests {
    @Test("The save stays, as on the server, and the mutation fails as not found", arguments: LemmyDialect.allCases)
    func saveRemovedPost(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let carol = try await login(server, "carol")
            let listed = try await carol.getPosts(feed: .all, sort: .new, limit: 20).items
            let post = try #require(listed.first { !$0.saved && !$0.read && !["admin", "carol"].contains($0.creator.name) })
            let removal = try await admin.getPost(id: post.id)
            #expect(await removal.remove(reason: "Spam") == .confirmed)

            let saved = await post.toggleSave()
            #expect(saved.isFailure)
            if case .failed(let error) = saved { #expect(error.isNotFound) }
            #expect(post.saved)
            if dialect != .v0_19 {
                // 0.18 and 1.0 answer MarkPostAsRead with the post, read after the mark.
                #expect(await post.markRead().isFailure)
                #expect(post.read)
            }
            if dialect == .v1_0 {
                #expect(await post.hide().isFailure)
                #expect(post.hidden)
            }

            // Restored, the post reads as the server kept it.
            #expect(await removal.remove(false, reason: "Not spam") == .confirmed)
            let reread = try await carol.getPost(id: post.id)
            #expect(reread.saved)
            if dialect == .v1_0 { #expect(reread.hidden) }
        }
    }
}
