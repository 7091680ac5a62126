import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing
import LemmyAPI

/// Moderator actions, the inbox, the site and stubs.
@Suite("Moderation, inbox, site, stubs") @MainActor
struct ModerationAndInboxTests {
    @Test("A moderator removes, locks and pins; a non-moderator is refused and rolled back", arguments: LemmyDialect.allCases)
    func moderation(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let alice = try await login(server, "alice")
            let post = try #require(try await bob.getPosts(feed: .community(id: 1), sort: .new, limit: 5).items.first)
            let alicesView = try await alice.getPost(id: post.id)
            let refused = await alicesView.remove(reason: "not mine to remove")
            #expect(refused.isFailure)
            #expect(!alicesView.removed)

            let wasLocked = post.locked
            #expect(await post.lock(!wasLocked) == .confirmed)
            #expect(post.locked == !wasLocked)
            #expect(try await alice.getPost(id: post.id).locked == !wasLocked)
            #expect(await alicesView.lock(wasLocked).isFailure)
            #expect(alicesView.locked == !wasLocked)

            let wasPinned = post.pinnedCommunity
            #expect(await post.pin(!wasPinned) == .confirmed)
            #expect(post.pinnedCommunity == !wasPinned)
            #expect(try await alice.getPost(id: post.id).pinnedCommunity == !wasPinned)
            // Pinning on the instance is for admins; bob moderates but is not one.
            let wasPinnedOnInstance = post.pinnedInstance
            #expect(await post.pin(!wasPinnedOnInstance, onInstance: true).isFailure)
            #expect(post.pinnedInstance == wasPinnedOnInstance)

            // Last, as 1.0 does not lock a removed post (its LockPost reads the post as a
            // non-moderator sees it).
            #expect(await post.remove(reason: "test") == .confirmed)
            #expect(post.removed)
            // 0.18 shows a removed post to moderators and admins only, not even to its author.
            guard dialect != .v0_18 else {
                let hidden = await #expect(throws: ApiClientError.self) { _ = try await alice.getPost(id: post.id) }
                #expect(hidden?.lemmyCode == .couldntFindPost)
                return
            }
            let reloaded = try await alice.getPost(id: post.id)
            #expect(reloaded === alicesView)
            #expect(reloaded.removed)
        }
    }

    @Test("A moderator bans a commenter from the community and removes the comment; the ban is enforced", arguments: LemmyDialect.allCases)
    func banAndCommentRemoval(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let carol = try await login(server, "carol")
            let post = try #require(try await bob.getPosts(feed: .community(id: 1), sort: .new, limit: 5).items.first)
            let carolsComment = try await carol.getPost(id: post.id).reply("Carol was here")
            let bobsView = try await bob.getComment(id: carolsComment.id)

            #expect(await bobsView.remove(reason: "off topic") == .confirmed)
            #expect(bobsView.removed)
            #expect(try await carol.getComment(id: carolsComment.id).removed)
            #expect(await carolsComment.remove(false).isFailure)
            #expect(carolsComment.removed)

            let carolsView = try await carol.getPost(id: post.id)
            #expect(await bobsView.banCreatorFromCommunity(reason: "spam") == .confirmed)
            #expect(bobsView.creatorBannedFromCommunity)
            #expect(try await carol.getComment(id: carolsComment.id).creatorBannedFromCommunity)
            let refused = await #expect(throws: ApiClientError.self) { _ = try await carolsView.reply("Am I still allowed?") }
            #expect(refused?.kind == .lemmy)
            // Each version spells the ban its own way (0.18 `community_ban`); the typed reading covers all.
            #expect(refused?.isBannedFromCommunity == true)
            #expect(refused?.errorDescription == "You are banned from this community.")
            #expect(await bobsView.banCreatorFromCommunity(false) == .confirmed)
            #expect(!bobsView.creatorBannedFromCommunity)
            #expect(try await carolsView.reply("Thank you").content == "Thank you")
            // Carol moderates nothing: her ban is refused and rolled back.
            let bobsComment = try await post.reply("Bob's own comment")
            let carolsViewOfBob = try await carol.getComment(id: bobsComment.id)
            #expect(await carolsViewOfBob.banCreatorFromCommunity().isFailure)
            #expect(!carolsViewOfBob.creatorBannedFromCommunity)
        }
    }

    @Test("Replies reach the inbox; marking one read updates the unread count", arguments: LemmyDialect.allCases)
    func inbox(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let alice = try await login(server, "alice")
            let post = try await bob.getPost(id: 10)
            let bobsComment = try await post.reply("Bob's comment")
            let alicesView = try await alice.getComment(id: bobsComment.id)
            _ = try await alicesView.reply("Alice answers Bob")
            let account = try await bob.loadAccount()
            let unread = account.unread.replies
            #expect(unread >= 1)
            let replies = try await bob.getReplies(unreadOnly: true)
            let reply = try #require(replies.first { $0.comment.content == "Alice answers Bob" })
            #expect(!reply.read)
            #expect(await reply.markRead() == .confirmed)
            #expect(reply.read)
            #expect(account.unread.replies == unread - 1)
            try await bob.refreshUnreadCounts()
            #expect(account.unread.replies == unread - 1)
        }
    }

    @Test(
        "Private messages arrive and are marked read on every version (1.0: through their notification)", arguments: LemmyDialect.allCases)
    func messages(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let alice = try await login(server, "alice")
            let bobsAccount = try await bob.getPerson(name: "bob")
            _ = try await alice.sendMessage("Hello Bob", to: bobsAccount.id)
            let unread = try await bob.getMessages(unreadOnly: true)
            let message = try #require(unread.first { $0.content == "Hello Bob" })
            #expect(!message.read)
            #expect(message.creator.name == "alice")
            #expect((message.notificationId != nil) == (dialect == .v1_0))
            #expect(await message.markRead() == .confirmed)
            #expect(message.read)
            let after = try await bob.getMessages(unreadOnly: true)
            #expect(!after.contains { $0 === message })
        }
    }

    @Test("getSite returns Site3 with the version and admins", arguments: LemmyDialect.allCases)
    func site(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let site = try await client.getSite()
            #expect(site.version == dialect.versionString)
            #expect(site.administrators.contains { $0.name == "admin" })
            #expect(site.userCount_ != nil)
            #expect(try await client.getSite() === site)
            // 0.18/0.19 carry the account in GetSite; 1.0 needs GetMyUser (loadAccount).
            #expect((client.account?.person?.name == "alice") == (dialect != .v1_0))
        }
    }

    @Test("A stub resolves to the live model", arguments: LemmyDialect.allCases)
    func stubs(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let post = try await client.getPost(id: 11)
            let resolved = try await PostStub(api: client, actorId: post.actorId).upgrade()
            #expect(resolved === post.post2)
            let top = try await AnyPost.upgrading(PostStub(api: client, actorId: post.actorId))
            #expect(top.wrappedValue === post)
        }
    }
}
