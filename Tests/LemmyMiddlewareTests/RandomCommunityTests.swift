import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// `ApiClient.randomCommunity(localOnly:showNSFW:)` (RandomCommunityFidelityTests has the
/// server's rules).
@Suite("A random community") @MainActor
struct RandomCommunityTests {
    @Test("1.0 picks among the local communities with --local; the model is the cached one")
    func picks() async throws {
        try await withServer(.v1_0) { server in
            // Only community 2 can be picked: the others are remote, NSFW, deleted, removed or private.
            try server.store.with { db in
                for index in db.communities.indices where index != 1 { db.communities[index].removed = true }
                db.communities[1].nsfw = false
            }
            let local: Set<Int> = [2]
            let alice = try await login(server, "alice")
            let community = try await alice.randomCommunity(localOnly: true)
            #expect(local.contains(community.id))
            #expect(try await alice.getCommunity(id: community.id).community2 === community)
        }
    }

    @Test("Before 1.0 nothing is sent")
    func before10() async throws {
        try await expectNothingSentBefore10 { _ = try await $0.randomCommunity() }
    }
}
