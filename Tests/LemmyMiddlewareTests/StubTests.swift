import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Every stub (an ActivityPub id and a client) resolves over HTTP to the tier it promises, as
/// the client's live object for that id, in each dialect; a stub for an id the server does not
/// know fails with its version's not-found error.
@Suite("Stubs") @MainActor
struct StubTests {
    @Test("PostStub, PersonStub, CommunityStub and CommentStub resolve to the live tier-2 models", arguments: LemmyDialect.allCases)
    func stubsResolve(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let post = try await client.getPost(id: 11)
            let postStub = try await PostStub(api: client, actorId: post.actorId).upgrade()
            #expect(postStub === post.post2)

            let person = try await client.getPerson(id: post.creator.id)
            let personStub = try await PersonStub(api: client, actorId: person.actorId).upgrade()
            #expect(personStub === person.person2)

            let community = try await client.getCommunity(id: post.community.id)
            let communityStub = try await CommunityStub(api: client, actorId: community.actorId).upgrade()
            #expect(communityStub === community.community2)

            let comment = try #require(try await client.getComments(postId: post.id, limit: 5).items.first)
            let commentStub = try await CommentStub(api: client, actorId: comment.actorId).upgrade()
            #expect(commentStub === comment)

            // From the stub to the top tier in one call.
            #expect(try await AnyPost.upgrading(PostStub(api: client, actorId: post.actorId)).wrappedValue === post)
        }
    }

    @Test("A stub for an id the server does not know fails with its version's not-found error", arguments: LemmyDialect.allCases)
    func missingIds(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let expected: LemmyErrorCode = dialect == .v1_0 ? .resolveObjectFailed : .couldntFindObject
            let base = server.baseURL
            let stubs: [(String, () async throws(ApiClientError) -> Void)] = [
                (
                    "post",
                    { () async throws(ApiClientError) in
                        _ = try await PostStub(api: client, actorId: base.appending(path: "post/99999")).upgrade()
                    }
                ),
                (
                    "person",
                    { () async throws(ApiClientError) in
                        _ = try await PersonStub(api: client, actorId: base.appending(path: "u/nobody")).upgrade()
                    }
                ),
                (
                    "community",
                    { () async throws(ApiClientError) in
                        _ = try await CommunityStub(api: client, actorId: base.appending(path: "c/nothing")).upgrade()
                    }
                ),
                (
                    "comment",
                    { () async throws(ApiClientError) in
                        _ = try await CommentStub(api: client, actorId: base.appending(path: "comment/99999")).upgrade()
                    }
                ),
            ]
            for (kind, upgrade) in stubs {
                do throws(ApiClientError) {
                    try await upgrade()
                    Issue.record("a \(kind) stub for a missing id resolved")
                } catch {
                    #expect(error.lemmyCode == expected, "\(kind): \(error)")
                    #expect(error.isNotFound, "\(kind): \(error)")
                }
            }
        }
    }

    @Test("A stub of one kind for an object of another fails with a not-found error", arguments: LemmyDialect.allCases)
    func wrongKind(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let post = try await client.getPost(id: 11)
            do throws(ApiClientError) {
                _ = try await CommentStub(api: client, actorId: post.actorId).upgrade()
                Issue.record("a comment stub resolved a post")
            } catch {
                #expect(error.isNotFound)
            }
        }
    }

    @Test("A SiteStub for an instance that does not answer fails with a transport error")
    func unreachableSite() async throws {
        // Port 1 on loopback, as the transport tests use: nothing listens there, and no test
        // server can take it (they bind ephemeral ports). A stopped server's port was once reused
        // by a suite running alongside, and answered.
        let gone = URL(string: "http://127.0.0.1:1")!
        try await withServer(.v0_19) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil)
            do throws(ApiClientError) {
                _ = try await SiteStub(api: client, actorId: gone).upgrade()
                Issue.record("an instance that refuses connections answered")
            } catch {
                #expect(error.kind == .transport)
                #expect(!error.isNotFound)
            }
        }
    }

    @Test("isNotFound reads every version's way of saying so, and nothing else")
    func notFoundCodes() {
        #expect(ApiClientError.lemmy(.couldntFindPost).isNotFound)
        #expect(ApiClientError.lemmy(.notFound).isNotFound)
        #expect(ApiClientError.lemmy(.resolveObjectFailed, message: "Record not found").isNotFound)
        #expect(ApiClientError.httpStatus(404).isNotFound)
        #expect(!ApiClientError.httpStatus(500).isNotFound)
        #expect(!ApiClientError.lemmy(.bannedFromCommunity).isNotFound)
        #expect(!ApiClientError.transport("refused").isNotFound)
    }
}
