import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// `Comment2.remove(_:reason:withReplies:)` against the test server
/// (RemoveCommentChildrenFidelityTests has its rules): the replies this client holds and their
/// held reports show what Lemmy 1.0 did to the whole thread.
@Suite("Removing a comment with its replies") @MainActor
struct RemoveCommentWithRepliesTests {
    /// The seeded thread with carol's report of its grandchild, held by bob, who moderates it.
    func reportedThread(_ server: LemmyTestServer) async throws -> (
        thread: (root: Int, child: Int, grandchild: Int), bob: ApiClient, report: Report
    ) {
        let t = try LockCommentTests.thread(server)
        let carol = try await login(server, "carol")
        try await carol.getComment(id: t.grandchild).report(reason: "Rude")
        let bob = try await login(server, "bob")
        _ = try await bob.loadAccount()
        let report = try #require(try await bob.reports(.comment).items.first { $0.comment?.id == t.grandchild })
        return (t, bob, report)
    }

    @Test("A moderator removes a thread: the replies held show it, their held reports are resolved; restoring frees them")
    func removeThread() async throws {
        try await withServer(.v1_0) { server in
            let (t, bob, report) = try await reportedThread(server)
            let root = try await bob.getComment(id: t.root)
            let child = try await bob.getComment(id: t.child)
            let grandchild = try await bob.getComment(id: t.grandchild)

            #expect(await child.remove(reason: "Derailed", withReplies: true) == .confirmed)
            #expect(child.removed && grandchild.removed && !root.removed)
            #expect(report.isResolved && report.resolver?.name == "bob")
            #expect(try server.store.with { db in db.comments[t.grandchild - 1].removed })

            #expect(await child.remove(false, withReplies: true) == .confirmed)
            #expect(!child.removed && !grandchild.removed)
        }
    }

    @Test("A lost answer is settled by a re-read of the thread held; its held reports are left as they were")
    func lostAnswer() async throws {
        try await withServer(.v1_0) { server in
            let (t, bob, report) = try await reportedThread(server)
            let child = try await bob.getComment(id: t.child)
            let grandchild = try await bob.getComment(id: t.grandchild)
            server.faults.add(FaultRule(.closeAfterHandling, route: "/comment/remove", count: 1))
            #expect(await child.remove(withReplies: true) == .confirmed)
            #expect(child.removed && grandchild.removed)
            // Whether this request resolved it cannot be told from the comments.
            #expect(!report.isResolved)
            #expect(try await bob.reports(.comment, unresolvedOnly: false).items.first { $0.id == report.id }?.isResolved == true)
        }
    }

    @Test("A request lost before the server saw it, for a comment removed alone before: the replies show what the server holds")
    func lostRequestAfterRemovalAlone() async throws {
        try await withServer(.v1_0) { server in
            let t = try LockCommentTests.thread(server)
            let bob = try await login(server, "bob")
            let child = try await bob.getComment(id: t.child)
            let grandchild = try await bob.getComment(id: t.grandchild)
            #expect(await child.remove() == .confirmed)
            server.faults.add(FaultRule(.closeConnection, route: "/comment/remove", count: 1))
            // The comment is removed already, so the re-read finds it so; its reply was not.
            _ = await child.remove(withReplies: true)
            #expect(try server.store.with { db in !db.comments[t.grandchild - 1].removed })
            #expect(child.removed && !grandchild.removed)
        }
    }

    @Test("Before 1.0 nothing is sent and the removal rolls back")
    func before10() async throws {
        try await withServer(.v0_19) { server in
            let loader = GatingLoader()
            let bob = try await login(server, "bob", loader: loader)
            let comment = try await bob.getComment(id: try LockCommentTests.thread(server).child)
            let sent = loader.requestedPaths.count
            let result = await comment.remove(withReplies: true)
            #expect(result.error?.kind == .unavailableInVersion)
            #expect(loader.requestedPaths.count == sent && !comment.removed)
        }
    }
}
