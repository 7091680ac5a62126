import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// What each version answers for an inbox entry, a private message or a report that is not there
/// or not the caller's. 0.18 reads these rows with `?`, so a missing one is diesel's NotFound as
/// it is: 404 `Record not found` as text. 0.19 names it (`couldnt_find_comment_reply`, ...).
/// Marking someone else's reply, mention or message read is refused with `couldnt_update_*`
/// (`mark_reply_read.rs`, `mark_mention_read.rs`, `private_message/mark_read.rs`). 1.0 marks the
/// notifications with that id *and* that recipient (`mark_read_by_id_and_person`), and answers
/// success whether there were any.
@Suite("Missing and foreign rows as each version answers them")
struct MissingRowFidelityTests: RefusalChecking {
    /// Alice's reply from Carol: the inbox id 0.18 and 0.19 mark (the reply's), or 1.0's notification id.
    private func replyToAlice(_ alice: TestClient, _ carol: TestClient) async throws -> Int {
        let parent = try await alice.comment(post: 1, parent: nil, "Alice asks").comment.id
        let reply = try await carol.comment(post: 1, parent: parent, "Carol answers").comment.id
        if alice.dialect == .v1_0 {
            let page = try await alice.send(LemmyV4.ListNotifications(ApiListNotifications(unreadOnly: true, limit: 50)))
            return try #require(page.items.first { $0.notification.commentId == reply }?.notification.id)
        }
        let replies = try await alice.send(LemmyV3.GetReplies(ApiGetReplies(sort: .new, limit: 50, unreadOnly: true)))
        return try #require(replies.replies.first { $0.comment.id == reply }?.commentReply.id)
    }

    private func markRead(_ client: TestClient, _ id: Int) async throws -> TestClient.RawResponse {
        client.dialect == .v1_0
            ? try await client.sendRaw(LemmyV4.MarkNotificationAsRead(ApiMarkNotificationAsRead(notificationId: id, read: true)))
            : try await client.sendRaw(LemmyV3.MarkCommentReplyAsRead(ApiMarkCommentReplyAsRead(commentReplyId: id, read: true)))
    }

    @Test(
        "Marking someone else's reply read: 0.18/0.19 couldnt_update_comment; 1.0 success, and nothing changes",
        arguments: LemmyDialect.allCases)
    func foreignReply(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let carol = try await TestClient(server).login("carol")
            let id = try await replyToAlice(alice, carol)
            let unread = try await alice.unreadTotal()
            let answer = try await markRead(carol, id)
            if dialect == .v1_0 {
                #expect(answer.status == 200)
                #expect(try JSONSerialization.jsonObject(with: answer.body) as? [String: Bool] == ["success": true])
            } else {
                let (status, code, _) = refusal(answer)
                #expect(status == 400 && code == "couldnt_update_comment")
            }
            #expect(try await alice.unreadTotal() == unread)
        }
    }

    @Test(
        "An unknown reply or notification: 0.18 a bare 404, 0.19 couldnt_find_comment_reply, 1.0 success", arguments: LemmyDialect.allCases)
    func unknownReply(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let answer = try await markRead(alice, 999_999)
            let (status, code, message) = refusal(answer)
            switch dialect {
            case .v0_18: #expect(status == 404 && code == "text" && message == "Record not found")
            case .v0_19: #expect(status == 400 && code == "couldnt_find_comment_reply")
            case .v1_0: #expect(answer.status == 200)
            }
        }
    }

    @Test(
        "0.18/0.19: a message marked read by someone not its recipient is refused with couldnt_update_private_message",
        arguments: [LemmyDialect.v0_18, .v0_19])
    func foreignMessage(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let carol = try await TestClient(server).login("carol")
            let sent = try await alice.send(LemmyV3.CreatePrivateMessage(ApiCreatePrivateMessage(content: "Hi Carol", recipientId: 4)))
            let id = sent.privateMessageView.privateMessage.id
            let mark = LemmyV3.MarkPrivateMessageAsRead(ApiMarkPrivateMessageAsRead(privateMessageId: id, read: true))
            let (status, code, _) = refusal(try await bob.sendRaw(mark))
            #expect(status == 400 && code == "couldnt_update_private_message")
            #expect(try await carol.send(LemmyV3.GetUnreadCount(ApiGetUnreadCount(auth: ""))).privateMessages == 1)
        }
    }

    @Test("An unknown private message or report: 0.18 a bare 404, 0.19 couldnt_find_*, 1.0 not_found", arguments: LemmyDialect.allCases)
    func unknownMessageAndReports(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            func expectMissing(_ answer: TestClient.RawResponse, _ name: String) {
                let (status, code, message) = refusal(answer)
                switch dialect {
                case .v0_18: #expect(status == 404 && code == "text" && message == "Record not found", "\(name)")
                case .v0_19: #expect(status == 400 && code == "couldnt_find_\(name)")
                case .v1_0: #expect(status == 404 && code == "not_found", "\(name)")
                }
            }
            let edit = ApiEditPrivateMessage(privateMessageId: 999_999, content: "Edited")
            expectMissing(try await either(admin, LemmyV3.EditPrivateMessage(edit), LemmyV4.EditPrivateMessage(edit)), "private_message")
            let delete = ApiDeletePrivateMessage(privateMessageId: 999_999, deleted: true)
            expectMissing(
                try await either(admin, LemmyV3.DeletePrivateMessage(delete), LemmyV4.DeletePrivateMessage(delete)), "private_message")
            let report = ApiCreatePrivateMessageReport(privateMessageId: 999_999, reason: "Spam")
            expectMissing(
                try await either(admin, LemmyV3.CreatePrivateMessageReport(report), LemmyV4.CreatePrivateMessageReport(report)),
                "private_message")
            let post = ApiResolvePostReport(reportId: 999_999, resolved: true)
            expectMissing(try await either(admin, LemmyV3.ResolvePostReport(post), LemmyV4.ResolvePostReport(post)), "post_report")
            let messageReport = ApiResolvePrivateMessageReport(reportId: 999_999, resolved: true)
            expectMissing(
                try await either(
                    admin, LemmyV3.ResolvePrivateMessageReport(messageReport), LemmyV4.ResolvePrivateMessageReport(messageReport)),
                "private_message_report")
            // A missing registration application is the update's diesel NotFound: 0.19 passes it on
            // as it is too, 1.0 as couldnt_update (`RegistrationApplication::update`).
            let decide = ApiApproveRegistrationApplication(id: 999_999, approve: true)
            let (status, code, message) = refusal(
                try await either(admin, LemmyV3.ApproveRegistrationApplication(decide), LemmyV4.ApproveRegistrationApplication(decide)))
            switch dialect {
            case .v0_18: #expect(status == 404 && code == "text" && message == "Record not found")
            case .v0_19: #expect(status == 404 && code == "unknown" && message == "Record not found")
            case .v1_0: #expect(status == 400 && code == "couldnt_update")
            }
            if dialect != .v1_0 {
                let mark = LemmyV3.MarkPrivateMessageAsRead(ApiMarkPrivateMessageAsRead(privateMessageId: 999_999, read: true))
                expectMissing(try await admin.sendRaw(mark), "private_message")
            }
        }
    }
}
