import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Replies and mentions (0.18, 0.19) and notifications (1.0) as Lemmy lists them: sorts and their
/// defaults, bots, blocks, deleted content, and 1.0's conversation and creator filters.
@Suite("Inbox as Lemmy lists it")
struct InboxFidelityTests: RefusalChecking {
    @Test("0.18/0.19: replies default to New, mentions to Hot; Top orders by score", arguments: [LemmyDialect.v0_18, .v0_19])
    func sorts(dialect: LemmyDialect) async throws {
        // A stopped clock: two Hot lists read at different instants could rank differently.
        var configuration = LemmyTestServer.Configuration(dialect: dialect, scale: .small)
        let instant = Date()
        configuration.clock = { instant }
        try await withServer(configuration) { server in
            let alice = try await TestClient(server).login("alice")
            func mentions(_ sort: ApiCommentSortType?) async throws -> [ApiPersonMentionView] {
                try await alice.send(LemmyV3.GetPersonMentions(ApiGetPersonMentions(sort: sort, limit: 50))).mentions
            }
            func replies(_ sort: ApiCommentSortType?) async throws -> [Int] {
                try await alice.send(LemmyV3.GetReplies(ApiGetReplies(sort: sort, limit: 50))).replies.map(\.commentReply.id)
            }
            let hot = try await mentions(.hot)
            #expect(hot.count >= 2)
            #expect(try await mentions(nil).map(\.personMention.id) == hot.map(\.personMention.id))
            let top = try await mentions(.top).map(\.counts.score)
            #expect(top == top.sorted(by: >))
            let newest = try await replies(.new)
            #expect(newest.count >= 2)
            #expect(try await replies(nil) == newest)
            let oldest = try await alice.send(LemmyV3.GetReplies(ApiGetReplies(sort: .old, limit: 50))).replies.map(
                \.commentReply.published)
            #expect(oldest.count >= 2 && oldest == oldest.sorted())
        }
    }

    @Test(
        "0.18/0.19: a bot's reply leaves when bots are hidden; 0.19 leaves out blocked people's; a removed reply keeps its text",
        arguments: [LemmyDialect.v0_18, .v0_19])
    func filters(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let carol = try await TestClient(server).login("carol")
            let bob = try await TestClient(server).login("bob")
            let parent = try await alice.comment(post: 1, parent: nil, "Alice asks").comment.id
            let text = "Carol answers"
            let reply = try await carol.comment(post: 1, parent: parent, text).comment.id
            func listed() async throws -> ApiCommentReplyView? {
                try await alice.send(LemmyV3.GetReplies(ApiGetReplies(sort: .new, limit: 50))).replies.first { $0.comment.id == reply }
            }
            // Removed by the community's moderator: still listed, with its text (0.19's comment
            // view would blank it; its reply view does not).
            let unread = try await alice.unreadTotal()
            let remove = ApiRemoveComment(commentId: reply, removed: true, reason: "Rude")
            #expect(try await bob.send(LemmyV3.RemoveComment(remove)).commentView.comment.removed)
            #expect(try await listed()?.comment.content == text)
            // Listed, but no longer counted as unread (`get_unread_replies`).
            #expect(try await alice.unreadTotal() == unread - 1)

            #expect(try await carol.sendRaw(LemmyV3.SaveUserSettings(ApiSaveUserSettings(botAccount: true))).status == 200)
            #expect(try await alice.sendRaw(LemmyV3.SaveUserSettings(ApiSaveUserSettings(showBotAccounts: false))).status == 200)
            #expect(try await listed() == nil)
            #expect(try await alice.sendRaw(LemmyV3.SaveUserSettings(ApiSaveUserSettings(showBotAccounts: true))).status == 200)
            #expect(try await listed() != nil)

            try await alice.blockPerson(4, true)
            #expect(try await listed() == nil || dialect == .v0_18)
            #expect(try await listed()?.creatorBlocked ?? true)
        }
    }

    @Test("1.0 notifications: deleted replies leave, the creator filter, the conversation, a zero creator id for non-admins, a strict type")
    func notifications() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let carol = try await TestClient(server).login("carol")
            let admin = try await TestClient(server).login("admin")
            func list(_ client: TestClient, _ form: ApiListNotifications) async throws -> [ApiNotificationView] {
                try await client.send(LemmyV4.ListNotifications(form)).items
            }
            let parent = try await alice.comment(post: 1, parent: nil, "Alice asks").comment.id
            let reply = try await carol.comment(post: 1, parent: parent, "Carol answers").comment.id
            let unreadBefore = try await alice.unreadTotal()
            let found = try #require(try await list(alice, ApiListNotifications(limit: 50)).first { $0.notification.commentId == reply })
            #expect(found.notification.creatorId == 0)
            // The creator filter matches the real creator, though it is not shown.
            let byCarol = try await list(alice, ApiListNotifications(creatorId: 4, limit: 50))
            #expect(byCarol.contains { $0.notification.commentId == reply })
            #expect(try await list(alice, ApiListNotifications(creatorId: 3, limit: 50)).allSatisfy { $0.notification.commentId != reply })

            // An admin sees who.
            let adminsParent = try await admin.comment(post: 1, parent: nil, "Admin asks").comment.id
            let toAdmin = try await carol.comment(post: 1, parent: adminsParent, "Carol answers the admin").comment.id
            let adminSees = try await list(admin, ApiListNotifications(limit: 50)).first { $0.notification.commentId == toAdmin }
            #expect(adminSees?.notification.creatorId == 4)

            // Deleted by its author: out of the list and the count.
            _ = try await carol.send(LemmyV4.DeleteComment(ApiDeleteComment(commentId: reply, deleted: true)))
            #expect(try await list(alice, ApiListNotifications(limit: 50)).allSatisfy { $0.notification.commentId != reply })
            #expect(try await alice.unreadTotal() == unreadBefore - 1)

            // The conversation with carol: her message to alice and alice's to her.
            let sent = try await alice.send(LemmyV4.CreatePrivateMessage(ApiCreatePrivateMessage(content: "Hi Carol", recipientId: 4)))
            let answer = try await carol.send(LemmyV4.CreatePrivateMessage(ApiCreatePrivateMessage(content: "Hi Alice", recipientId: 2)))
            let conversation = try await list(
                alice, ApiListNotifications(type: .string("private_message"), creatorId: 4, limit: 50)
            ).compactMap(\.notification.privateMessageId)
            #expect(
                Set(conversation).isSuperset(of: [sent.privateMessageView.privateMessage.id, answer.privateMessageView.privateMessage.id]))
            // With bob: neither.
            let withBob = try await list(alice, ApiListNotifications(type: .string("private_message"), creatorId: 3, limit: 50))
            #expect(
                withBob.allSatisfy {
                    ![sent.privateMessageView.privateMessage.id, answer.privateMessageView.privateMessage.id].contains(
                        $0.notification.privateMessageId)
                })
            // Unread only: what came to alice.
            let unread = try await list(alice, ApiListNotifications(type: .string("private_message"), unreadOnly: true, limit: 50))
            #expect(unread.contains { $0.notification.privateMessageId == answer.privateMessageView.privateMessage.id })
            #expect(unread.allSatisfy { $0.notification.recipientId == 2 })

            let bogus = try await alice.sendRaw(LemmyV4.ListNotifications(ApiListNotifications(type: .string("replies"))))
            #expect(bogus.status == 400)
        }
    }
}
