import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Lemmy 1.0's NotePerson (`api/api/src/local_user/note_person.rs`) and where a note shows: the
/// `person_actions` of the views naming the person, for the note's author alone. Tiny seed:
/// alice 2, bob 3, carol 4.
@Suite("Person notes (1.0)")
struct PersonNoteFidelityTests: RefusalChecking {
    func note(_ client: TestClient, _ person: Int, _ text: String) async throws -> TestClient.RawResponse {
        try await post(client, "/person/note", ["person_id": person, "note": text])
    }

    func actions(_ raw: TestClient.RawResponse) throws -> ApiPersonActions? {
        #expect(raw.status == 200, "\(String(decoding: raw.body, as: UTF8.self))")
        return try JSONDecoder().decode(ApiPersonResponse.self, from: raw.body).personView.personActions
    }

    @Test("A note shows to its author alone, on the profile and on the person's posts and comments")
    func shows() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let saved = try #require(try actions(try await note(alice, 3, "Met at the meetup")))
            #expect(saved.note == "Met at the meetup" && saved.notedAt != nil)
            let profile = try await alice.send(LemmyV4.GetPersonDetails(ApiGetPersonDetails(personId: 3)))
            #expect(profile.personView.personActions?.note == "Met at the meetup")
            let posts = try await alice.send(LemmyV4.GetPosts(ApiGetPosts(type: .all, limit: 50))).items
            let bobs = try #require(posts.first { $0.creator.id == 3 })
            #expect(bobs.personActions?.note == "Met at the meetup")
            #expect(posts.filter { $0.creator.id != 3 }.allSatisfy { $0.personActions?.note == nil })
            let comments = try await alice.send(LemmyV4.GetComments(ApiGetComments(type: .all, limit: 50))).items.filter {
                $0.creator.id == 3
            }
            try #require(!comments.isEmpty)
            #expect(comments.allSatisfy { $0.personActions?.note == "Met at the meetup" })
            // GetSite lists its admins without a viewer: no actions there (bob made an admin for it).
            try server.store.with { $0.persons[2].isAdmin = true }
            let site = try await alice.send(LemmyV4.GetSite())
            #expect(site.admins.first { $0.person.id == 3 }.map { $0.personActions == nil } == true)
            // carol and a guest see none.
            let carol = try await TestClient(server).login("carol")
            let theirs = try await carol.send(LemmyV4.GetPersonDetails(ApiGetPersonDetails(personId: 3)))
            #expect(theirs.personView.personActions?.note == nil)
            let guest = try await TestClient(server).send(LemmyV4.GetPersonDetails(ApiGetPersonDetails(personId: 3)))
            #expect(guest.personView.personActions == nil)
        }
    }

    @Test("An empty note deletes it (none to delete is no error); a blank one is kept as sent")
    func emptyDeletes() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            #expect(try actions(try await note(alice, 4, "")) == nil)
            _ = try await note(alice, 4, "first")
            let first = try #require(try server.store.with { $0.users[2]?.personNotes[4] })
            _ = try await note(alice, 4, "  ")
            let blank = try #require(try server.store.with { $0.users[2]?.personNotes[4] })
            #expect(blank.text == "  " && blank.at >= first.at)
            #expect(try actions(try await note(alice, 4, "")) == nil)
            #expect(try server.store.with { $0.users[2]?.personNotes[4] } == nil)
        }
    }

    @Test("Refusals: oneself (an empty note too), over 10,000 UTF-16 units, a missing person; a guest")
    func refusals() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            #expect(refusal(try await note(alice, 2, "me")).code == "cant_note_yourself")
            #expect(refusal(try await note(alice, 2, "")).code == "cant_note_yourself")
            // 5,000 two-unit characters are 10,000 UTF-16 units: the limit; one more is over it.
            let atLimit = String(repeating: "😀", count: 5_000)
            #expect(try actions(try await note(alice, 3, atLimit))?.note == atLimit)
            #expect(refusal(try await note(alice, 3, atLimit + "a")).code == "invalid_body_field")
            let raw = try await note(alice, 9_999, "who?")
            let missing = refusal(raw)
            #expect(missing.status == 404 && missing.code == "not_found")
            // The foreign key's text is the cause (the empty note's comes from the read instead).
            let cause = (try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])?["cause"] as? String
            #expect(cause?.contains("person_actions_target_id_fkey") == true)
            #expect(refusal(try await note(alice, 9_999, "")).code == "not_found")
            let guest = refusal(try await note(TestClient(server), 3, "hi"))
            #expect(guest.status == 401 && guest.code == "incorrect_login")
        }
    }

    @Test("A note about a deleted person is saved, then the answer is not_found")
    func deletedPerson() async throws {
        try await withServer(.v1_0) { server in
            let carol = 4
            try server.store.with { $0.persons[carol - 1].deleted = true }
            let alice = try await TestClient(server).login("alice")
            let answer = refusal(try await note(alice, carol, "gone"))
            #expect(answer.status == 404 && answer.code == "not_found")
            #expect(try server.store.with { $0.users[2]?.personNotes[carol]?.text } == "gone")
        }
    }

    @Test("0.18 and 0.19 have no person notes", arguments: [LemmyDialect.v0_18, .v0_19])
    func notBefore10(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            #expect(try await note(alice, 3, "hi").status == 404)
        }
    }
}
