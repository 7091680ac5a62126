import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Lemmy 1.0's notifications of moderator actions (`notify_mod_action`): the target person hears
/// of removals, locks, bans and appointments as `mod_action` notifications carrying the modlog
/// entry. Tiny seed: bob (3) moderates community 1; carol (4) writes there; person 8 is remote.
@Suite("Mod-action notifications (1.0)")
struct ModActionNotificationFidelityTests: RefusalChecking {
    /// The client's mod-action notifications, newest first.
    func modActions(_ client: TestClient) async throws -> [ApiNotificationView] {
        try await client.send(LemmyV4.ListNotifications(ApiListNotifications(type: .string("mod_action"), limit: 50))).items
    }

    func unread(_ client: TestClient) async throws -> Int {
        try await client.send(LemmyV4.GetUnreadCounts()).notificationCount
    }

    @Test("A removal reaches the author as a mod_action: the entry, its targets, no moderator's name; counted, listed, marked read")
    func removal() async throws {
        try await withServer(.v1_0) { server in
            let bob = try await TestClient(server).login("bob")
            let carol = try await TestClient(server).login("carol")
            let created = try await carol.sendRaw(LemmyV4.CreatePost(ApiCreatePost(name: "Carol's post", communityId: 1)))
            let post = try #require(createdId(created, view: "post_view", entity: "post"))
            let before = try await unread(carol)
            #expect(try await modActions(carol).isEmpty)

            _ = try await bob.send(LemmyV4.RemovePost(ApiRemovePost(postId: post, removed: true, reason: "Off topic")))
            let notices = try await modActions(carol)
            let notice = try #require(notices.first)
            #expect(notices.count == 1 && notice.notification.kind == .modAction && !notice.notification.read)
            #expect(notice.notification.postId == post && notice.notification.modlogId != nil)
            // Carol is no admin: the moderator is hidden, and the notification's creator zeroed.
            #expect(notice.notification.creatorId == 0)
            guard case .modAction(let view) = notice.data else {
                Issue.record("not a modlog view: \(notice.data)")
                return
            }
            #expect(view.modlog.kind == .modRemovePost && !view.modlog.isRevert && view.modlog.reason == "Off topic")
            #expect(view.moderator == nil && view.targetPost?.id == post && view.targetPerson?.id == 4)
            #expect(try await unread(carol) == before + 1)
            // Listed with every kind too, and not as a reply.
            let all = try await carol.send(LemmyV4.ListNotifications(ApiListNotifications(limit: 50))).items
            #expect(all.contains { $0.notification.id == notice.notification.id })
            let replies = try await carol.send(LemmyV4.ListNotifications(ApiListNotifications(type: .string("reply"), limit: 50)))
            #expect(!replies.items.contains { $0.notification.id == notice.notification.id })

            let read = ApiMarkNotificationAsRead(notificationId: notice.notification.id, read: true)
            #expect(try await carol.sendRaw(LemmyV4.MarkNotificationAsRead(read)).status == 200)
            #expect(try await unread(carol) == before)
            // Deleting the post takes the notification away (removed content does not).
            _ = try await carol.sendRaw(LemmyV4.DeletePost(ApiDeletePost(postId: post, deleted: true)))
            #expect(try await modActions(carol).isEmpty)
        }
    }

    @Test("Bans and appointments notify their target; featuring a post does not; a remote person hears nothing here")
    func whoHears() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            let bob = try await TestClient(server).login("bob")
            let carol = try await TestClient(server).login("carol")
            let created = try await carol.sendRaw(LemmyV4.CreatePost(ApiCreatePost(name: "Carol's post", communityId: 1)))
            let post = try #require(createdId(created, view: "post_view", entity: "post"))
            _ = try await bob.send(LemmyV4.FeaturePost(ApiFeaturePost(postId: post, featured: true, featureType: .community)))
            #expect(try await modActions(carol).isEmpty)
            _ = try await bob.send(LemmyV4.BanFromCommunity(ApiBanFromCommunity(communityId: 1, personId: 4, ban: true, reason: "Spam")))
            _ = try await admin.send(LemmyV4.AddModToCommunity(ApiAddModToCommunity(communityId: 1, personId: 2, added: true)))
            let kinds = try await modActions(carol).compactMap { notice -> ApiModlogKind? in
                guard case .modAction(let view) = notice.data else { return nil }
                return view.modlog.kind
            }
            #expect(kinds == [.modBanFromCommunity])
            let alice = try await TestClient(server).login("alice")
            #expect(try await modActions(alice).count == 1)
            // An admin reads the moderator's name.
            _ = try await admin.send(LemmyV4.RemovePost(ApiRemovePost(postId: post, removed: true, reason: "Spam")))
            _ = try await admin.send(LemmyV4.AddAdmin(ApiAddAdmin(personId: 4, added: true)))
            let shown = try #require(try await modActions(carol).first { $0.notification.postId == post })
            guard case .modAction(let view) = shown.data else {
                Issue.record("not a modlog view: \(shown.data)")
                return
            }
            #expect(view.moderator?.id == 1 && shown.notification.creatorId == 1)

            let remote = 8
            let remoteBan = ApiBanFromCommunity(communityId: 1, personId: remote, ban: true, reason: "Spam")
            #expect(try await bob.sendRaw(LemmyV4.BanFromCommunity(remoteBan)).status == 200)
            #expect(
                try server.store.with { db in
                    db.person(remote)?.instanceId != 1 && !db.inbox.contains { $0.recipientId == remote && $0.kind == .modAction }
                })
        }
    }
}
