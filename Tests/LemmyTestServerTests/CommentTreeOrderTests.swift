import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The order of a post's comments, flat and as a tree, per version (`comment_view.rs` at 0.18.5
/// and 0.19.13, `db_views/comment/src/impls.rs` on 1.0).
@Suite("Comment tree order")
struct CommentTreeOrderTests: RefusalChecking {
    @Test(
        "Distinguished comments come first under a post: 0.19 always, 1.0 but for New and Old, 0.18 never", arguments: LemmyDialect.allCases
    )
    func distinguishedFirst(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            // Post 6 is in community 3, which the admin moderates.
            let older = try await admin.comment(post: 6, parent: nil, "Distinguished, older").comment.id
            let newer = try await admin.comment(post: 6, parent: nil, "Plain, newer").comment.id
            let form = ApiDistinguishComment(commentId: older, distinguished: true)
            #expect(try await either(admin, LemmyV3.DistinguishComment(form), LemmyV4.DistinguishComment(form)).status == 200)
            for sort in [ApiCommentSortType.new, .top] {
                for maxDepth in [nil, 8] {
                    let ids = try await admin.comments(ApiGetComments(type: .all, sort: sort, maxDepth: maxDepth, postId: 6)).map(
                        \.comment.id)
                    let (o, n) = (try #require(ids.firstIndex(of: older)), try #require(ids.firstIndex(of: newer)))
                    let first: Bool
                    switch dialect {
                    case .v0_18: first = false
                    case .v0_19: first = true
                    case .v1_0: first = sort != .new
                    }
                    // Under New the newer comment leads unless distinguished goes first; under
                    // Top both score 1, and ties go to the newer (then the higher id).
                    #expect((o < n) == first, "\(sort) max_depth \(String(describing: maxDepth))")
                }
            }
        }
    }

    @Test(
        "A tree fetch orders parent paths ascending up to 0.19 and descending on 1.0 (replies first), but for Old",
        arguments: LemmyDialect.allCases)
    func parentPaths(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let top = try await alice.comment(post: 6, parent: nil, "Top level").comment.id
            let reply = try await alice.comment(post: 6, parent: top, "A reply").comment.id
            for sort in [ApiCommentSortType.hot, .new, .old] {
                let ids = try await alice.comments(ApiGetComments(type: .all, sort: sort, maxDepth: 8, postId: 6)).map(\.comment.id)
                let (t, r) = (try #require(ids.firstIndex(of: top)), try #require(ids.firstIndex(of: reply)))
                #expect((r < t) == (dialect == .v1_0 && sort != .old), "\(sort)")
            }
        }
    }
}
