import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Community tags through ApiClient (CommunityTagFidelityTests has the server's rules): the
/// tags a community offers, a moderator's tag edits, and the tags of posts.
@Suite("Community tags") @MainActor
struct CommunityTagTests {
    static let news = SeedTags.id(community: 1, index: 0)
    static let question = SeedTags.id(community: 1, index: 1)
    static let otherCommunity = SeedTags.id(community: 2, index: 0)

    @Test("A community lists its tags on 1.0 and none before")
    func offered() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            let community = try await alice.getCommunity(id: 1)
            #expect(community.tags.map(\.name) == SeedTags.names)
            #expect(community.tags.first?.displayName == "News" && community.tags.first?.color == 1)
        }
        try await withServer(.v0_19) { server in
            let community = try await login(server, "alice").getCommunity(id: 1)
            #expect(community.tags.isEmpty)
        }
    }

    @Test("A moderator's new, edited and deleted tag shows in the cached community without a read")
    func moderatorEdits() async throws {
        try await withServer(.v1_0) { server in
            let loader = GatingLoader()
            let bob = try await login(server, "bob", loader: loader)
            let community = try await bob.getCommunity(id: 1)
            let made = try await bob.createCommunityTag(communityId: 1, name: "howto", displayName: "How-to", summary: "Guides", color: 5)
            #expect(made.name == "howto" && made.displayName == "How-to" && made.summary == "Guides" && made.color == 5)
            #expect(community.tags.last == made)

            let edited = try await bob.editCommunityTag(id: made.id, summary: "")
            #expect(edited.summary == nil && edited.displayName == "How-to")
            let deleted = try await bob.deleteCommunityTag(id: made.id)
            #expect(deleted.isDeleted && community.tags.first { $0.id == made.id }?.isDeleted == true)
            // One read of the community: the first.
            #expect(loader.requestedPaths.count { $0.hasSuffix("/community") } == 1)

            let colour = await #expect(throws: ApiClientError.self) { _ = try await bob.editCommunityTag(id: made.id, color: 11) }
            #expect(colour?.kind == .unsupported)
            let refused = await #expect(throws: ApiClientError.self) {
                _ = try await login(server, "alice").createCommunityTag(communityId: 1, name: "mine")
            }
            #expect(refused?.lemmyCode == .notAModOrAdmin)
        }
    }

    @Test("A post is made with tags (repeats ignored); a tag the community does not offer is refused before any post is made")
    func createWithTags() async throws {
        try await withServer(.v1_0) { server in
            let loader = GatingLoader()
            let alice = try await login(server, "alice", loader: loader)
            // Held, as a composer showing the community's tags holds it.
            let community = try await alice.getCommunity(id: 1)
            let post = try await alice.createPost(communityId: 1, title: "Tagged", tags: [Self.news, Self.question, Self.news])
            #expect(Set(post.tags.map(\.id)) == [Self.news, Self.question])

            let before = try server.store.with { db in db.posts.count }
            let sent = loader.requestedPaths.count
            let refused = await #expect(throws: ApiClientError.self) {
                _ = try await alice.createPost(communityId: 1, title: "Wrong tag", tags: [Self.otherCommunity])
            }
            #expect(refused?.lemmyCode == .tagNotInCommunity)
            // A tag the held community lacks is checked against the community read again; no post is sent.
            let after = loader.requestedPaths.dropFirst(sent)
            #expect(!after.isEmpty && after.allSatisfy { $0.hasSuffix("/community") })
            #expect(try server.store.with { db in db.posts.count } == before)
            withExtendedLifetime(community) {}
        }
    }

    @Test("A tag made after the community was read is taken: the community is read again")
    func staleCommunity() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            let community = try await alice.getCommunity(id: 1)
            let made = try await login(server, "bob").createCommunityTag(communityId: 1, name: "fresh")
            let post = try await alice.createPost(communityId: 1, title: "With a new tag", tags: [made.id])
            #expect(post.tags.map(\.id) == [made.id])
            #expect(community.tags.contains { $0.id == made.id })
        }
    }

    @Test("Lemmy makes the post before refusing its tags: a call again finds that post and sets its tags, making no second")
    func refusedTagsMakeNoDuplicate() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            let community = try await alice.getCommunity(id: 1)
            // Deleted behind the client's back, after it read the community.
            try server.store.with { db in db.communityTags[Self.question - 1].deleted = true }
            let before = try server.store.with { db in db.posts.count }
            let refused = await #expect(throws: ApiClientError.self) {
                _ = try await alice.createPost(communityId: 1, title: "Made anyway", tags: [Self.question])
            }
            #expect(refused?.lemmyCode == .tagNotInCommunity)
            #expect(try server.store.with { db in db.posts.count } == before + 1)
            try server.store.with { db in db.communityTags[Self.question - 1].deleted = false }
            let again = try await alice.createPost(communityId: 1, title: "Made anyway", tags: [Self.question])
            #expect(again.title == "Made anyway" && again.tags.map(\.id) == [Self.question])
            #expect(try server.store.with { db in db.posts.count } == before + 1)
            withExtendedLifetime(community) {}
        }
    }

    @Test("A tag answer about another community or tag is refused and merged nowhere")
    func hostileTagAnswer() async throws {
        try await withServer(.v1_0) { server in
            let bob = try await login(server, "bob")
            let two = try await bob.getCommunity(id: 2)
            let tagsBefore = two.tags
            server.faults.add(
                FaultRule(
                    .rewriteBody(pattern: #""community_id":1,"#, replacement: #""community_id":2,"#), route: "/community/tag", count: 1))
            let refused = await #expect(throws: ApiClientError.self) { _ = try await bob.createCommunityTag(communityId: 1, name: "howto") }
            #expect(refused?.kind == .decoding)
            #expect(two.tags == tagsBefore)
        }
    }

    @Test("setTags: the author edits, a moderator uses the moderator edit, a refusal rolls back")
    func setTags() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            let post = try await alice.createPost(communityId: 1, title: "To tag")
            #expect(await post.setTags([Self.news]).error == nil)
            #expect(post.tags.map(\.id) == [Self.news])

            let loader = GatingLoader()
            let bob = try await login(server, "bob", loader: loader)
            let seen = try await bob.getPost(id: post.id)
            #expect(await seen.setTags([Self.question, Self.news]).error == nil)
            #expect(Set(seen.tags.map(\.id)) == [Self.question, Self.news])
            #expect(loader.requestedPaths.contains { $0.hasSuffix("/post/mod_edit") })

            let refused = await seen.setTags([Self.otherCommunity])
            #expect(refused.error?.lemmyCode == .tagNotInCommunity)
            #expect(Set(seen.tags.map(\.id)) == [Self.question, Self.news])
            // Bob's own post: as a moderator he sends the moderator edit, not an edit.
            let own = try await bob.createPost(communityId: 1, title: "Bob's")
            let edits = loader.requestedPaths.count { $0.hasSuffix("/post/mod_edit") }
            #expect(await own.setTags([Self.news]).error == nil)
            #expect(loader.requestedPaths.count { $0.hasSuffix("/post/mod_edit") } == edits + 1)
            // Carol is neither the author nor a moderator.
            let carol = try await login(server, "carol")
            let carolsView = try await carol.getPost(id: post.id)
            #expect(await carolsView.setTags([]).error?.lemmyCode == .notAModOrAdmin)
        }
    }

    @Test("Before 1.0 tags are refused without a request")
    func before10() async throws {
        try await withServer(.v0_19) { server in
            let loader = GatingLoader()
            let bob = try await login(server, "bob", loader: loader)
            let post = try await bob.getPost(id: 1)
            let sent = loader.requestedPaths.count
            #expect(await post.setTags([1]).error?.kind == .unavailableInVersion)
            let made = await #expect(throws: ApiClientError.self) { _ = try await bob.createCommunityTag(communityId: 1, name: "howto") }
            #expect(made?.kind == .unavailableInVersion)
            let tagged = await #expect(throws: ApiClientError.self) { _ = try await bob.createPost(communityId: 1, title: "T", tags: [1]) }
            #expect(tagged?.kind == .unavailableInVersion)
            #expect(loader.requestedPaths.count == sent)
        }
    }
}
