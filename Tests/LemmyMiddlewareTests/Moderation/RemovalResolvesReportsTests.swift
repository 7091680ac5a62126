import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// A removal resolves the removed item's reports on Lemmy 0.19 and 1.0; the reports the app
/// holds show it without a reload.
@Suite("Removals resolve held reports") @MainActor
struct RemovalResolvesReportsTests {
    @Test("Removing a reported post or comment resolves its held reports (0.19, 1.0), as the server does", arguments: LemmyDialect.allCases)
    func removalResolves(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            _ = try await bob.loadAccount()
            let postReports = try await bob.reports(.post).items
            let postReport = try #require(postReports.first)
            let postId = try #require(postReport.post?.id)
            let others = postReports.filter { $0.post?.id != postId }
            let commentReport = try #require(try await bob.reports(.comment).items.first)
            let commentId = try #require(commentReport.comment?.id)

            let post = try await bob.getPost(id: postId)
            #expect(await post.remove(reason: "Spam") == .confirmed)
            let comment = try await bob.getComment(id: commentId)
            #expect(await comment.remove(reason: "Rude") == .confirmed)

            let resolves = dialect != .v0_18
            #expect(postReport.isResolved == resolves)
            #expect(commentReport.isResolved == resolves)
            if resolves { #expect(postReport.resolver?.name == "bob") }
            #expect(others.allSatisfy { !$0.isResolved })
            // The same as the server's queue says.
            let reread = try await bob.reports(.post, unresolvedOnly: false).items
            #expect(try #require(reread.first { $0.id == postReport.id }).isResolved == resolves)
            let rereadComments = try await bob.reports(.comment, unresolvedOnly: false).items
            #expect(try #require(rereadComments.first { $0.id == commentReport.id }).isResolved == resolves)
        }
    }

    @Test(
        "A report resolved already is rewritten too: the remover becomes its resolver, as on the server",
        arguments: [LemmyDialect.v0_19, .v1_0])
    func resolvedReportsTakeTheRemover(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let report = try #require(try await bob.reports(.post).items.first)
            let postId = try #require(report.post?.id)
            #expect(await report.resolve() == .confirmed)

            let admin = try await login(server, "admin")
            _ = try await admin.loadAccount()
            let held = try #require(try await admin.reports(.post, unresolvedOnly: false, limit: 50).items.first { $0.id == report.id })
            #expect(held.isResolved && held.resolver?.name == "bob")
            let post = try await admin.getPost(id: postId)
            #expect(await post.remove(reason: "Spam") == .confirmed)
            #expect(held.isResolved && held.resolver?.name == "admin")
            // The server's queue says the same.
            let reread = try await admin.reports(.post, unresolvedOnly: false, limit: 50).items.first { $0.id == report.id }
            #expect(reread?.resolver?.name == "admin")
        }
    }
}
