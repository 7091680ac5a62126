import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Lemmy 1.0's ListPersons (`api/api/src/federation/list_persons.rs`, `PersonQuery::list` in
/// `db_views/person/src/impls.rs`). Tiny seed: admin 1, alice 2, bob 3, carol 4, then four more.
@Suite("Listing people (1.0)")
struct PersonListFidelityTests: RefusalChecking {
    /// Every page of `form` by its cursors, `limit` at a time: the ids in order.
    func walk(_ client: TestClient, _ form: ApiListPersons, limit: Int = 3) async throws -> [Int] {
        var form = form
        form.limit = limit
        var ids: [Int] = []
        for _ in 0..<20 {
            let page = try await client.send(LemmyV4.ListPersons(form))
            ids += page.items.map(\.person.id)
            guard let next = page.nextPage else { return ids }
            form.pageCursor = next
        }
        Issue.record("the list never ended")
        return ids
    }

    /// Gives each person their own sign-up time (two share one, to test the tie) and deletes one.
    func arrange(_ server: LemmyTestServer) throws -> [PersonRecord] {
        try server.store.with { db in
            for index in db.persons.indices { db.persons[index].published = 1_000_000 + Double((index * 7) % 5) * 100 }
            db.persons[3].published = db.persons[2].published
            db.persons[5].deleted = true
            return db.persons
        }
    }

    @Test("New is newest first and Old oldest first, the id breaking ties the same way; deleted people are left out")
    func order() async throws {
        try await withServer(.v1_0) { server in
            let persons = try arrange(server)
            let listed = persons.filter { !$0.deleted }
            let newest = listed.sorted { ($0.published, $0.id) > ($1.published, $1.id) }.map(\.id)
            let guest = TestClient(server)
            #expect(try await walk(guest, ApiListPersons()) == newest)
            #expect(try await walk(guest, ApiListPersons(sort: .new), limit: 50) == newest)
            #expect(try await walk(guest, ApiListPersons(sort: .old)) == newest.reversed())
            // The whole list fits a page of 20 (the default) with no next page.
            let first = try await guest.send(LemmyV4.ListPersons(ApiListPersons()))
            #expect(first.items.count == listed.count && first.nextPage == nil)
        }
    }

    @Test("PostScore and CommentScore: the sums of the scores of a person's posts and comments, purged ones too, highest first")
    func scores() async throws {
        try await withServer(.v1_0) { server in
            let (postScores, commentScores) = try server.store.with { db -> ([Int: Int], [Int: Int]) in
                for index in db.posts.indices {
                    db.posts[index].upvotes = (index * 3) % 7
                    db.posts[index].downvotes = (index * 5) % 4
                }
                for index in db.comments.indices {
                    db.comments[index].upvotes = (index * 5) % 6
                    db.comments[index].downvotes = index % 3
                }
                // Lemmy never takes a purged post's or comment's votes back from its creator.
                db.purged.posts.insert(db.posts[0].id)
                db.posts[0].upvotes = 1_000
                db.purged.comments.insert(db.comments[0].id)
                db.comments[0].upvotes = 1_000
                var posts: [Int: Int] = [:]
                var comments: [Int: Int] = [:]
                for post in db.posts { posts[post.creatorId, default: 0] += post.upvotes - post.downvotes }
                for comment in db.comments { comments[comment.creatorId, default: 0] += comment.upvotes - comment.downvotes }
                return (posts, comments)
            }
            let ids = try server.store.with { $0.persons.filter { !$0.deleted }.map(\.id) }
            func expected(_ scores: [Int: Int]) -> [Int] {
                ids.sorted { (scores[$0] ?? 0, $0) > (scores[$1] ?? 0, $1) }
            }
            #expect(Set(postScores.values).count > 2 && Set(commentScores.values).count > 2)
            let guest = TestClient(server)
            let byPosts = try await walk(guest, ApiListPersons(sort: .postScore))
            #expect(byPosts == expected(postScores))
            #expect(byPosts.first == (try server.store.with { $0.posts[0].creatorId }))
            #expect(try await walk(guest, ApiListPersons(sort: .commentScore)) == expected(commentScores))
        }
    }

