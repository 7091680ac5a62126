import Foundation
import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Mutations whose answer is lost: the server may have made the change. The client re-reads and
/// adopts the server's state instead of rolling back a change that happened.
@Suite("Lost answers") @MainActor
struct LostAnswerTests {
    /// Logs alice in through a chain whose mutations give up after 5 s: Foundation's URLSession on
    /// Linux does not notice a connection the server closed mid-exchange and waits for its
    /// timeout (60 s by default), which is the transport's business, not these tests'.
    static func login(_ server: LemmyTestServer) async throws -> ApiClient {
        try await ApiClient.login(
            to: server.baseURL, username: "alice", password: "password", loader: ShortTimeoutLoader(faults: server.faults))
    }

    static func blockRoute(_ dialect: LemmyDialect) -> String {
        dialect == .v1_0 ? "/account/block/community" : "/community/block"
    }

    @Test("A vote or save whose answer is lost after the server applied it is confirmed, not rolled back", arguments: LemmyDialect.allCases)
    func lostVoteAndSave(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await Self.login(server)
            let post = try await client.getPost(id: 3)
            #expect(post.votes.myVote == .none)
            server.faults.add(FaultRule(.truncatedBody, route: "/post/like", count: 1))
            #expect(await post.toggleUpvote() == .confirmed)
            #expect(post.votes.myVote == .upvote)

            let saved = post.saved
            server.faults.add(FaultRule(.closeAfterHandling, route: "/post/save", count: 1))
            #expect(await post.toggleSave() == .confirmed)
            #expect(post.saved == !saved)

            // Refused before it was read: nothing happened, and the model says so.
            server.faults.add(FaultRule(.closeConnection, route: "/post/save", count: 1))
            #expect(await post.toggleSave().isFailure)
            #expect(post.saved == !saved)

            let other = try await Self.login(server)
            #expect(other !== client)
            let truth = try await other.getPost(id: 3)
            #expect(truth.votes == post.votes)
            #expect(truth.saved == post.saved)
        }
    }

    @Test(
        "Through the default chain, a mutation whose connection is dropped fails at once, not at the deadline",
        arguments: LemmyDialect.allCases)
    func droppedConnectionDefaultChain(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await ApiClient.login(to: server.baseURL, username: "alice", password: "password")
            let post = try await client.getPost(id: 3)
            let vote = post.votes
            // A POST: the default chain does not send it again, so the drop reaches the model.
            server.faults.add(FaultRule(.closeConnection, route: "/post/like", count: 1))
            let result = await post.toggleUpvote()
            guard case .failed(let error) = result else {
                Issue.record("a dropped vote ended \(result)")
                return
            }
            #expect(error.kind == .transport)
            // A deadline's failure names its code first; the default minute would stall every lost answer.
            #expect(!(error.reason ?? "").hasPrefix("\(LoadError.Code.timedOut)"), "\(error)")
            #expect(post.votes == vote)
        }
    }

    @Test("Subscribe, block, mark read and a comment vote survive a lost answer", arguments: LemmyDialect.allCases)
    func lostOthers(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await Self.login(server)
            try await client.loadAccount()
            let post = try await client.getPost(id: 5)
            let community = post.community2
            let follow = !community.subscription.isSubscribed
            server.faults.add(FaultRule(.closeAfterHandling, route: "/community/follow", count: 1))
            #expect(await community.toggleSubscribe() == .confirmed)
            #expect(community.subscription.isSubscribed == follow)
            #expect(client.account?.subscribedCommunityIds.contains(community.id) == follow)

            // Read before the block: from 0.19 on a blocked community's comments leave every list.
            let comment = try #require(try await client.getComments(postId: 5, limit: 5).items.first)
            server.faults.add(FaultRule(.truncatedBody, route: Self.blockRoute(dialect), count: 1))
            let blocked = post.community.blocked
            #expect(await post.community.toggleBlock() == .confirmed)
            #expect(post.community.blocked == !blocked)
            #expect(client.account?.blockedCommunityIds.contains(community.id) == !blocked)

            if !post.read {
                server.faults.add(FaultRule(.closeAfterHandling, route: "/post/mark_as_read", count: 1))
                #expect(await post.markRead() == .confirmed)
                #expect(post.read)
            }

            let vote = comment.votes.myVote
            server.faults.add(FaultRule(.closeAfterHandling, route: "/comment/like", count: 1))
            #expect(await comment.toggleDownvote() == .confirmed)
            #expect(comment.votes.myVote == (vote == .downvote ? .none : .downvote))

            let other = try await Self.login(server)
            try await other.loadAccount()
            let truth = try await other.getPost(id: 5)
            #expect(truth.read == post.read)
            #expect(truth.community2.subscription.isSubscribed == follow)
            #expect(other.account?.blockedCommunityIds == client.account?.blockedCommunityIds)
            #expect(try await other.getComment(id: comment.id).votes == comment.votes)
        }
    }

    @Test("Marking a reply read whose answer is lost is confirmed, and the unread count is the server's", arguments: LemmyDialect.allCases)
    func lostInboxRead(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await ApiClient.login(to: server.baseURL, username: "bob", password: "password", loader: ShortTimeoutLoader())
            let alice = try await Self.login(server)
            let bobsComment = try await bob.createComment(postId: 10, parentId: nil, content: "Bob asks")
            _ = try await alice.createComment(postId: 10, parentId: bobsComment.id, content: "Alice answers")
            let account = try await bob.loadAccount()
            let unread = account.unread.replies
            let reply = try #require(try await bob.getReplies(unreadOnly: true).first { $0.comment.content == "Alice answers" })
            let route = dialect == .v1_0 ? "/account/notification/mark_as_read" : "/comment/mark_as_read"
            server.faults.add(FaultRule(.closeAfterHandling, route: route, count: 1))
            #expect(await reply.markRead() == .confirmed)
            #expect(reply.read)
            #expect(account.unread.replies == unread - 1)
            try await bob.refreshUnreadCounts()
            #expect(account.unread.replies == unread - 1)
        }
    }

    @Test("A comment whose answer is lost is found, never posted twice", arguments: LemmyDialect.allCases)
    func createCommentOnce(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await Self.login(server)
            let text = "lost answer \(UUID().uuidString)"
            server.faults.add(FaultRule(.closeAfterHandling, route: "/comment", method: "POST", count: 1))
            let comment = try await client.createComment(postId: 6, parentId: nil, content: text)
            #expect(comment.content == text)

            // The answer is lost and the search fails too: the error surfaces, and the retry
            // finds the comment instead of posting it again.
            let reply = "lost reply \(UUID().uuidString)"
            server.faults.add(FaultRule(.closeAfterHandling, route: "/comment", method: "POST", count: 1))
            server.faults.add(FaultRule(.status(code: 503, error: "temporarily_unavailable"), route: "/comment/list", count: 1))
            await #expect(throws: ApiClientError.self) {
                _ = try await client.createComment(postId: 6, parentId: comment.id, content: reply)
            }
            server.faults.clear()
            let retried = try await client.createComment(postId: 6, parentId: comment.id, content: reply)
            #expect(retried.content == reply)
            #expect(retried.path.dropLast().last == comment.id)

            let all = try await client.asGuest().getComments(postId: 6, limit: 50).items
            #expect(all.filter { $0.content == text }.count == 1)
            #expect(all.filter { $0.content == reply }.count == 1)
        }
    }

    @Test("A post whose answer is lost is found, never created twice", arguments: LemmyDialect.allCases)
    func createPostOnce(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await Self.login(server)
            let title = "lost post \(UUID().uuidString)"
            server.faults.add(FaultRule(.closeAfterHandling, route: "/post", method: "POST", count: 1))
            let post = try await client.createPost(communityId: 2, title: title, body: "Body")
            #expect(post.title == title)
            #expect(post.creator.name == "alice")
            #expect(try await client.getPost(id: post.id).post2 === post)

            // The answer is lost and the search fails too: the error surfaces, and the retry
            // finds the post instead of creating it again.
            let second = "lost again \(UUID().uuidString)"
            let link = URL(string: "https://example.com/article")!
            server.faults.add(FaultRule(.truncatedBody, route: "/post", method: "POST", count: 1))
            server.faults.add(FaultRule(.status(code: 503, error: "temporarily_unavailable"), route: "/post/list", count: 1))
            await #expect(throws: ApiClientError.self) {
                _ = try await client.createPost(communityId: 2, title: second, url: link)
            }
            server.faults.clear()
            let retried = try await client.createPost(communityId: 2, title: second, url: link)
            #expect(retried.title == second)
            #expect(retried.linkURL == link)

            let posts = try await client.asGuest().getPosts(feed: .community(id: 2), sort: .new, limit: 50).items
            #expect(posts.filter { $0.title == title }.count == 1)
            #expect(posts.filter { $0.title == second }.count == 1)

            // Closed before the server read it: the search finds nothing, the error surfaces, and
            // the retry creates the post once.
            let third = "never arrived \(UUID().uuidString)"
            server.faults.add(FaultRule(.closeConnection, route: "/post", method: "POST", count: 1))
            await #expect(throws: ApiClientError.self) { _ = try await client.createPost(communityId: 2, title: third) }
            server.faults.clear()
            _ = try await client.createPost(communityId: 2, title: third)
            let after = try await client.asGuest().getPosts(feed: .community(id: 2), sort: .new, limit: 50).items
            #expect(after.filter { $0.title == third }.count == 1)
        }
    }
}

