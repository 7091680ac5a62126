import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Who hears of a comment on 0.18 and 0.19 (`send_local_notifs` in `api_common/src/build_response.rs`
/// at each tag), and what Lemmy marks read by itself: the notifications about the parent when
/// someone answers it (every version, `comment/create.rs`), and on 1.0 the voter's notifications
/// about what they vote on (`post/like.rs`, `comment/like.rs`). In the tiny seed bob moderates
/// communities 1 and 2.
@Suite("Inbox side effects of comments and votes")
struct InboxSideEffectTests {
    func domain(_ server: LemmyTestServer) -> String { "\(server.baseURL.host ?? ""):\(server.baseURL.port ?? 0)" }

    func newPost(_ client: TestClient) async throws -> Int {
        if client.v4 {
            return try await client.send(LemmyV4.CreatePost(ApiCreatePost(name: "A post to answer", communityId: 1))).postView.post.id
        }
        return try await client.send(LemmyV3.CreatePost(ApiCreatePost(name: "A post to answer", communityId: 1))).postView.post.id
    }

    func editComment(_ client: TestClient, _ id: Int, _ content: String) async throws {
        if client.v4 {
            _ = try await client.send(LemmyV4.EditComment(ApiEditComment(commentId: id, content: content)))
        } else {
            _ = try await client.send(LemmyV3.EditComment(ApiEditComment(commentId: id, content: content)))
        }
    }

    /// The ids of the comments mentioning `client` (0.18/0.19 person mentions, 1.0 notifications), unread only if asked.
    func mentionedIn(_ client: TestClient, unreadOnly: Bool = false) async throws -> [Int] {
        if client.v4 {
            let page = try await client.send(LemmyV4.ListNotifications(ApiListNotifications(unreadOnly: unreadOnly, limit: 50)))
            return page.items.filter { $0.notification.kind == .mention }.compactMap(\.notification.commentId)
        }
        let form = ApiGetPersonMentions(sort: .new, limit: 50, unreadOnly: unreadOnly)
        return try await client.send(LemmyV3.GetPersonMentions(form)).mentions.map(\.comment.id)
    }

    @Test("Answering a comment marks the writer's notification about it read", arguments: LemmyDialect.allCases)
    func answeringMarksRead(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let post = try await newPost(alice)
            let question = try await bob.comment(post: post, parent: nil, "A question for @alice@\(domain(server))").comment.id
            // A reply on 0.18 and 1.0, a mention on 0.18 and 0.19 (see legacyMentions and the 1.0 suite).
            #expect(try await alice.unreadReplyCommentIds().contains(question) == (dialect != .v0_19))
            #expect(try await mentionedIn(alice, unreadOnly: true).contains(question) == (dialect != .v1_0))
            _ = try await alice.comment(post: post, parent: question, "An answer")
            #expect(try await alice.unreadReplyCommentIds().contains(question) == false)
            #expect(try await mentionedIn(alice, unreadOnly: true).contains(question) == false)
        }
    }

    @Test("0.19 mentions the parent's author instead of replying; 0.18 does both; an edit adds only new mentions")
    func legacyMentions() async throws {
        for dialect in [LemmyDialect.v0_18, .v0_19] {
            try await withServer(dialect) { server in
                let alice = try await TestClient(server).login("alice")
                let bob = try await TestClient(server).login("bob")
                let carol = try await TestClient(server).login("carol")
                let post = try await newPost(alice)
                let comment = try await bob.comment(post: post, parent: nil, "Hello @alice@\(domain(server))").comment.id
                #expect(try await mentionedIn(alice).contains(comment))
                #expect(try await alice.unreadReplyCommentIds().contains(comment) == (dialect == .v0_18))

                #expect(try await mentionedIn(carol).contains(comment) == false)
                try await editComment(bob, comment, "Hello @alice@\(domain(server)) and @carol@\(domain(server))")
                #expect(try await mentionedIn(carol).filter { $0 == comment }.count == 1)
                #expect(try await mentionedIn(alice).filter { $0 == comment }.count == 1)
                try await editComment(bob, comment, "Hello again @carol@\(domain(server))")
                #expect(try await mentionedIn(carol).filter { $0 == comment }.count == 1)
            }
        }
    }

    @Test("0.19 sends no reply to someone who blocks the community; 0.18 looks at person blocks only")
    func legacyReplyBlocks() async throws {
        for dialect in [LemmyDialect.v0_18, .v0_19] {
            try await withServer(dialect) { server in
                let alice = try await TestClient(server).login("alice")
                let bob = try await TestClient(server).login("bob")
                let post = try await newPost(alice)
                _ = try await alice.sendRaw(LemmyV3.BlockCommunity(ApiBlockCommunity(communityId: 1, block: true)))
                let comment = try await bob.comment(post: post, parent: nil, "Hello").comment.id
                #expect(try await alice.unreadReplyCommentIds().contains(comment) == (dialect == .v0_18))
            }
        }
    }

    @Test("1.0: a vote on a post marks the voter's notifications about it and its comments read; a vote on a comment, that comment's")
    func votesMarkRead() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let post = try await newPost(alice)
            let first = try await bob.comment(post: post, parent: nil, "First").comment.id
            let second = try await bob.comment(post: post, parent: nil, "Second").comment.id
            #expect(Set(try await alice.unreadReplyCommentIds()).isSuperset(of: [first, second]))
            _ = try await alice.send(LemmyV4.LikeComment(ApiCreateCommentLike(commentId: first, isUpvote: true)))
            let afterCommentVote = try await alice.unreadReplyCommentIds()
            #expect(!afterCommentVote.contains(first) && afterCommentVote.contains(second))
            _ = try await alice.vote(post: post, 0)
            #expect(try await alice.unreadReplyCommentIds().contains(second) == false)
        }
    }
}
