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
            let post = try await bob.getPost(id: mine.id)
            #expect(await post.remove(reason: "Off topic") == .confirmed)
            #expect(await post.remove(false) == .confirmed)
            #expect(await post.banCreatorFromCommunity(reason: "Spam") == .confirmed)

            let notices = try await actionNotices(carol)
            let entries = notices.compactMap(\.moderatorAction)
            #expect(entries.count == 3 && notices.allSatisfy { !$0.read && $0.post == nil && $0.comment == nil })
            #expect(entries.map(\.action) == [.removePost, .removePost, .banFromCommunity])
            #expect(entries.map(\.isRevert) == [false, true, false])
            #expect(entries[0].reason == "Off topic" && entries[2].reason == "Spam")
            // The post is the same live model as any other read of it; the community is named.
            #expect(entries[0].post === mine.post1)
            #expect(entries[2].community?.id == 1 && entries[2].targetPerson?.id == 4)
            // Lemmy names the moderator to admins only.
            #expect(entries.allSatisfy { $0.moderator == nil })

            // Counted as Lemmy 1.0 counts every notification, and marked read like the rest.
            try await carol.refreshUnreadCounts()
            let unread = try #require(carol.account?.unread.replies)
            #expect(unread >= 3)
            #expect(await notices[0].markRead() == .confirmed)
            #expect(notices[0].read && carol.account?.unread.replies == unread - 1)
            #expect(try await actionNotices(carol).first === notices[0])
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
