import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// A logged-in user votes, saves, subscribes, comments and reads the inbox, in every dialect,
/// over real HTTP; every answer decodes with the LemmyAPI types of that dialect.
@Suite("User flow per dialect")
struct UserFlowTests {
    @Test(arguments: LemmyDialect.allCases)
    func votesAreReal(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .tiny) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let post = try #require(try await alice.posts(ApiGetPosts(sort: .new, limit: 5)).posts.first)
            let before = post.scoreValue

            let voted = try await alice.vote(post: post.post.id, 1)
            #expect(voted.myVoteValue == 1)
            let expected = before + (post.myVoteValue == 1 ? 0 : 1 - post.myVoteValue)
            #expect(voted.scoreValue == expected)

            // Only alice's view carries her vote; the score is shared.
            let seenByBob = try await bob.post(post.post.id)
            #expect(seenByBob.myVoteValue == 0 || seenByBob.creator.name == "bob")
            #expect(seenByBob.scoreValue == expected)

            let down = try await alice.vote(post: post.post.id, -1)
            #expect(down.myVoteValue == -1)
            #expect(down.scoreValue == expected - 2)
            let cleared = try await alice.vote(post: post.post.id, 0)
            #expect(cleared.myVoteValue == 0)
            #expect(cleared.scoreValue == expected - 1)
        }
    }

    @Test(arguments: LemmyDialect.allCases)
    func saveAndSubscribe(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .tiny) { server in
            let alice = try await TestClient(server).login("alice")
            let post = try #require(try await alice.posts(ApiGetPosts(sort: .new, limit: 1)).posts.first)
            #expect(try await alice.save(post: post.post.id, true).isSaved)
            #expect(try await alice.post(post.post.id).isSaved)
            let bob = try await TestClient(server).login("bob")
            #expect(try await bob.post(post.post.id).isSaved == false)

            // alice follows community 3 (seeded: 1 and 2); it then feeds her Subscribed listing.
            #expect(try await alice.follow(community: 3, true).isSubscribed)
            let subscribed = try await alice.posts(ApiGetPosts(type: .subscribed, sort: .new, limit: 50)).posts
            #expect(!subscribed.isEmpty)
            #expect(subscribed.allSatisfy { [1, 2, 3].contains($0.community.id) })
            #expect(subscribed.contains { $0.community.id == 3 })
            #expect(try await alice.follow(community: 3, false).isSubscribed == false)
            let after = try await alice.posts(ApiGetPosts(type: .subscribed, sort: .new, limit: 50)).posts
            #expect(after.allSatisfy { $0.community.id != 3 })
        }
    }

    @Test(arguments: LemmyDialect.allCases)
    func replyReachesParentAuthorsInbox(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .tiny) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let post = try #require(try await bob.posts(ApiGetPosts(sort: .new, limit: 1)).posts.first)
            let parent = try await bob.comment(post: post.post.id, parent: nil, "A comment by bob")
            let unreadBefore = try await bob.unreadTotal()

            let reply = try await alice.comment(post: post.post.id, parent: parent.comment.id, "Hi bob, @carol look")
            #expect(reply.comment.path == parent.comment.path + ".\(reply.comment.id)")
            #expect(reply.creator.name == "alice")

            let tree = try await alice.comments(post: post.post.id, maxDepth: 8)
            #expect(tree.contains { $0.comment.id == reply.comment.id })
            // Parent paths ascending up to 0.19; 1.0 orders them descending, replies before their
            // parents (Mlem had to sort 1.0's trees itself: mlemgroup/mlem#2483).
            let parentIndex = try #require(tree.firstIndex { $0.comment.id == parent.comment.id })
            let replyIndex = try #require(tree.firstIndex { $0.comment.id == reply.comment.id })
            #expect((parentIndex < replyIndex) == (dialect != .v1_0))

            #expect(try await bob.unreadReplyCommentIds().contains(reply.comment.id))
            #expect(try await bob.unreadTotal() == unreadBefore + 1)
            #expect(try await alice.unreadReplyCommentIds().contains(reply.comment.id) == false)
        }
    }

    @Test(arguments: LemmyDialect.allCases)
    func blockedPeopleLeaveTheFeed(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let alice = try await TestClient(server).login("alice")
            let feed = try await alice.posts(ApiGetPosts(sort: .new, limit: 50)).posts
            let victim = try #require(feed.first { !["admin", "alice"].contains($0.creator.name) }?.creator)
            try await alice.blockPerson(victim.id, true)
            let after = try await alice.posts(ApiGetPosts(sort: .new, limit: 50)).posts
            #expect(after.allSatisfy { $0.creator.id != victim.id })
            // Others still see them.
            let anonymous = try await TestClient(server).posts(ApiGetPosts(sort: .new, limit: 50)).posts
            #expect(anonymous.contains { $0.creator.id == victim.id })
        }
    }

    @Test(arguments: LemmyDialect.allCases)
    func siteReportsVersionAndUser(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .tiny) { server in
            let anonymous = try await TestClient(server).site()
            #expect(anonymous.version == dialect.versionString)
            #expect(anonymous.myUser == nil)
            let alice = try await TestClient(server).login("alice")
            if dialect == .v1_0 {
                let me = try await alice.send(LemmyV4.GetMyUser())
                #expect(me.localUserView.person.name == "alice")
                #expect(me.follows.map(\.community.id).sorted() == [1, 2])
            } else {
                let site = try await alice.site()
                #expect(site.myUser?.localUserView.person.name == "alice")
                #expect(site.myUser?.follows.map(\.community.id).sorted() == [1, 2])
            }
        }
    }
}
