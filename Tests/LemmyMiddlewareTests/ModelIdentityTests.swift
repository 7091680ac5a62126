import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Observation
import Synchronization
import Testing

/// One live object per entity: feeds, direct fetches and search meet in the same model.
@Suite("Identity and caching") @MainActor
struct ModelIdentityTests {
    @Test("getPosts returns Post2 models with creators and communities", arguments: LemmyDialect.allCases)
    func feed(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let page = try await client.getPosts(sort: .new, limit: 10)
            #expect(page.items.count == 10)
            #expect(page.next != nil)
            let post = try #require(page.items.first)
            #expect(post.creator.id == post.creatorId)
            #expect(post.community.id == post.communityId)
            #expect(post.api === client)
            #expect(post.post2_ === post)
            #expect(post.post3_ == nil)
            #expect(post.commentCount_ == post.commentCount)
            let next = try await client.getPosts(sort: .new, limit: 10, cursor: page.next)
            #expect(Set(next.items.map(\.id)).isDisjoint(with: page.items.map(\.id)))
        }
    }

    @Test("The same post via feed, getPost and search is one object", arguments: LemmyDialect.allCases)
    func identity(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let post = try #require(try await client.getPosts(sort: .new, limit: 5).items.first)
            let post3 = try await client.getPost(id: post.id)
            #expect(post3.post2 === post)
            #expect(post3.post1 === post.post1)
            #expect(post3.creator === post.creator)
            #expect(post3.community2.community1 === post.community)
            #expect(try await client.getPost(id: post.id) === post3)
            let found = try await client.search(post.title)
            #expect(found.posts.contains { $0 === post })

            #expect(await post3.toggleUpvote() == .confirmed)
            #expect(post.votes.myVote == .upvote)
            #expect(post3.votes == post.votes)
            let again = try await client.getPosts(sort: .new, limit: 5).items.first { $0.id == post.id }
            #expect(again === post)
            #expect(again?.votes.myVote == .upvote)
        }
    }

    @Test("Another account's client has its own models and its own vote state", arguments: LemmyDialect.allCases)
    func separateAccounts(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let bob = try await login(server, "bob")
            #expect(alice !== bob)
            let alicePost = try await alice.getPost(id: 1)
            let bobPost = try await bob.getPost(id: 1)
            #expect(alicePost !== bobPost)
            let upvotes = bobPost.votes.upvotes
            #expect(await alicePost.toggleUpvote() == .confirmed)
            #expect(bobPost.votes.myVote == .none)
            let reloaded = try await bob.getPost(id: 1)
            #expect(reloaded === bobPost)
            #expect(bobPost.votes.upvotes == upvotes + (alicePost.votes.myVote == .upvote ? 1 : 0))
            #expect(bobPost.votes.myVote == .none)
        }
    }

    @Test("An unchanged merge wakes no observer; a changed field wakes it once", arguments: LemmyDialect.allCases)
    func observation(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let bob = try await login(server, "bob")
            let post = try await alice.getPost(id: 2)
            let fired = Counter()
            withObservationTracking {
                _ = post.title
                _ = post.votes
                _ = post.saved
            } onChange: {
                fired.increment()
            }
            _ = try await alice.getPost(id: 2)
            _ = try await alice.getPosts(sort: .new, limit: 50)
            #expect(fired.value == 0)

            #expect(try await bob.getPost(id: 2).toggleUpvote() == .confirmed)
            let titleFired = Counter()
            withObservationTracking {
                _ = post.title
            } onChange: {
                titleFired.increment()
            }
            _ = try await alice.getPost(id: 2)
            #expect(fired.value == 1)
            #expect(titleFired.value == 0)
        }
    }

    @Test("Released models leave the cache empty after cleanup", arguments: LemmyDialect.allCases)
    func weakCache(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            var page: [Post2]? = try await client.getPosts(limit: 20).items
            weak let first = page?.first
            #expect(client.cacheStatistics.live > 20)
            #expect(first != nil)
            page = nil
            client.cleanCaches()
            #expect(first == nil)
            #expect(client.cacheStatistics.live == 0)
            #expect(client.cacheStatistics.entries == 0)
        }
    }

    @Test("upgrade() climbs tiers; AnyPost reaches the top tier", arguments: LemmyDialect.allCases)
    func upgrade(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let post = try #require(try await client.getPosts(limit: 3).items.first)
            let wrapper = AnyPost(post.post1)
            try await wrapper.upgrade()
            let top = try #require(wrapper.wrappedValue as? Post3)
            #expect(top.post2 === post)
            #expect(try await top.upgrade() === top)
            let person = AnyPerson(post.creator)
            try await person.upgrade()
            #expect(person.wrappedValue is Person3)
            #expect(person.wrappedValue.person1 === post.creator)
            let community = AnyCommunity(post.community)
            try await community.upgrade()
            #expect(community.wrappedValue is Community3)
            #expect(community.wrappedValue.subscriberCount_ != nil)
        }
    }
}

/// Tier protocols and optional variants, on live models.
@Suite("Tier protocols") @MainActor
struct TierProtocolTests {
    /// Accepts any tier-2-or-higher post or comment.
    func score(_ item: any Interactable2Providing) -> Int { item.votes.total }

    @Test("Optional variants are nil below their tier; Providing protocols accept higher tiers", arguments: LemmyDialect.allCases)
    func variants(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let busiest = try #require(try await client.getPosts(sort: .mostComments, limit: 1).items.first)
            #expect(busiest.commentCount > 0)
            let post3 = try await client.getPost(id: busiest.id)
            let post1: any Post = post3.post1
            #expect(post1.title_ == post3.title)
            #expect(post1.votes_ == nil)
            #expect(post1.moderators_ == nil)
            #expect(post1.post2_ == nil)
            let asAny: any Post = post3
            #expect(asAny.votes_ == post3.votes)
            #expect(asAny.moderators_?.count == post3.moderators.count)
            #expect(asAny.post3_ === post3)
            #expect(score(post3) == score(post3.post2))
            let comment = try #require(try await client.getComments(postId: busiest.id).items.first)
            #expect(score(comment) == comment.votes.total)
            let person: any Person = comment.creator
            #expect(person.postCount_ == nil)
            #expect(person.name_ == comment.creator.name)
        }
    }
}

/// A main-actor-free counter for observation callbacks.
final class Counter: Sendable {
    private let storage = Mutex(0)
    func increment() { storage.withLock { $0 += 1 } }
    var value: Int { storage.withLock { $0 } }
}
