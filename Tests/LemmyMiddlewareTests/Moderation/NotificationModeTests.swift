import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Lemmy 1.0's notification settings through the middleware: the modes on the models, their
/// optimistic changes, and the notices they bring to the inbox. In the tiny seed bob moderates
/// communities 1 and 2.
@Suite("Notification modes and notices") @MainActor
struct NotificationModeTests {
    /// The notices in `client`'s inbox, oldest first.
    func notices(_ client: ApiClient) async throws -> [Notice1] {
        try await client.getNotifications(limit: 50, cursor: nil).items.compactMap { item -> Notice1? in
            if case .notice(let notice) = item { return notice }
            return nil
        }.sorted { $0.id < $1.id }
    }

    @Test("A community's mode is set optimistically, kept by a re-read, and brings its new posts and comments as notices")
    func communityMode() async throws {
        try await withServer(.v1_0) { server in
            let carol = try await login(server, "carol")
            let community = try await carol.getCommunity(id: 1)
            #expect(community.notificationMode == .repliesAndMentions)
            #expect(await community.setNotificationMode(.allPostsAndComments) == .confirmed)
            #expect(community.notificationMode == .allPostsAndComments)
            #expect(await community.setNotificationMode(.allPostsAndComments) == .unchanged)
            #expect(try await carol.getCommunity(id: 1).notificationMode == .allPostsAndComments)

            let bob = try await login(server, "bob")
            let post = try await bob.createPost(communityId: 1, title: "News for subscribers")
            let comment = try await bob.createComment(postId: post.id, parentId: nil, content: "And a comment")
            let found = try await notices(carol)
            #expect(found.map(\.reason) == [.subscribed, .subscribed])
            #expect(found.first?.post?.id == post.id && found.first?.comment == nil)
            #expect(found.last?.comment?.id == comment.id)
            // The same post model as any other read of it.
            #expect(found.first?.post === (try await carol.getPost(id: post.id)).post2)

            try await carol.refreshUnreadCounts()
            let unread = carol.account?.unread.total ?? 0
            let first = try #require(found.first)
            #expect(await first.markRead() == .confirmed)
            #expect(first.read)
            #expect(carol.account?.unread.total == unread - 1)
            #expect(await carol.markInboxRead() == .confirmed)
            #expect(found.allSatisfy { $0.read })
        }
    }

    @Test("A post's mode: all comments as notices; a mute silences replies; a mention in a post is a notice")
    func postMode() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            let bob = try await login(server, "bob")
            let host = "\(server.baseURL.host ?? ""):\(server.baseURL.port ?? 0)"
            let mine = try await alice.createPost(communityId: 1, title: "Alice asks", body: "Ping @bob@\(host)")
            #expect(try await notices(bob).map(\.reason) == [.mention])
            #expect(try await notices(bob).first?.post?.id == mine.id)

            let watched = try await bob.getPost(id: mine.id).post2
            #expect(await watched.setNotificationMode(.allComments) == .confirmed)
            _ = try await alice.createComment(postId: mine.id, parentId: nil, content: "Alice adds")
            #expect(try await notices(bob).map(\.reason) == [.mention, .subscribed])

