import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// `Comment2Providing.distinguish(_:)`: a moderator speaking as one, on the server and in the
/// model, refused (and rolled back) where Lemmy refuses it.
@Suite("Moderation: distinguished comments") @MainActor
struct DistinguishTests {
    @Test("A moderator distinguishes their own comment and takes it back; others read it", arguments: LemmyDialect.allCases)
    func ownComment(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            // Bob moderates communities 1 and 2 in the tiny seed.
            let bob = try await login(server, "bob")
            let post = try #require(try await bob.getPosts(sort: .new, limit: 50).items.first { [1, 2].contains($0.community.id) })
            let comment = try await bob.createComment(postId: post.id, parentId: nil, content: "Speaking as a moderator")
            #expect(!comment.distinguished)
            #expect(await comment.distinguish() == .confirmed)
            #expect(comment.distinguished)
            let alice = try await login(server, "alice")
            #expect(try await alice.getComment(id: comment.id).distinguished)

            #expect(await comment.distinguish(false) == .confirmed)
            #expect(!comment.distinguished)
            #expect(try await alice.getComment(id: comment.id).distinguished == false)
        }
    }

    @Test("Someone else's comment (0.19, 1.0) and a non-moderator's own are refused and rolled back", arguments: LemmyDialect.allCases)
    func refused(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let carol = try await login(server, "carol")
            let post = try #require(try await bob.getPosts(sort: .new, limit: 50).items.first { [1, 2].contains($0.community.id) })
            let carols = try await carol.createComment(postId: post.id, parentId: nil, content: "Carol's comment")

            // Carol moderates nothing.
            let result = await carols.distinguish()
            #expect(lemmyCode(result.error) == "not_a_mod_or_admin", "\(result)")
            #expect(!carols.distinguished)

            // 0.18 checks only that the caller moderates; later versions also that it is their comment.
            let bobsView = try await bob.getComment(id: carols.id)
            let other = await bobsView.distinguish()
            if dialect == .v0_18 {
                #expect(other == .confirmed)
            } else {
                #expect(lemmyCode(other.error) == "no_comment_edit_allowed", "\(other)")
                #expect(!bobsView.distinguished)
            }
        }
    }
}