/// The default terminal with no retries and a 5 s timeout on the mutations whose answers the tests
/// lose (URLSession, the terminal on Apple platforms, may wait for a timeout there).
///
/// Reads and the login keep the default timeout: under the thread sanitizer, with every suite
/// running at once on two cores, an ordinary answer can take seconds, and only a lost answer
/// should ever wait for the short one.
final class ShortTimeoutLoader: HTTPLoader {
    private let next = LemmyRawClient.defaultTerminal()
    private let faults: FaultInjector?

    /// `faults`, if given, are the server's: a request a latency rule will hold gets the short
    /// deadline too, so a test waits seconds for the deadline, not the default minute.
    init(faults: FaultInjector? = nil) { self.faults = faults }

    func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        var request = request
        let isLogin = (request.head.path ?? "").hasSuffix("/login")
        if (request.head.method != .get && !isLogin) || willBeHeld(request) {
            request.options[TimeoutOption.self] = .seconds(5)
        }
        return try await next.load(request)
    }

    private func willBeHeld(_ request: LoadRequest) -> Bool {
        guard let faults else { return false }
        let path = request.pathWithoutQuery
        return faults.rules.contains { rule in
            guard case .latency = rule.fault else { return false }
            return rule.matches(path: path, method: request.head.method.rawValue)
        }
    }

    func reset(in context: ResetContext) async {
        await next.reset(in: context)
    }
}
