import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// `Person1Providing.setNote(_:)` and `Person1.note` (PersonNoteFidelityTests has the server's
/// rules). bob (3) moderates community 1.
@Suite("Person notes") @MainActor
struct PersonNoteTests {
    @Test("A note is set and cleared on the one person model, and read from posts, profiles and answers")
    func setAndClear() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            let bob = try await alice.getPerson(id: 3)
            #expect(bob.note == nil)
            #expect(await bob.setNote("Knows Swift") == .confirmed)
            #expect(bob.note == "Knows Swift")
            // A read that names bob with the viewer's actions brings the same note; one that names
            // him without them (a community's moderators) keeps it.
            _ = try await alice.getCommunity(id: 1)
            #expect(bob.note == "Knows Swift")
            let post = try #require(server.store.with { db in db.posts.first { $0.creatorId == 3 && !$0.deleted && !$0.removed }?.id })
            #expect(try await alice.getPost(id: post).creator.note == "Knows Swift")
            // Another client of the same account reads it from the server.
            let again = try await login(server, "alice")
            #expect(try await again.getPerson(id: 3).note == "Knows Swift")
            #expect(await bob.setNote(nil) == .confirmed)
            #expect(bob.note == nil)
            #expect(try await again.getPerson(id: 3).note == nil)
        }
    }

    @Test("A Lemmy that answers `{\"success\": true}` (before its #6050, as lemmy-js-client still types it) confirms the note sent")
    func successAnswer() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            let bob = try await alice.getPerson(id: 3)
            server.faults.add(FaultRule(.rewriteBody(pattern: #"^\{.*\}$"#, replacement: #"{"success":true}"#), route: "/person/note", count: 1))
            #expect(await bob.setNote("Older server") == .confirmed)
            #expect(bob.note == "Older server")
            #expect(try server.store.with { $0.users[2]?.personNotes[3]?.text } == "Older server")
        }
    }

    @Test("A refused note rolls back; before 1.0 nothing is sent")
    func refusals() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            let me = try await alice.getPerson(id: 2)
            let result = await me.setNote("me")
            #expect(result.error?.lemmyCode == .cantNoteYourself && me.note == nil)
        }
        try await withServer(.v0_19) { server in
            let loader = GatingLoader()
            let alice = try await login(server, "alice", loader: loader)
            let bob = try await alice.getPerson(id: 3)
            let sent = loader.requestedPaths.count
            let result = await bob.setNote("hi")
            #expect(result.error?.kind == .unavailableInVersion && bob.note == nil && loader.requestedPaths.count == sent)
        }
    }
}
