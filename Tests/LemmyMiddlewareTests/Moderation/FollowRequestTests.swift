import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Follow requests to private communities (Lemmy 1.0): their moderators list, count and decide
/// them. In the tiny seed bob moderates communities 1 and 2, alice follows both and carol every
/// community; each test makes community 2 private and has carol ask to follow it again.
@Suite("Follow requests") @MainActor
struct FollowRequestTests {
    /// Bob's and carol's clients, with community 2 private and carol's request waiting.
    func waitingRequest(_ server: LemmyTestServer) async throws -> (bob: ApiClient, carol: ApiClient) {
        let bob = try await login(server, "bob")
        _ = try await bob.editCommunity(id: 2, CommunityDetails(visibility: .private))
        let carol = try await login(server, "carol")
        let community = try await carol.getCommunity(id: 2)
        #expect(await community.toggleSubscribe() == .confirmed)
        #expect(await community.toggleSubscribe() == .confirmed)
        // Waiting for a moderator reads as pending to the follower.
        #expect(community.subscription == .pending)
        return (bob, carol)
    }

    @Test("A moderator lists the waiting request, approves it, and the follower then reads the community")
    func approve() async throws {
        try await withServer(.v1_0) { server in
            let (bob, carol) = try await waitingRequest(server)
            #expect(try await bob.waitingFollowRequestCount() == 1)
            let requests = try await bob.followRequests().items
            #expect(requests.map(\.id) == [FollowRequestId(communityId: 2, followerId: 4)])
            let request = try #require(requests.first)
            #expect(request.follower.name == "carol" && request.community.id == 2)
            #expect(request.state == .waiting && !request.isNewInstance)
            #expect(try await carol.getPosts(feed: .community(id: 2), sort: .new, limit: 5).items.isEmpty)

            #expect(await request.approve() == .confirmed)
            #expect(request.state == .accepted)
            #expect(await request.approve() == .unchanged)
            #expect(try await bob.followRequests().items.isEmpty)
            #expect(try await bob.waitingFollowRequestCount() == 0)
            #expect(!(try await carol.getPosts(feed: .community(id: 2), sort: .new, limit: 5).items.isEmpty))
            #expect(try await carol.getCommunity(id: 2).subscription == .subscribed)
        }
    }

    @Test("A denied request is listed as denied among every request")
    func deny() async throws {
        try await withServer(.v1_0) { server in
            let (bob, _) = try await waitingRequest(server)
            let request = try #require(try await bob.followRequests().items.first)
            #expect(await request.deny() == .confirmed)
            #expect(request.state == .denied)
            let all = try await bob.followRequests(waitingOnly: false).items
            #expect(all.first { $0.id == request.id }?.state == .denied)
            #expect(all.contains { $0.follower.name == "alice" && $0.state == .accepted })
        }
    }

    @Test("A lost answer is settled by finding the request again")
    func lostAnswer() async throws {
        try await withServer(.v1_0) { server in
            let (bob, _) = try await waitingRequest(server)
            let request = try #require(try await bob.followRequests().items.first)
            server.faults.add(FaultRule(.closeAfterHandling, route: "/community/pending_follows/approve", count: 1))
            #expect(await request.approve() == .confirmed)
            #expect(request.state == .accepted)
        }
    }

    @Test("A request another moderator decided shows that decision, and the approval reports Lemmy's refusal")
    func decidedElsewhere() async throws {
        try await withServer(.v1_0) { server in
            let (bob, _) = try await waitingRequest(server)
            let stale = try #require(try await bob.followRequests().items.first)
            let admin = try await login(server, "admin")
            let fresh = try #require(try await admin.followRequests(allCommunities: true).items.first { $0.id == stale.id })
            #expect(await fresh.deny() == .confirmed)

            let result = await stale.approve()
            #expect(result.error?.lemmyCode?.code == "couldnt_update")
            #expect(stale.state == .denied)
        }
    }

    @Test("A refused decision rolls back; someone who moderates nothing is refused the list")
    func refusals() async throws {
        try await withServer(.v1_0) { server in
            let (bob, _) = try await waitingRequest(server)
            let request = try #require(try await bob.followRequests().items.first)
            server.faults.add(
                FaultRule(.status(code: 400, error: "not_a_mod_or_admin"), route: "/community/pending_follows/approve", count: 1))
            #expect(await request.approve().error?.lemmyCode == .notAModOrAdmin)
            #expect(request.state == .waiting)

            let alice = try await login(server, "alice")
            let error = await #expect(throws: ApiClientError.self) { _ = try await alice.followRequests() }
            #expect(error?.lemmyCode == .notAModOrAdmin)
            let count = await #expect(throws: ApiClientError.self) { _ = try await alice.waitingFollowRequestCount() }
            #expect(count?.kind == .unsupported)
        }
    }

    @Test("A state the client does not know cannot be decided")
    func unknownState() async throws {
        try await withServer(.v1_0) { server in
            let (bob, _) = try await waitingRequest(server)
            server.faults.add(FaultRule(.rewriteBody(pattern: "approval_required", replacement: "on_hold"), route: "/pending_follows/list"))
            let request = try #require(try await bob.followRequests().items.first)
            #expect(request.state == .other)
            #expect(await request.approve() == .unchanged)
        }
    }

    @Test("Before 1.0 there are no private communities to ask", arguments: [LemmyDialect.v0_18, .v0_19])
    func olderVersions(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let error = await #expect(throws: ApiClientError.self) { _ = try await bob.followRequests() }
            #expect(error?.kind == .unavailableInVersion)
            let count = await #expect(throws: ApiClientError.self) { _ = try await bob.waitingFollowRequestCount() }
            #expect(count?.kind == .unavailableInVersion)
        }
    }
}