            let own = try await alice.getPost(id: mine.id).post2
            #expect(await own.setNotificationMode(.mute) == .confirmed)
            _ = try await bob.createComment(postId: mine.id, parentId: nil, content: "Bob answers")
            let replies = try await alice.getReplies(limit: 50)
            #expect(replies.allSatisfy { $0.comment.post.id != mine.id })
            #expect(try await alice.getPost(id: mine.id).post2.notificationMode == .mute)
        }
    }

    @Test("A refusal rolls back; a lost answer is settled by a re-read; before 1.0 there are no settings")
    func failures() async throws {
        try await withServer(.v1_0) { server in
            let carol = try await login(server, "carol")
            let community = try await carol.getCommunity(id: 2)
            server.faults.add(FaultRule(.status(code: 400, error: "rate_limit_error"), route: "/community/notifications", count: 1))
            #expect(await community.setNotificationMode(.mute).error != nil)
            #expect(community.notificationMode == .repliesAndMentions)

            server.faults.add(FaultRule(.closeAfterHandling, route: "/community/notifications", count: 1))
            #expect(await community.setNotificationMode(.mute) == .confirmed)
            #expect(community.notificationMode == .mute)
            #expect(try await carol.getCommunity(id: 2).notificationMode == .mute)

            // An answer that does not confirm (`success: false`) is settled by reading the post
            // again: confirmed if the server holds the mode, else failed, showing what it holds.
            let post = try await carol.getPost(id: 1).post2
            server.faults.add(FaultRule(.rewriteBody(pattern: "true", replacement: "false"), route: "/post/notifications", count: 1))
            #expect(await post.setNotificationMode(.allComments) == .confirmed)
            #expect(post.notificationMode == .allComments)
            server.faults.add(FaultRule(.rewriteBody(pattern: "true", replacement: "false"), route: "/post/notifications", count: 1))
            server.faults.add(FaultRule(.rewriteBody(pattern: "\"mute\"", replacement: "\"all_comments\""), route: "/post", count: 1))
            #expect(await post.setNotificationMode(.mute).error?.kind == .unsupported)
            #expect(post.notificationMode == .allComments)

            // A mode a newer server names is shown, not sent.
            server.faults.add(FaultRule(.rewriteBody(pattern: "\"mute\"", replacement: "\"digest\""), route: "/community"))
            let other = try await carol.getCommunity(id: 2)
            #expect(other.notificationMode == .other("digest"))
            #expect(await other.setNotificationMode(.other("weekly")).error?.kind == .unsupported)
        }
        try await withServer(.v0_19) { server in
            let carol = try await login(server, "carol")
            let post = try await carol.getPost(id: 1).post2
            #expect(post.notificationMode == .repliesAndMentions)
            let result = await post.setNotificationMode(.allComments)
            #expect(result.error?.kind == .unavailableInVersion)
            #expect(post.notificationMode == .repliesAndMentions)
        }
    }

    @Test("What Lemmy marks read by itself shows at once: a 1.0 vote, an answer (every version); a 1.0 mention read lowers the total")
    func serverSideReads() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            let bob = try await login(server, "bob")
            let post = try await alice.createPost(communityId: 1, title: "Alice asks")
            _ = try await bob.createComment(postId: post.id, parentId: nil, content: "First")
            _ = try await bob.createComment(postId: post.id, parentId: nil, content: "Second")
            let replies = try await alice.getReplies(limit: 50).filter { $0.comment.post.id == post.id }
            #expect(replies.count == 2 && replies.allSatisfy { !$0.read })
            try await alice.refreshUnreadCounts()
            let before = alice.account?.unread.total ?? 0

            #expect(await post.toggleUpvote() == .confirmed)
            #expect(replies.allSatisfy { $0.read })
            #expect(alice.account?.unread.total == before - 2)
            try await alice.refreshUnreadCounts()
            #expect(alice.account?.unread.total == before - 2)

            let host = "\(server.baseURL.host ?? ""):\(server.baseURL.port ?? 0)"
            _ = try await bob.createComment(postId: 1, parentId: nil, content: "Hey @alice@\(host)")
            let mention = try #require(try await alice.getMentions(limit: 50, cursor: nil).items.first { !$0.read })
            try await alice.refreshUnreadCounts()
            let withMention = alice.account?.unread.total ?? 0
            #expect(await mention.markRead() == .confirmed)
            #expect(alice.account?.unread.total == withMention - 1)
        }
        for dialect in LemmyDialect.allCases {
            try await withServer(dialect) { server in
                let alice = try await login(server, "alice")
                let bob = try await login(server, "bob")
                let post = try await alice.createPost(communityId: 1, title: "Alice asks")
                let question = try await bob.createComment(postId: post.id, parentId: nil, content: "A question")
                let reply = try #require(try await alice.getReplies(limit: 50).first { $0.comment.id == question.id })
                #expect(!reply.read)
                _ = try await alice.createComment(postId: post.id, parentId: question.id, content: "An answer")
                #expect(reply.read, "\(dialect)")
                #expect(try await alice.getReplies(limit: 50).first { $0.comment.id == question.id }?.read == true)
            }
        }
    }
}
