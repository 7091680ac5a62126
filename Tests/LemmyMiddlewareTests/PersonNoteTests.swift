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
            server.faults.add(
                FaultRule(.rewriteBody(pattern: #"^\{.*\}$"#, replacement: #"{"success":true}"#), route: "/person/note", count: 1))
            #expect(await bob.setNote("Older server") == .confirmed)
            #expect(bob.note == "Older server")
            #expect(try server.store.with { $0.users[2]?.personNotes[3]?.text } == "Older server")
        }
    }

    @Test("Lists read without the viewer's actions keep the note: GetSite's admins, the banned people")
    func listsWithoutActionsKeepIt() async throws {
        try await withServer(.v1_0) { server in
            try server.store.with { $0.persons[1].isAdmin = true }
            let admin = try await login(server, "admin")
            let alice = try await admin.getPerson(id: 2)
            #expect(await alice.setNote("Second admin") == .confirmed)
            _ = try await admin.getSite()
            #expect(alice.note == "Second admin")
            let carol = try await admin.getPerson(id: 4)
            #expect(await carol.setNote("Spammed twice") == .confirmed)
            try server.store.with { $0.persons[3].banned = true }
            #expect(try await admin.bannedPeople().items.contains { $0.id == 4 })
            #expect(carol.note == "Spammed twice")
        }
    }

    @Test("A refused note rolls back to the one before; an answer about someone else is not merged into them")
    func rollback() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            let bob = try await alice.getPerson(id: 3)
            #expect(await bob.setNote("A") == .confirmed)
            let tooLong = String(repeating: "x", count: 10_001)
            let refused = await bob.setNote(tooLong)
            #expect(refused.error?.lemmyCode == .invalidBodyField && bob.note == "A")
            // An answer about someone else is not merged into them; the note is settled by a
            // re-read (the server did save it).
            let carol = try await alice.getPerson(id: 4)
            server.faults.add(FaultRule(.rewriteBody(pattern: #""id":3,"#, replacement: #""id":4,"#), route: "/person/note", count: 1))
            #expect(await bob.setNote("B") == .confirmed)
            #expect(bob.note == "B" && carol.note == nil)
            #expect(server.faults.fireCounts.last == 1)
            let me = try await alice.getPerson(id: 2)
            #expect(await me.setNote("me").error?.lemmyCode == .cantNoteYourself)
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
