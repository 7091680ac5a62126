import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The LemmyAPI raw client against the test server over real HTTP, in every dialect: the client
/// finds the version itself and places the token as that version wants.
@Suite struct RawClientTests {
    @Test(arguments: [LemmyDialect.v0_18, .v0_19, .v1_0])
    func detectsTheVersionAndReadsPostsAsAGuest(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = LemmyRawClient(instanceURL: server.baseURL)
            #expect(client.knownServerVersion == nil)
            let version = try await client.serverVersion()
            #expect(version.generation == (dialect == .v1_0 ? .v4 : .v3))
            #expect(client.knownServerVersion == version)
            let titles: [String]
            switch dialect {
            case .v1_0: titles = try await client.send(LemmyV4.GetPosts(ApiGetPosts(limit: 5))).items.map(\.post.name)
            default: titles = try await client.send(LemmyV3.GetPosts(ApiGetPosts(limit: 5))).posts.map(\.post.name)
            }
            #expect(titles.count == 5)
        }
    }

    @Test(arguments: [LemmyDialect.v0_18, .v0_19, .v1_0])
    func logsInAndVotesAsThatUserOnly(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let guest = LemmyRawClient(instanceURL: server.baseURL)
            let login = ApiLogin(usernameOrEmail: "alice", password: "password")
            let jwt = try #require(
                dialect == .v1_0
                    ? try await guest.send(LemmyV4.Login(login)).jwt
                    : try await guest.send(LemmyV3.Login(login)).jwt)
            let alice = LemmyRawClient(instanceURL: server.baseURL, token: jwt)

            if dialect == .v1_0 {
                let post = try #require(try await alice.send(LemmyV4.GetPosts(ApiGetPosts(limit: 1))).items.first)
                let voted = try await alice.send(LemmyV4.LikePost(ApiCreatePostLike(postId: post.post.id, isUpvote: true))).postView
                #expect(voted.postActions?.voteIsUpvote == true)
                let seenByGuest = try await guest.send(LemmyV4.GetPost(ApiGetPost(id: post.post.id))).postView
                #expect(seenByGuest.postActions?.voteIsUpvote == nil)
            } else {
                let post = try #require(try await alice.send(LemmyV3.GetPosts(ApiGetPosts(limit: 1))).posts.first)
                let before = try #require(post.counts?.score)
                let voted = try await alice.send(LemmyV3.LikePost(ApiCreatePostLike(postId: post.post.id, score: post.myVote == 1 ? 0 : 1)))
                    .postView
                #expect(voted.myVote == (post.myVote == 1 ? 0 : 1))
                #expect(voted.counts?.score == before + (post.myVote == 1 ? -1 : 1))
                let seenByGuest = try await guest.send(LemmyV3.GetPost(ApiGetPost(id: post.post.id))).postView
                #expect(seenByGuest.myVote == nil)
            }
        }
    }

    @Test(arguments: [LemmyDialect.v0_18, .v0_19, .v1_0])
    func aWrongPasswordIsATypedIncorrectLogin(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = LemmyRawClient(instanceURL: server.baseURL)
            let login = ApiLogin(usernameOrEmail: "alice", password: "wrong")
            do throws(LemmyClientError) {
                if dialect == .v1_0 {
                    _ = try await client.send(LemmyV4.Login(login))
                } else {
                    _ = try await client.send(LemmyV3.Login(login))
                }
                Issue.record("expected a failure")
            } catch {
                #expect(error.lemmyErrorCode == .incorrectLogin)
                #expect(!error.description.contains("wrong"))
            }
        }
    }

    @Test(arguments: [LemmyDialect.v0_18, .v0_19, .v1_0])
    func rateLimitingIsARetryableTypedError(_ dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = LemmyRawClient(instanceURL: server.baseURL)
            _ = try await client.serverVersion()
            server.faults.add(FaultRule(.lemmyRateLimit, route: "/post"))
            do throws(LemmyClientError) {
                if dialect == .v1_0 {
                    _ = try await client.send(LemmyV4.GetPost(ApiGetPost(id: 1)))
                } else {
                    _ = try await client.send(LemmyV3.GetPost(ApiGetPost(id: 1)))
                }
                Issue.record("expected a failure")
            } catch {
                guard case .rateLimited = error else {
                    Issue.record("expected rateLimited, got \(error)")
                    return
                }
                #expect(error.isRetryable)
            }
        }
    }
}
