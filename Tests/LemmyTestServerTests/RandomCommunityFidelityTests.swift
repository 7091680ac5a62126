import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// 1.0's GetRandomCommunity as Lemmy main serves it (`api/api/src/community/random.rs`,
/// `db_schema/src/impls/community.rs`'s `get_random`). The small seed has local and remote
/// communities.
@Suite("A random community (1.0)")
struct RandomCommunityFidelityTests: RefusalChecking {
    func pick(_ client: TestClient, _ form: ApiGetRandomCommunity = ApiGetRandomCommunity()) async throws -> TestClient.RawResponse {
        try await client.sendRaw(LemmyV4.GetRandomCommunity(form))
    }

    func picked(_ raw: TestClient.RawResponse) throws -> ApiCommunity {
        #expect(raw.status == 200, "\(raw)")
        return try JSONDecoder().decode(ApiCommunityResponse.self, from: raw.body).communityView.community
    }

    @Test("Only communities that are not deleted, removed, private or (unless asked) NSFW; `local` keeps this instance's")
    func candidates() async throws {
        try await withServer(.v1_0, scale: .small, seed: 6) { server in
            // Leave four candidates of different kinds; everything else is out of the draw.
            let (local, remote, nsfw) = try server.store.with { db -> (Int, Int, Int) in
                let remote = db.communities.first { $0.instanceId != 1 }!.id
                for index in db.communities.indices where ![1, 2, 3, remote].contains(db.communities[index].id) {
                    db.communities[index].removed = index % 2 == 0
                    db.communities[index].deleted = index % 2 == 1
                }
                db.communities[1].visibility = "private"
                db.communities[0].nsfw = false
                db.communities[2].nsfw = true
                db.communities[remote - 1].nsfw = false
                return (1, remote, 3)
            }
            let guest = TestClient(server)
            var seen: Set<Int> = []
            for _ in 0..<40 { seen.insert(try picked(try await pick(guest)).id) }
            #expect(seen == [local, remote])
            seen = []
            for _ in 0..<40 { seen.insert(try picked(try await pick(guest, ApiGetRandomCommunity(type: .local, showNsfw: true))).id) }
            #expect(seen == [local, nsfw])
            // Listings other than `local` mean all.
            for _ in 0..<10 {
                #expect(try [local, remote].contains(picked(try await pick(guest, ApiGetRandomCommunity(type: .subscribed))).id))
            }
        }
    }

    @Test("Nothing to pick is not_found; a guest's local-only-private pick too, which a user reads")
    func notFound() async throws {
        try await withServer(.v1_0) { server in
            try server.store.with { db in
                for index in db.communities.indices where index > 0 { db.communities[index].deleted = true }
                db.communities[0].nsfw = false
                db.communities[0].visibility = "local_only_private"
            }
            let guest = refusal(try await pick(TestClient(server)))
            #expect(guest.status == 404 && guest.code == "not_found")
            let alice = try await TestClient(server).login("alice")
            #expect(try picked(try await pick(alice)).id == 1)
            try server.store.with { $0.communities[0].removed = true }
            #expect(refusal(try await pick(alice)).code == "not_found")
        }
    }
}
