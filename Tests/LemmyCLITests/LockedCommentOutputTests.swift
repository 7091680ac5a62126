import Foundation
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// `lemmy post` marks a locked comment (Lemmy 1.0) in its header.
@Suite("lemmy binary, locked comments")
struct LockedCommentOutputTests {
    @Test("A locked comment's header says so; the others do not")
    func lockedMarker() async throws {
        try await withServer(.v1_0) { server in
            let found = try server.store.with { db -> (postId: Int, commentId: Int)? in
                guard let comment = db.comments.first(where: { $0.parentId == nil && !$0.deleted && !$0.removed }) else { return nil }
                db.comments[comment.id - 1].locked = true
                return (comment.postId, comment.id)
            }
            let (postId, commentId) = try #require(found)
            let shown = try await LemmyBinary.run(["post", "\(postId)", "--instance", server.baseURL.absoluteString])
            let headers = shown.stdout.split(separator: "\n").filter { $0.contains("#") && $0.contains("u/") }
            #expect(headers.contains { $0.contains("#\(commentId) ") && $0.hasSuffix("locked") }, "\(shown)")
            #expect(headers.filter { $0.hasSuffix("locked") }.count == 1, "\(shown)")
        }
    }
}