    @Test("A cursor names a person: the next page starts from where that person stands now")
    func cursorNamesPerson() async throws {
        try await withServer(.v1_0) { server in
            let guest = TestClient(server)
            let first = try await guest.send(LemmyV4.ListPersons(ApiListPersons(sort: .postScore, limit: 3)))
            let last = try #require(first.items.last?.person.id)
            let next = try #require(first.nextPage)
            // The last person of the first page falls to the bottom: nobody comes after them now.
            try server.store.with { db in
                let post = db.posts.firstIndex { $0.creatorId == last } ?? 0
                db.posts[post].creatorId = last
                db.posts[post].downvotes = 1_000_000
            }
            let second = try await guest.send(LemmyV4.ListPersons(ApiListPersons(sort: .postScore, pageCursor: next, limit: 3)))
            #expect(second.items.isEmpty)
        }
    }

    @Test("`local` keeps this instance's people; a term matches name, display name and bio, the bio not with search_title_only")
    func filters() async throws {
        try await withServer(.v1_0) { server in
            try server.store.with { db in
                db.persons[6].instanceId = 2
                db.persons[2].bio = "Grows tomatoes in the GARDEN"
                db.persons[3].displayName = "Carol the Gardener"
                db.persons[4].bio = "garden"
                db.persons[4].deleted = true
            }
            let guest = TestClient(server)
            let remote = Set(try server.store.with { $0.persons.filter { $0.instanceId != 1 }.map(\.id) })
            let all = try await walk(guest, ApiListPersons(type: .all), limit: 50)
            let local = try await walk(guest, ApiListPersons(type: .local), limit: 50)
            #expect(remote.contains(7) && all.contains(7) && local == all.filter { !remote.contains($0) })
            #expect(Set(try await walk(guest, ApiListPersons(searchTerm: "garden"))) == [3, 4])
            #expect(try await walk(guest, ApiListPersons(searchTerm: "garden", searchTitleOnly: true)) == [4])
            // Every space is a wildcard, and the case does not matter.
            #expect(try await walk(guest, ApiListPersons(searchTerm: "CAROL gardener")) == [4])
            #expect(try await walk(guest, ApiListPersons(searchTerm: "ali")) == [2])
            #expect(try await walk(guest, ApiListPersons(searchTerm: "nobody-by-this-name")).isEmpty)
        }
    }

    @Test("Each view carries the viewer's actions on the person: a note, a block")
    func viewerActions() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            _ = try await post(alice, "/person/note", ["person_id": 3, "note": "Met at the meetup"])
            _ = try await post(alice, "/account/block/person", ["person_id": 4, "block": true])
            let views = try await alice.send(LemmyV4.ListPersons(ApiListPersons(limit: 50))).items
            #expect(views.first { $0.person.id == 3 }?.personActions?.note == "Met at the meetup")
            #expect(views.first { $0.person.id == 4 }?.personActions?.blockedAt != nil)
            #expect(views.filter { ![3, 4].contains($0.person.id) }.allSatisfy { $0.personActions == nil })
        }
    }

    @Test("Refusals: a limit outside 1–50 is invalid_fetch_limit, a cursor that does not decode unknown, one naming nobody a 404")
    func refusals() async throws {
        try await withServer(.v1_0) { server in
            let guest = TestClient(server)
            for limit in [0, 51, -1] {
                #expect(refusal(try await guest.sendRaw(LemmyV4.ListPersons(ApiListPersons(limit: limit)))).code == "invalid_fetch_limit")
            }
            for cursor in ["not-a-cursor", ""] {
                let bad = refusal(try await guest.sendRaw(LemmyV4.ListPersons(ApiListPersons(pageCursor: cursor))))
                #expect(bad.status == 400 && bad.code == "unknown")
            }
            let nobody = PageCursor.encode(SortKey(featured: 0, primary: 0, tiebreak: 9_999), .next)
            let missing = refusal(try await guest.sendRaw(LemmyV4.ListPersons(ApiListPersons(pageCursor: nobody))))
            #expect(missing.status == 404 && missing.code == "not_found")
        }
    }
}
