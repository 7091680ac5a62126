import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Lemmy 1.0 notifies a person of what moderators and admins did to them or their content; the
/// inbox shows these as notices with the modlog entry. Tiny seed: bob (3) moderates community 1,
/// carol (4) writes there, admin (1) is the instance's admin.
@Suite("Moderator-action notices")
@MainActor
struct ModeratorActionNoticeTests {
    /// The moderator-action notices in `client`'s inbox, oldest first.
    func actionNotices(_ client: ApiClient) async throws -> [Notice1] {
        try await client.getNotifications(limit: 50, cursor: nil).items.compactMap { item -> Notice1? in
            if case .notice(let notice) = item, notice.reason == .moderatorAction { return notice }
            return nil
        }.sorted { $0.id < $1.id }
    }

    @Test("A removal, its undoing and a community ban reach the author's inbox with what was done, counted and marked read")
    func removalAndBan() async throws {
        try await withServer(.v1_0) { server in
            let bob = try await login(server, "bob")
            let carol = try await login(server, "carol")
            let mine = try await carol.createPost(communityId: 1, title: "Carol's post")
            try await carol.refreshUnreadCounts()
            let unreadBefore = try #require(carol.account?.unread.replies)
            let post = try await bob.getPost(id: mine.id)
            #expect(await post.remove(reason: "Off topic") == .confirmed)
            #expect(await post.remove(false) == .confirmed)
            let until = Date().addingTimeInterval(86_400)
            #expect(await post.banCreatorFromCommunity(reason: "Spam", until: until) == .confirmed)

            let notices = try await actionNotices(carol)
            let entries = notices.compactMap(\.moderatorAction)
            #expect(entries.count == 3 && notices.allSatisfy { !$0.read && $0.post == nil && $0.comment == nil })
            #expect(entries.map(\.action) == [.removePost, .removePost, .banFromCommunity])
            #expect(entries.map(\.isRevert) == [false, true, false])
            #expect(entries[0].reason == "Off topic" && entries[2].reason == "Spam")
            // The post is the same live model as any other read of it; the community is named.
            #expect(entries[0].post === mine.post1)
            #expect(entries[2].community?.id == 1 && entries[2].targetPerson?.id == 4)
            #expect(entries[2].expires.map { abs($0.timeIntervalSince(until)) <= 1 } == true && entries[0].expires == nil)
            // Lemmy names the moderator to admins only.
            #expect(entries.allSatisfy { $0.moderator == nil })

            // Counted as Lemmy 1.0 counts every notification, and marked read like the rest.
            try await carol.refreshUnreadCounts()
            let unread = try #require(carol.account?.unread.replies)
            #expect(unread == unreadBefore + 3)
            #expect(await notices[0].markRead() == .confirmed)
            #expect(notices[0].read && carol.account?.unread.replies == unread - 1)
            #expect(try await actionNotices(carol).first === notices[0])
            try await carol.refreshUnreadCounts()
            #expect(carol.account?.unread.replies == unread - 1)
        }
    }

    @Test("Warnings reach the author; a comment's warning keeps the moderator's own marks; before 1.0 nothing is sent")
    func warnings() async throws {
        try await withServer(.v1_0) { server in
            let bob = try await login(server, "bob")
            let carol = try await login(server, "carol")
            let mine = try await carol.createPost(communityId: 1, title: "Carol's post")
            let reply = try await mine.reply("Carol's comment")
            try await (try await bob.getPost(id: mine.id)).warn(reason: "Mind the rules")
            let comment = try await bob.getComment(id: reply.id)
            #expect(await comment.toggleUpvote() == .confirmed)
            try await comment.warn(reason: "Mind the tone")
            // Lemmy's answer is the comment as a guest reads it: not merged over the vote.
            #expect(comment.votes.myVote == .upvote)

            let entries = try await actionNotices(carol).compactMap(\.moderatorAction)
            #expect(entries.map(\.action) == [.warnPost, .warnComment])
            #expect(entries.map(\.reason) == ["Mind the rules", "Mind the tone"])
            #expect(entries[0].post === mine.post1 && entries[1].comment?.id == reply.id && entries[1].post?.id == mine.id)
            // The modlog lists them as the same kinds.
            let logged = try await bob.getModlog(communityId: 1, action: .warnComment, cursor: nil).items
            #expect(logged.map(\.comment?.id) == [reply.id])
        }
        try await withServer(.v0_19) { server in
            let loader = GatingLoader()
            let bob = try await login(server, "bob", loader: loader)
            let post = try await bob.getPost(id: 1)
            let sent = loader.requestedPaths.count
            let error = await #expect(throws: ApiClientError.self) { try await post.warn(reason: "Mind the rules") }
            #expect(error?.kind == .unavailableInVersion && loader.requestedPaths.count == sent)
            #expect(try await bob.getModlog(action: .warnPost, cursor: nil).items.isEmpty)
        }
    }

    @Test("An admin sees who acted; a site ban and its end reach the person")
    func adminSeesModerator() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await login(server, "admin")
            let bob = try await login(server, "bob")
            let adminsPost = try await admin.createPost(communityId: 1, title: "The admin's post")
            #expect(await (try await bob.getPost(id: adminsPost.id)).lock(reason: "Settled") == .confirmed)
            let locked = try #require(try await actionNotices(admin).first?.moderatorAction)
            #expect(locked.action == .lockPost && locked.moderator?.id == 3 && locked.reason == "Settled")

            // Read once the ban is lifted: a banned account cannot read its inbox.
            let carolAsAdminSees = try await admin.getPerson(id: 4)
            #expect(await carolAsAdminSees.banFromInstance(reason: "Rules") == .confirmed)
            #expect(await carolAsAdminSees.banFromInstance(false, reason: "Served") == .confirmed)
            let carol = try await login(server, "carol")
            let bans = try await actionNotices(carol).compactMap(\.moderatorAction)
            #expect(bans.map(\.action) == [.banFromSite, .banFromSite] && bans.map(\.isRevert) == [false, true])
            #expect(bans.map(\.reason) == ["Rules", "Served"])
        }
    }
}
