import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// `Comment2.lock(_:reason:)` against the test server (LockCommentFidelityTests has its rules):
/// the comment and the replies this client holds show the lock, replies are refused to others.
@Suite("Locked comments") @MainActor
struct LockCommentTests {
    /// A top-level comment of community 1 (bob moderates it) with a reply that has a reply.
    static func thread(_ server: LemmyTestServer) throws -> (root: Int, child: Int, grandchild: Int) {
        try server.store.with { db in
            for root in db.comments where root.parentId == nil && db.post(root.postId)?.communityId == 1 {
                for child in db.comments where child.parentId == root.id {
                    if let grandchild = db.comments.first(where: { $0.parentId == child.id }) { return (root.id, child.id, grandchild.id) }
                }
            }
            throw APIError.code("no thread in the seed")
        }
    }

    @Test("A moderator locks a thread: the replies held show it, others' replies are refused, unlocking frees them")
    func lockThread() async throws {
        try await withServer(.v1_0) { server in
            let t = try Self.thread(server)
            let bob = try await login(server, "bob")
            let root = try await bob.getComment(id: t.root)
            let child = try await bob.getComment(id: t.child)
            let grandchild = try await bob.getComment(id: t.grandchild)
            #expect(await root.lock(reason: "Heated") == .confirmed)
            #expect(root.locked && child.locked && grandchild.locked)

            let carol = try await login(server, "carol")
            let seen = try await carol.getComment(id: t.grandchild)
            #expect(seen.locked)
            let error = await #expect(throws: ApiClientError.self) { _ = try await seen.reply("Me too") }
            #expect(error?.lemmyCode?.code == "locked")

            #expect(await child.lock(false) == .confirmed)
            #expect(root.locked && !child.locked && !grandchild.locked)
            _ = try await seen.reply("Now I may")
        }
    }

    @Test("Someone else is refused and the lock rolls back; a lost answer is settled by a re-read")
    func refusalAndLostAnswer() async throws {
        try await withServer(.v1_0) { server in
            let t = try Self.thread(server)
            let carol = try await login(server, "carol")
            let comment = try await carol.getComment(id: t.root)
            let result = await comment.lock()
            #expect(result.error?.lemmyCode?.code == "not_a_mod_or_admin")
            #expect(!comment.locked)

            let bob = try await login(server, "bob")
            let mine = try await bob.getComment(id: t.root)
            let child = try await bob.getComment(id: t.child)
            server.faults.add(FaultRule(.closeAfterHandling, route: "/comment/lock", count: 1))
            #expect(await mine.lock() == .confirmed)
            let stored = try server.store.with { $0.comments[t.root - 1].locked }
            #expect(mine.locked && stored)
            // The re-read found the lock, so the reply held below shows it too.
            #expect(child.locked)
        }
    }

    @Test("An answer whose path is not the comment's marks no other comment")
    func hostilePath() async throws {
        try await withServer(.v1_0) { server in
            let t = try Self.thread(server)
            let bob = try await login(server, "bob")
            let root = try await bob.getComment(id: t.root)
            let child = try await bob.getComment(id: t.child)
            let elsewhere = try server.store.with { db in db.comments.first { $0.postId != db.comments[t.root - 1].postId }!.id }
            let other = try await bob.getComment(id: elsewhere)
            server.faults.add(
                FaultRule(.rewriteBody(pattern: #""path":"[0-9.]+""#, replacement: #""path":"0""#), route: "/comment/lock", count: 1))
            _ = await root.lock()
            #expect(!child.locked && !other.locked)
        }
    }

    @Test("Before 1.0 nothing is sent")
    func before10() async throws {
        try await withServer(.v0_19) { server in
            let loader = GatingLoader()
            let bob = try await login(server, "bob", loader: loader)
            let comment = try await bob.getComment(id: try Self.thread(server).root)
            let sent = loader.requestedPaths.count
            let result = await comment.lock()
            #expect(result.error?.kind == .unavailableInVersion)
            #expect(loader.requestedPaths.count == sent && !comment.locked)
        }
    }
}
