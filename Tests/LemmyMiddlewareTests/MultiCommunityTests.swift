import FeedLoading
import Foundation
import HTTPLoadingTesting
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Lemmy 1.0's multi-communities through the middleware, over HTTP against the test server: the
/// models, their optimistic changes, and the feed of their posts. In the tiny seed communities 1
/// to 3 are local.
@Suite("Multi-communities") @MainActor
struct MultiCommunityTests {
    @Test("Made, listed and read as one live model each; its communities as the account sees them")
    func models() async throws {
        try await withServer(.v1_0) { server in
            let carol = try await login(server, "carol")
            let made = try await carol.createMultiCommunity(name: "reading", title: "Reading list", summary: "Picked")
            #expect(made.displayName == "Reading list" && made.summary == "Picked" && made.creator.name == "carol")
            #expect(made.subscription == .subscribed && made.subscriberCount == 1 && made.communityCount == 0)
            #expect(made.actorId.path == "/m/reading")
            #expect(carol.account?.followedMultiCommunityIds == [made.id])
            let alice = try await login(server, "alice")
            _ = try await alice.loadAccount()
            #expect(alice.account?.followedMultiCommunityIds == [])
            _ = try await carol.loadAccount()
            #expect(carol.account?.followedMultiCommunityIds == [made.id])

            let listed = try await carol.getMultiCommunities(listing: .subscribed)
            #expect(listed.items.count == 1 && listed.items.first === made)
            let read = try await carol.getMultiCommunity(name: "READING")
            #expect(read.multiCommunity1 === made && read.communities.isEmpty)
            #expect(try await carol.getMultiCommunity(id: made.id) === read)

            let profile = try await carol.getPerson(name: "carol")
            #expect(profile.createdMultiCommunities.count == 1 && profile.createdMultiCommunities.first === made)
            let found = try await carol.search("reading")
            #expect(found.multiCommunities.count == 1 && found.multiCommunities.first === made)
            do {
                _ = try await carol.createMultiCommunity(name: "Reading")
                Issue.record("a taken name was accepted")
            } catch {
                #expect((error as? ApiClientError)?.lemmyCode?.code == "already_exists")
            }
        }
    }

    @Test("Following is optimistic and counted; a refusal rolls back; a lost answer is settled by a re-read")
    func following() async throws {
        try await withServer(.v1_0) { server in
            let carol = try await login(server, "carol")
            _ = try await carol.createMultiCommunity(name: "reading")
            let loader = GatingLoader()
            let bob = try await login(server, "bob", loader: loader)
            let multi = try await bob.getMultiCommunity(name: "reading")
            #expect(multi.subscription == .unsubscribed && multi.subscriberCount == 1)

            let gate = loader.gate("/multi_community/follow")
            let following = Task { await multi.toggleSubscribe() }
            while !loader.requestedPaths.contains(where: { $0.hasSuffix("/multi_community/follow") }) { await Task.yield() }
            #expect(multi.subscription == .subscribed && multi.subscriberCount == 2)
            #expect(bob.account?.followedMultiCommunityIds == [multi.id])
            gate.open()
            #expect(await following.value == .confirmed)
            #expect(multi.subscription == .subscribed && multi.subscriberCount == 2)

            server.faults.add(FaultRule(.status(code: 400, error: "rate_limit_error"), route: "/multi_community/follow", count: 1))
            #expect(await multi.toggleSubscribe().isFailure)
            #expect(multi.subscription == .subscribed && multi.subscriberCount == 2)
            #expect(bob.account?.followedMultiCommunityIds == [multi.id])

            server.faults.add(FaultRule(.closeAfterHandling, route: "/multi_community/follow", count: 1))
            #expect(await multi.toggleSubscribe() == .confirmed)
            #expect(multi.subscription == .unsubscribed && multi.subscriberCount == 1)
            #expect(bob.account?.followedMultiCommunityIds == [])
            #expect(try await carol.getMultiCommunity(name: "reading").subscriberCount == 1)
        }
    }

    @Test("Editing and deleting by the creator; anyone else is refused and rolled back")
    func editing() async throws {
        try await withServer(.v1_0) { server in
            let carol = try await login(server, "carol")
            let multi = try await carol.createMultiCommunity(name: "reading", summary: "Picked")
            #expect(await multi.edit(title: "Carol's list", summary: "") == .confirmed)
            #expect(multi.displayName == "Carol's list" && multi.summary == nil && multi.updated != nil)
            #expect(await multi.setDeleted(true) == .confirmed)
            #expect(multi.deleted)
            #expect(await multi.setDeleted(true) == .unchanged)

            let alice = try await login(server, "alice")
            let hers = try await alice.getMultiCommunity(name: "reading")
            let refused = await hers.edit(title: "Alice's list")
            #expect(refused.error?.lemmyCode?.code == "multi_community_update_wrong_user")
            #expect(hers.displayName == "Carol's list")
        }
    }

    @Test("Communities are added and removed at once; a refused one is taken back; the server's count wins")
    func entries() async throws {
        try await withServer(.v1_0) { server in
            let carol = try await login(server, "carol")
            _ = try await carol.createMultiCommunity(name: "reading")
            let multi = try await carol.getMultiCommunity(name: "reading")
            let gardening = try await carol.getCommunity(id: 2)
            let technology = try await carol.getCommunity(id: 1)
            #expect(await multi.add(gardening) == .confirmed)
            #expect(await multi.add(technology) == .confirmed)
            #expect(Set(multi.communities.map(\.id)) == [1, 2] && multi.communityCount == 2)
            #expect(multi.communities.contains { $0 === gardening.community2 })
            #expect(await multi.add(gardening) == .unchanged)

            // A removed community is refused (`deleted`): shown at once, then taken back.
            let admin = try await login(server, "admin")
            #expect(await (try await admin.getCommunity(id: 3)).remove(reason: "Closed") == .confirmed)
            let music = try await carol.getCommunity(id: 3)
            let result = await multi.add(music)
            #expect(result.error?.lemmyCode?.code == "deleted")
            #expect(Set(multi.communities.map(\.id)) == [1, 2] && multi.communityCount == 2)

            #expect(await multi.remove(gardening) == .confirmed)
            #expect(multi.communities.map(\.id) == [1] && multi.communityCount == 1)
            #expect(try await carol.getMultiCommunity(id: multi.id).communityCount == 1)
        }
    }

