import FeedLoading
import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Admin purges: after the server confirms, the client's models, caches and feeds agree that the
/// content is gone; anyone else is refused and nothing changes.
@Suite("Purge") @MainActor
struct PurgeTests {
    @Test("A purged post leaves the feed, the caches and the server; its comments go with it", arguments: LemmyDialect.allCases)
    func purgePost(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let feed = PostFeed(api: admin, query: PostFeedQuery(feed: .all, sort: .new))
            await feed.loadMore()
            let post = try #require(feed.items.first)
            let id = post.id
            let comments = try await admin.getComments(postId: id).items
            let comment = try #require(comments.first, "the newest post has comments to purge with it")

            try await admin.purgePost(id: id, reason: "Illegal content")
            #expect(admin.isPurged(.post, id: id))
            #expect(post.removed)
            #expect(comment.removed)
            #expect(!feed.items.contains { $0.id == id })

            let error = await #expect(throws: ApiClientError.self) { _ = try await admin.getPost(id: id) }
            #expect(error?.isNotFound == true)
            let commentError = await #expect(throws: ApiClientError.self) { _ = try await admin.getComment(id: comment.id) }
            #expect(commentError?.isNotFound == true)
            #expect(try await admin.getComments(postId: id).items.isEmpty)
            await feed.refresh()
            #expect(!feed.items.contains { $0.id == id })
            let alice = try await login(server, "alice")
            #expect(!(try await alice.getPosts(feed: .all, sort: .new, limit: 50).items.contains { $0.id == id }))
        }
    }

    @Test("A purged comment is gone from its thread; its post stays", arguments: LemmyDialect.allCases)
    func purgeComment(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let post = try #require(try await admin.getPosts(feed: .all, sort: .new).items.first)
            // Newest first: hot ranks move with the clock, so two reads by hot could swap two
            // comments of equal score.
            let before = try await admin.getComments(postId: post.id, sort: .new).items
            let comment = try #require(before.first)
            try await admin.purgeComment(id: comment.id, reason: "Doxxing")
            #expect(admin.isPurged(.comment, id: comment.id))
            #expect(comment.removed)
            let after = try await admin.getComments(postId: post.id, sort: .new).items
            #expect(after.map(\.id) == before.dropFirst().map(\.id))
            let error = await #expect(throws: ApiClientError.self) { _ = try await admin.getComment(id: comment.id) }
            #expect(error?.isNotFound == true)
            #expect(try await admin.getPost(id: post.id).id == post.id)
        }
    }

    @Test("A purged community and its posts are gone", arguments: LemmyDialect.allCases)
    func purgeCommunity(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let feed = PostFeed(api: admin, query: PostFeedQuery(feed: .all, sort: .new, pageSize: 50))
            await feed.loadMore()
            let community = try await admin.getCommunity(id: 3)
            #expect(feed.items.contains { $0.communityId == 3 })
            try await admin.purgeCommunity(id: 3, reason: "Spam community")
            #expect(admin.isPurged(.community, id: 3))
            #expect(community.removed)
            #expect(!feed.items.contains { $0.communityId == 3 })
            let error = await #expect(throws: ApiClientError.self) { _ = try await admin.getCommunity(id: 3) }
            #expect(error?.isNotFound == true)
            await feed.refresh()
            #expect(!feed.loader.items.contains { $0.model.communityId == 3 })
        }
    }

    @Test("A purged person cannot log in and their posts leave the feeds", arguments: LemmyDialect.allCases)
    func purgePerson(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let feed = PostFeed(api: admin, query: PostFeedQuery(feed: .all, sort: .new, pageSize: 50))
            await feed.loadMore()
            let victim = try #require(feed.items.first { $0.creator.name != "admin" }?.creator)
            let id = victim.id
            try await admin.purgePerson(id: id, reason: "Spam bot")
            #expect(admin.isPurged(.person, id: id))
            #expect(victim.isDeleted)
            #expect(!feed.items.contains { $0.creatorId == id })
            await feed.refresh()
            #expect(!feed.loader.items.contains { $0.model.creatorId == id })
            if dialect == .v0_18 {
                // 0.18 deletes the account.
                let error = await #expect(throws: ApiClientError.self) { _ = try await admin.getPerson(id: id) }
                #expect(error?.isNotFound == true)
            } else {
                // 0.19 and 1.0 keep it, deleted.
                #expect(try await admin.getPerson(id: id).isDeleted)
            }
            if victim.name == "alice" || victim.name == "bob" || victim.name == "carol" {
                await #expect(throws: ApiClientError.self) { _ = try await login(server, victim.name) }
            }
        }
    }

    @Test("Each purge is in the modlog with its reason and the admin who purged", arguments: LemmyDialect.allCases)
    func purgesInTheModlog(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let posts = try await admin.getPosts(feed: .all, sort: .new, limit: 50).items
            let post = try #require(posts.first { $0.communityId != 3 })
            let victim = try #require(posts.first { $0.creator.name != "admin" && $0.creatorId != post.creatorId }?.creatorId)
            // A comment on a post that outlives the purges below: up to 0.19 the purge's entry is
            // deleted with its post (a foreign key), and 0.18 deletes the victim's posts.
            var commented: (post: Int, comment: Int)?
            for other in posts where other.id != post.id && other.communityId != 3 && other.creatorId != victim {
                if let comment = try await admin.getComments(postId: other.id).items.first {
                    commented = (other.id, comment.id)
                    break
                }
            }
            let (commentedPost, commentId) = try #require(commented)
            try await admin.purgePost(id: post.id, reason: "reason post")
            try await admin.purgeComment(id: commentId, reason: "reason comment")
            try await admin.purgeCommunity(id: 3, reason: "reason community")
            try await admin.purgePerson(id: victim, reason: "reason person")

            let log = try await admin.getModlog(limit: 50, cursor: nil).items
            let purges = log.filter { [.purgePost, .purgeComment, .purgeCommunity, .purgePerson].contains($0.action) }
            // Newest first, each with its reason and the admin.
            #expect(purges.map(\.action) == [.purgePerson, .purgeCommunity, .purgeComment, .purgePost])
            #expect(purges.map(\.reason) == ["reason person", "reason community", "reason comment", "reason post"])
            #expect(purges.allSatisfy { $0.moderator?.name == "admin" && !$0.isRevert })
            #expect(purges.last?.community?.id == post.communityId)
            #expect(purges[2].post?.id == commentedPost)

            // Someone else sees the entries, but not who purged.
            let alice = try await login(server, "alice")
            let seen = try await alice.getModlog(limit: 50, cursor: nil).items.filter { $0.action == .purgePost }
            #expect(seen.count == 1)
            #expect(seen.first?.moderator == nil)
            // Up to 0.19 a purged post's entry has no community, so a community's modlog leaves it
            // out; 1.0 stores the community.
            let scoped = try await admin.getModlog(communityId: post.communityId, limit: 50, cursor: nil).items
            #expect(scoped.contains { $0.action == .purgePost } == (dialect == .v1_0))
        }
    }

    @Test("Someone who is no admin is refused with not_an_admin and nothing changes", arguments: LemmyDialect.allCases)
    func notAnAdmin(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let post = try #require(try await bob.getPosts(feed: .all, sort: .new).items.first)
            let error = await #expect(throws: ApiClientError.self) { try await bob.purgePost(id: post.id, reason: "No") }
            #expect(error?.kind == .lemmy)
            #expect(error?.lemmyCode == .notAnAdmin)
            #expect(!bob.isPurged(.post, id: post.id))
            #expect(!post.removed)
            for purge in [
                { try await bob.purgeComment(id: 1, reason: "No") }, { try await bob.purgeCommunity(id: 1, reason: "No") },
                { try await bob.purgePerson(id: 2, reason: "No") },
            ]
                as [() async throws -> Void]
            {
                let refusal = await #expect(throws: ApiClientError.self) { try await purge() }
                #expect(refusal?.lemmyCode == .notAnAdmin)
            }
            #expect(try await bob.getPost(id: post.id).id == post.id)
            #expect(try await bob.getCommunity(id: 1).id == 1)
        }
    }
}
