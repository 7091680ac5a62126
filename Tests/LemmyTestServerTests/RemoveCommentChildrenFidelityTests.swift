import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// 1.0's RemoveComment with `remove_children` as Lemmy main serves it
/// (`api_crud/src/comment/remove.rs`, `update_removed_for_comment_and_children`,
/// `CommentReport::resolve_all_for_thread`). In the tiny seed bob moderates community 1.
@Suite("Removing a comment with its replies (1.0)")
struct RemoveCommentChildrenFidelityTests: RefusalChecking {
    func remove(_ client: TestClient, _ id: Int, removed: Bool = true, children: Bool?) async throws -> TestClient.RawResponse {
        try await client.sendRaw(
            LemmyV4.RemoveComment(ApiRemoveComment(commentId: id, removed: removed, reason: "Derailed", removeChildren: children)))
    }

    func removed(_ server: LemmyTestServer, _ ids: [Int]) throws -> [Bool] {
        try server.store.with { db in ids.map { db.comments[$0 - 1].removed } }
    }

    /// The `mod_remove_comment` entries since `count`, as (comment, removed, reason).
    func removals(_ server: LemmyTestServer, after count: Int) throws -> [(comment: Int, removed: Bool, reason: String?)] {
        try server.store.with { db in
            db.modlog.dropFirst(count).filter { $0.kind == .removeComment }.map { ($0.targetId, $0.flag, $0.reason) }
        }
    }

    @Test("remove_children decides alone: the comment and everything below it, their reports resolved, a modlog entry each but the deleted")
    func thread() async throws {
        try await withServer(.v1_0) { server in
            let t = try SeededThread(server)
            let bob = try await TestClient(server).login("bob")
            // An open report on the grandchild and one above the thread, on the root.
            try server.store.with { db in
                for id in [t.grandchild, t.root] {
                    let report = ReportRecord(
                        id: (db.reports.map(\.id).max() ?? 0) + 1, kind: .comment, creatorId: 1, targetId: id, originalText: "",
                        reason: "Rude", published: 0)
                    db.reports.append(report)
                }
            }
            let before = try server.store.with { $0.modlog.count }

            // `removed: false` is overridden by `remove_children: true`.
            let answer = try await remove(bob, t.child, removed: false, children: true)
            #expect(answer.status == 200)
            #expect(try JSONDecoder().decode(ApiCommentResponse.self, from: answer.body).commentView.comment.removed == true)
            #expect(try removed(server, [t.child, t.grandchild]) == [true, true])
            #expect(try removed(server, [t.root, t.sibling]) == [false, false])
            let entries = try removals(server, after: before)
            #expect(entries.map(\.comment).sorted() == [t.child, t.grandchild])
            #expect(entries.allSatisfy { $0.removed && $0.reason == "Derailed" })
            // The thread's reports, not those above it.
            let resolved = try server.store.with { db in
                [t.grandchild, t.root].map { id in db.reports.filter { $0.kind == .comment && $0.targetId == id }.allSatisfy(\.resolved) }
            }
            #expect(resolved == [true, false])
            // Each entry names its own comment's author.
            let authors = try server.store.with { db in
                (
                    db.modlog.dropFirst(before).filter { $0.kind == .removeComment }.map {
                        db.modlogTargets(of: $0, dialect: .v1_0).person
                    },
                    [t.child, t.grandchild].map { db.comments[$0 - 1].creatorId }
                )
            }
            #expect(Set(authors.0.compactMap { $0 }) == Set(authors.1) && authors.0.count == 2)

            // A deleted reply is restored (and removed) with the rest, but left out of the modlog.
            try server.store.with { db in db.comments[t.grandchild - 1].deleted = true }
            // `remove_children: false` restores the thread, whatever `removed` says.
            let restoredFrom = try server.store.with { $0.modlog.count }
            #expect(try await remove(bob, t.child, removed: true, children: false).status == 200)
            #expect(try removed(server, [t.child, t.grandchild]) == [false, false])
            let restorations = try removals(server, after: restoredFrom)
            #expect(restorations.map(\.comment) == [t.child] && restorations.allSatisfy { !$0.removed })

            // Without it, the comment alone.
            #expect(try await remove(bob, t.root, children: nil).status == 200)
            #expect(try removed(server, [t.root, t.child, t.grandchild]) == [true, false, false])
        }
    }

    @Test("Refusals come first: a non-moderator, a deleted comment")
    func refusals() async throws {
        try await withServer(.v1_0) { server in
            let t = try SeededThread(server)
            let carol = try await TestClient(server).login("carol")
            #expect(refusal(try await remove(carol, t.child, children: true)).code == "not_a_mod_or_admin")
            #expect(try removed(server, [t.child, t.grandchild]) == [false, false])
            try server.store.with { db in db.comments[t.child - 1].deleted = true }
            let bob = try await TestClient(server).login("bob")
            #expect(refusal(try await remove(bob, t.child, children: true)).code == "couldnt_update")
            #expect(try removed(server, [t.child, t.grandchild]) == [false, false])
        }
    }
}