    @Test("Changes queued behind a refused one: each refusal is undone, back to what the server last said")
    func queuedRefusals() async throws {
        try await withServer(.v1_0) { server in
            let carol = try await login(server, "carol")
            _ = try await carol.createMultiCommunity(name: "reading")
            let loader = GatingLoader()
            let bob = try await login(server, "bob", loader: loader)
            let multi = try await bob.getMultiCommunity(name: "reading")
            // Bob may follow but not change carol's list: two adds, both refused, the second
            // queued behind the first.
            let gardening = try await bob.getCommunity(id: 2)
            let technology = try await bob.getCommunity(id: 1)
            let gate = loader.gate("/multi_community/entry")
            let first = Task { await multi.add(gardening) }
            while !loader.requestedPaths.contains(where: { $0.hasSuffix("/multi_community/entry") }) { await Task.yield() }
            let second = Task { await multi.add(technology) }
            await Task.yield()
            #expect(multi.communities.count == 2 && multi.communityCount == 2)
            gate.open()
            let (firstResult, secondResult) = (await first.value, await second.value)
            #expect(firstResult.isFailure && secondResult.isFailure)
            #expect(multi.communities.isEmpty && multi.communityCount == 0)

            // A refused follow, then a refused edit queued behind it: the account's set is put back.
            let followGate = loader.gate("/multi_community/follow")
            server.faults.add(FaultRule(.status(code: 400, error: "rate_limit_error"), route: "/multi_community/follow", count: 1))
            let follow = Task { await multi.toggleSubscribe() }
            while !loader.requestedPaths.contains(where: { $0.hasSuffix("/multi_community/follow") }) { await Task.yield() }
            let edit = Task { await multi.edit(title: "Bob's now") }
            await Task.yield()
            #expect(bob.account?.followedMultiCommunityIds == [multi.id])
            followGate.open()
            let (followResult, editResult) = (await follow.value, await edit.value)
            #expect(followResult.isFailure && editResult.isFailure)
            #expect(bob.account?.followedMultiCommunityIds == [])
            #expect(multi.subscription == .unsubscribed && multi.displayName == "reading")
        }
    }

    @Test("A PostFeed of a multi-community lists its communities' posts, remote ones too")
    func feed() async throws {
        let world = SeedWorlds.remoteCommunity
        try await withServer(.v1_0, scale: world.scale, seed: world.seed) { server in
            let carol = try await login(server, "carol")
            _ = try await carol.createMultiCommunity(name: "mixed")
            let multi = try await carol.getMultiCommunity(name: "mixed")
            #expect(await multi.add(try await carol.getCommunity(id: 1)) == .confirmed)
            #expect(await multi.add(try await carol.getCommunity(id: world.communityId)) == .confirmed)
            let feed = PostFeed(api: carol, query: PostFeedQuery(feed: .multiCommunity(id: multi.id), sort: .new, pageSize: 50))
            await feed.loadMore()
            #expect(feed.loadingState.error == nil)
            #expect(Set(feed.items.map(\.community.id)) == [1, world.communityId])
        }
    }

    @Test("An answer about another multi-community, or with counts below zero, is not taken as it came")
    func hostileAnswers() async throws {
        try await withServer(.v1_0) { server in
            let carol = try await login(server, "carol")
            let made = try await carol.createMultiCommunity(name: "reading")
            server.faults.add(
                FaultRule(
                    .rewriteBody(pattern: #""multi":\{"id":1,"#, replacement: #""multi":{"id":7,"#), route: "/multi_community",
                    count: 1))
            do {
                _ = try await carol.getMultiCommunity(id: made.id)
                Issue.record("an answer about multi-community 7 was taken for 1")
            } catch {
                #expect((error as? ApiClientError)?.kind == .decoding)
            }
            server.faults.add(
                FaultRule(
                    .rewriteBody(pattern: #""subscribers":1,"#, replacement: #""subscribers":-5,"#), route: "/multi_community", count: 1))
            #expect(try await carol.getMultiCommunity(id: made.id).subscriberCount == 0)
        }
    }

    @Test("Before 1.0 every call fails before any request")
    func olderVersions() async throws {
        try await withServer(.v0_19) { server in
            let loader = GatingLoader()
            let bob = try await login(server, "bob", loader: loader)
            // The version is known (the one request every first call makes), then nothing is sent.
            #expect(try await bob.supportedFeedTypes().contains(.suggested) == false)
            let before = loader.requestedPaths.count
            for call in [
                { _ = try await bob.getMultiCommunities() }, { _ = try await bob.getMultiCommunity(id: 1) },
                { _ = try await bob.createMultiCommunity(name: "reading") },
                { _ = try await bob.getPosts(feed: .multiCommunity(id: 1)) },
                // A listing 0.19 lacks is refused the same way, not sent.
                { _ = try await bob.getPosts(feed: .suggested) },
            ] as [@MainActor () async throws -> Void] {
                do {
                    try await call()
                    Issue.record("a multi-community call on 0.19")
                } catch {
                    #expect((error as? ApiClientError)?.kind == .unavailableInVersion)
                }
            }
            #expect(loader.requestedPaths.count == before)
        }
    }
}
