import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Tier 2 of replies and messages, read over HTTP in each dialect: a reply gets its post, the
/// post's community, its author's profile and the comment it answers; a message both people's
/// profiles. The tier-2 models are the client's live objects for those ids.
@Suite("Inbox tier 2") @MainActor
struct InboxUpgradeTests {
    @Test("A reply to a comment upgrades to Reply2: post, community, author and the comment answered", arguments: LemmyDialect.allCases)
    func replyToComment(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let alice = try await login(server, "alice")
            let bobsComment = try await bob.getPost(id: 10).reply("Bob's comment")
            _ = try await alice.getComment(id: bobsComment.id).reply("Alice answers Bob")
            let reply = try #require(try await bob.getReplies().first { $0.comment.content == "Alice answers Bob" })
            #expect(reply.post2_ == nil && reply.parent_ == nil)

            let upgraded = try await reply.upgrade()
            let reply2 = try #require(upgraded as? Reply2)
            #expect(reply2.reply1 === reply)
            #expect(reply2.post2.id == 10 && reply2.post2.post1 === reply.comment.post)
            #expect(reply2.community2.id == reply.comment.community.id)
            #expect(reply2.creator2.name == "alice" && reply2.creator2.person1 === reply.comment.creator)
            #expect(reply2.creator2.commentCount >= 1)
            let parent = try #require(reply2.parent)
            #expect(parent.id == bobsComment.id && parent === bobsComment)
            #expect(reply2.post2_ === reply2.post2 && reply2.parent_ === parent)

            // The top tier returns itself; the wrapper stops there.
            #expect(try await reply2.upgrade() === reply2)
            let any = AnyReply(reply)
            try await any.upgrade()
            #expect(any.wrappedValue === reply2)
        }
    }

    @Test("A reply to the account's post has no parent comment", arguments: LemmyDialect.allCases)
    func replyToPost(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let alice = try await login(server, "alice")
            let bobsPost = try await bob.createPost(communityId: 1, title: "Bob asks")
            _ = try await alice.getPost(id: bobsPost.id).reply("Alice answers the post")
            let reply = try #require(try await bob.getReplies().first { $0.comment.content == "Alice answers the post" })
            let reply2 = try #require(try await reply.upgrade() as? Reply2)
            #expect(reply2.parent == nil)
            #expect(reply2.post2.id == bobsPost.id && reply2.post2.title == "Bob asks")
            #expect(reply2.community2.id == 1)
        }
    }

    @Test(
        "A reply whose post cannot be read fails to upgrade with the server's typed error; a retry works", arguments: LemmyDialect.allCases)
    func replyUpgradeFailure(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let alice = try await login(server, "alice")
            let bobsComment = try await bob.getPost(id: 10).reply("Bob's comment")
            _ = try await alice.getComment(id: bobsComment.id).reply("Alice answers Bob")
            let reply = try #require(try await bob.getReplies().first { $0.comment.content == "Alice answers Bob" })
            // GetPost answers as each version answers a post it cannot find.
            let (status, code) = dialect == .v1_0 ? (404, "not_found") : (400, "couldnt_find_post")
            server.faults.add(FaultRule(.status(code: status, error: code), route: "/post", method: "GET", count: 1))
            do throws(ApiClientError) {
                _ = try await reply.upgrade()
                Issue.record("the upgrade ignored the failed GetPost")
            } catch {
                #expect(error.lemmyCode == (dialect == .v1_0 ? .notFound : .couldntFindPost))
            }
            #expect(reply.post2_ == nil)
            #expect(try await reply.upgrade() is Reply2)
        }
    }

    @Test("A message upgrades to Message2 with the sender's and the recipient's profiles", arguments: LemmyDialect.allCases)
    func message(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let alice = try await login(server, "alice")
            let bobsAccount = try await bob.getPerson(name: "bob")
            _ = try await alice.sendMessage("Hello Bob", to: bobsAccount.id)
            let message = try #require(try await bob.getMessages().first { $0.content == "Hello Bob" })
            #expect(message.creator2_ == nil)

            let message2 = try #require(try await message.upgrade() as? Message2)
            #expect(message2.message1 === message)
            #expect(message2.creator2.name == "alice" && message2.creator2.person1 === message.creator)
            #expect(message2.recipient2.name == "bob" && message2.recipient2.person1 === message.recipient)
            #expect(message2.recipient2.postCount >= 0 && message2.creator2.id != message2.recipient2.id)
            #expect(try await message2.upgrade() === message2)
            let any = AnyMessage(message)
            try await any.upgrade()
            #expect(any.wrappedValue === message2)
        }
    }
}
