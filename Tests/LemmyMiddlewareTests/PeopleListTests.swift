import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// `ApiClient.getPeople(localOnly:sort:search:namesOnly:limit:cursor:)` (PersonListFidelityTests
/// has the server's rules).
@Suite("Listing people") @MainActor
struct PeopleListTests {
    @Test("1.0 pages the list by cursor to its end; each person is the cached model, with the account's note")
    func pages() async throws {
        try await withServer(.v1_0) { server in
            let expected = try server.store.with { db in
                db.persons.filter { !$0.deleted }.sorted { ($0.published, $0.id) > ($1.published, $1.id) }.map(\.id)
            }
            let alice = try await login(server, "alice")
            let bob = try await alice.getPerson(id: 3)
            #expect(await bob.setNote("Knows Swift") == .confirmed)
            var seen: [Person2] = []
            var cursor: LemmyMiddleware.PageCursor?
            repeat {
                let page = try await alice.getPeople(limit: 3, cursor: cursor)
                seen += page.items
                cursor = page.next
            } while cursor != nil && seen.count < 100
            #expect(seen.map(\.id) == expected)
            let listedBob = try #require(seen.first { $0.id == 3 })
            #expect(listedBob === bob.person2 && listedBob.note == "Knows Swift")
        }
    }

    @Test("The sort, the search term and the local filter reach the server as Lemmy spells them")
    func form() async throws {
        try await withServer(.v1_0) { server in
            try server.store.with { db in
                db.persons[2].bio = "gardening"
                db.persons[3].displayName = "The Gardener"
                db.persons[6].instanceId = 2
            }
            let guest = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: GatingLoader())
            #expect(Set(try await guest.getPeople(search: "garden").items.map(\.id)) == [3, 4])
            #expect(try await guest.getPeople(search: "garden", namesOnly: true).items.map(\.id) == [4])
            let remote = Set(try server.store.with { $0.persons.filter { $0.instanceId != 1 }.map(\.id) })
            let all = try await guest.getPeople(sort: .old, limit: 50).items.map(\.id)
            let local = try await guest.getPeople(localOnly: true, sort: .old, limit: 50).items.map(\.id)
            #expect(remote.contains(7) && all.contains(7) && local == all.filter { !remote.contains($0) })
            let newest = try await guest.getPeople(sort: .new, limit: 50).items.map(\.id)
            #expect(newest == all.reversed())
        }
    }

    @Test("Before 1.0 nothing is sent")
    func before10() async throws {
        try await expectNothingSentBefore10 { _ = try await $0.getPeople() }
    }
}
