import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Content of communities on other instances. Outside a community Lemmy lists what the caller's
/// default listing says when no type is sent, `Local` unless changed: every read that means
/// "all of it" must say `All`, or a remote post's comments and saved posts go missing.
@Suite("Remote content") @MainActor
struct RemoteContentTests {
    static let world = SeedWorlds.remoteCommunity

    /// A post of the world's remote community that has comments, read as alice.
    static func remotePost(_ client: ApiClient) async throws -> Post2 {
        let posts = try await client.getPosts(feed: .community(id: world.communityId), sort: .new, limit: 50).items
        for post in posts where post.commentCount > 0 { return post }
        throw NoRemotePost()
    }

    struct NoRemotePost: Error {}

    @Test("A remote post's comments are read, and a comment whose answer is lost is found there", arguments: LemmyDialect.allCases)
    func commentsOfARemotePost(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: Self.world.scale, seed: Self.world.seed) { server in
            let client = try await login(server, "alice")
            let post = try await Self.remotePost(client)
            #expect(!post.community.isLocal)
            #expect(try await !client.getComments(postId: post.id, limit: 50).items.isEmpty)

            // The answer is lost: the client looks for the comment among the post's comments.
            let text = "lost on a remote post \(UUID().uuidString)"
            server.faults.add(FaultRule(.closeAfterHandling, route: "/comment", method: "POST", count: 1))
            let lost = try await ApiClient.login(
                to: server.baseURL, username: "alice", password: "password", loader: ShortTimeoutLoader(faults: server.faults))
            let comment = try await lost.createComment(postId: post.id, parentId: nil, content: text)
            #expect(comment.content == text)
            let all = try await client.getComments(postId: post.id, sort: .new, limit: 50).items
            #expect(all.filter { $0.content == text }.count == 1)
        }
    }

    @Test("A saved remote post is among the saved posts (0.18, 0.19 list them with GetPosts)", arguments: LemmyDialect.allCases)
    func savedRemotePost(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: Self.world.scale, seed: Self.world.seed) { server in
            let client = try await login(server, "alice")
            let post = try await Self.remotePost(client)
            if !post.saved { #expect(await post.toggleSave() == .confirmed) }
            let saved = try await client.getSaved(comments: false, limit: 50, cursor: nil).items
            #expect(saved.contains { if case .post(let item) = $0 { item.id == post.id } else { false } })

            let comment = try #require(try await client.getComments(postId: post.id, limit: 1).items.first)
            if !comment.saved { #expect(await comment.toggleSave() == .confirmed) }
            let savedComments = try await client.getSaved(comments: true, limit: 50, cursor: nil).items
            #expect(savedComments.contains { if case .comment(let item) = $0 { item.id == comment.id } else { false } })
        }
    }
}
