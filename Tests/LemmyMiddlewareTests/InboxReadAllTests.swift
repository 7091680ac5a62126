import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// `ApiClient.markInboxRead()`: the whole inbox read at once, on the server and in every loaded
/// model, rolled back on a refusal and reconciled after a lost answer.
@Suite("Inbox: mark all read") @MainActor
struct InboxReadAllTests {
    /// Bob's inbox with a reply and a message from alice, loaded (unread), and a message bob sent.
    struct Inbox {
        let bob: ApiClient
        let account: Account
        let reply: Reply1
        let received: Message1
        let sent: Message1?
        /// The sent message's flag as loaded (0.18 shows a sender's own messages as read).
        let sentRead: Bool?
    }

    static func inbox(_ server: LemmyTestServer) async throws -> Inbox {
        let bob = try await ApiClient.login(
            to: server.baseURL, username: "bob", password: "password", loader: ShortTimeoutLoader(faults: server.faults))
        let alice = try await login(server, "alice")
        let bobsComment = try await bob.createComment(postId: 10, parentId: nil, content: "Bob asks")
        _ = try await alice.createComment(postId: 10, parentId: bobsComment.id, content: "Alice answers")
        _ = try await alice.sendMessage("Hello Bob", to: 3)
        _ = try await bob.sendMessage("Hello Alice", to: 2)
        let account = try await bob.loadAccount()
        let reply = try #require(try await bob.getReplies(unreadOnly: true).first { $0.comment.content == "Alice answers" })
        let messages = try await bob.getMessages()
        let received = try #require(messages.first { $0.content == "Hello Bob" })
        #expect(!reply.read && !received.read && account.unread.total >= 2)
        let sent = messages.first { $0.content == "Hello Alice" }
        return Inbox(bob: bob, account: account, reply: reply, received: received, sent: sent, sentRead: sent?.read)
    }

    static func markAllRoute(_ dialect: LemmyDialect) -> String {
        dialect == .v1_0 ? "/account/notification/mark_as_read/all" : "/user/mark_all_as_read"
    }

    @Test("Every loaded reply and received message is read, the counts are zero, and the server agrees", arguments: LemmyDialect.allCases)
    func marksAll(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let inbox = try await Self.inbox(server)
            #expect(await inbox.bob.markInboxRead() == .confirmed)
            #expect(inbox.reply.read && inbox.received.read)
            #expect(inbox.account.unread == UnreadCounts())
            // Lemmy marks only messages to the account: the one bob sent keeps its flag.
            #expect(inbox.sent?.read == inbox.sentRead)
            #expect(dialect == .v1_0 || inbox.sent != nil)

            try await inbox.bob.refreshUnreadCounts()
            #expect(inbox.account.unread == UnreadCounts())
            #expect(try await inbox.bob.getReplies(unreadOnly: true).isEmpty)
            #expect(try await inbox.bob.getMessages(unreadOnly: true).isEmpty)
        }
    }

    @Test("A refusal puts every model and the counts back", arguments: LemmyDialect.allCases)
    func refusalRollsBack(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let inbox = try await Self.inbox(server)
            let counts = inbox.account.unread
            server.faults.add(FaultRule(.status(code: 400, error: "rate_limit_error"), route: Self.markAllRoute(dialect), count: 1))
            #expect(await inbox.bob.markInboxRead().isFailure)
            #expect(!inbox.reply.read && !inbox.received.read)
            #expect(inbox.account.unread == counts)
            try await inbox.bob.refreshUnreadCounts()
            #expect(inbox.account.unread == counts)
        }
    }

    @Test("A lost answer is confirmed from the server's lists and counts", arguments: LemmyDialect.allCases)
    func lostAnswer(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let inbox = try await Self.inbox(server)
            server.faults.add(FaultRule(.closeAfterHandling, route: Self.markAllRoute(dialect), count: 1))
            #expect(await inbox.bob.markInboxRead() == .confirmed)
            #expect(inbox.reply.read && inbox.received.read)
            #expect(inbox.account.unread == UnreadCounts())
        }
    }

    @Test("A lost answer whose re-read fails too puts the models and the counts back", arguments: LemmyDialect.allCases)
    func lostAnswerUnreadable(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let inbox = try await Self.inbox(server)
            let counts = inbox.account.unread
            server.faults.add(FaultRule(.closeAfterHandling, route: Self.markAllRoute(dialect), count: 1))
            let list = dialect == .v1_0 ? "/account/notification/list" : "/user/replies"
            server.faults.add(FaultRule(.status(code: 503, error: "temporarily_unavailable"), route: list, count: 1))
            #expect(await inbox.bob.markInboxRead().isFailure)
            #expect(!inbox.reply.read && !inbox.received.read)
            #expect(inbox.account.unread == counts)
        }
    }

    @Test("An item whose own markRead is in flight joins the batch, which has the last word")
    func itemInFlight() async throws {
        try await withServer(.v0_19) { server in
            let inbox = try await Self.inbox(server)
            // The item's own request is refused; the batch, queued behind it, succeeds.
            server.faults.add(FaultRule(.status(code: 400, error: "rate_limit_error"), route: "/comment/mark_as_read", count: 1))
            let single = Task { await inbox.reply.markRead() }
            await Task.yield()
            #expect(await inbox.bob.markInboxRead() == .confirmed)
            #expect(await single.value.isFailure)
            #expect(inbox.reply.read && inbox.received.read)
            #expect(inbox.account.unread == UnreadCounts())
        }
    }

    @Test("With nothing loaded, the request still goes out and the counts follow")
    func nothingLoaded() async throws {
        try await withServer(.v0_19) { server in
            let alice = try await login(server, "alice")
            _ = try await alice.sendMessage("Unseen", to: 3)
            let bob = try await login(server, "bob")
            let account = try await bob.loadAccount()
            #expect(account.unread.messages >= 1)
            #expect(await bob.markInboxRead() == .confirmed)
            #expect(account.unread == UnreadCounts())
            try await bob.refreshUnreadCounts()
            #expect(account.unread == UnreadCounts())
        }
    }
}
