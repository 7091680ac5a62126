import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Which follows a community's `subscribers` and `subscribers_local` count: 0.18's trigger
/// (`community_aggregates_subscriber_count`) counts every follow; 0.19's and 1.0's
/// (`replaceable_schema/triggers.sql`) count a follow in `subscribers` only for a local community
/// (a remote one's count comes from its instance) and in `subscribers_local` only for a local
/// person, of any community.
@Suite("Community subscriber counts per dialect")
struct CommunitySubscriberCountTests {
    /// `subscribers` and `subscribers_local` (nil on 0.18) of a community view.
    static func counts(_ view: ApiCommunityView) -> (all: Int?, local: Int?) {
        if let counts = view.counts { return (counts.subscribers, counts.subscribersLocal) }
        return (view.community.subscribers, view.community.subscribersLocal)
    }

    @Test(
        "A local person's follow of a remote community counts in subscribers on 0.18 only, and in subscribers_local",
        arguments: LemmyDialect.allCases)
    func remoteCommunity(dialect: LemmyDialect) async throws {
        let world = SeedWorlds.remoteCommunity
        try await withServer(dialect, scale: world.scale, seed: world.seed) { server in
            let alice = try await TestClient(server).login("alice")
            let listed =
                dialect == .v1_0
                ? try await alice.send(LemmyV4.ListCommunities(ApiListCommunities(type: .all, limit: 50))).items
                : try await alice.send(LemmyV3.ListCommunities(ApiListCommunities(type: .all, limit: 50))).communities
            let remote = try #require(listed.first { $0.community.id == world.communityId && $0.community.instanceId != 1 })
            // Alice follows communities 1 and 2 already.
            let local = try #require(listed.first { $0.community.instanceId == 1 && ![1, 2].contains($0.community.id) })
            for (view, isLocal) in [(remote, false), (local, true)] {
                let before = Self.counts(view)
                let after = Self.counts(try await alice.follow(community: view.community.id, true))
                let counted = isLocal || dialect == .v0_18
                #expect(after.all == before.all.map { $0 + (counted ? 1 : 0) }, "\(isLocal ? "local" : "remote") community")
                if dialect != .v0_18 { #expect(after.local == before.local.map { $0 + 1 }) }
            }
        }
    }
}
