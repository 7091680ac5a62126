import Foundation
@testable import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The seeded answers of every dialect, read by `LemmyResponseDecoder`'s fast path and by
/// `JSONDecoder`: the fast path must answer each one, with `JSONDecoder`'s value.
@Suite("Fast decoding of seeded answers")
struct FastDecodingServerTests {
    @Test("Each dialect's reads take the fast path and decode to JSONDecoder's value", arguments: LemmyDialect.allCases)
    func seededAnswers(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let client = try await TestClient(server).login("alice")
            var checked: [String] = []
            func check<R: LemmyRequest>(_ request: R) async throws where R.Response: Hashable {
                let raw = try await client.sendRaw(request)
                #expect(raw.status == 200, "\(R.path): HTTP \(raw.status)")
                let codable = try JSONDecoder().decode(R.Response.self, from: raw.body)
                let fastType = try #require(R.Response.self as? any LemmyFastDecodable.Type, "\(R.Response.self) has no fast path")
                let fast = LemmyResponseDecoder.fastDecode(fastType, from: raw.body) as? R.Response
                #expect(fast != nil, "\(R.path): the fast path gave up")
                #expect(fast == codable, "\(R.path): the fast path's value differs")
                checked.append(R.path)
            }
            let posts = try await client.posts(ApiGetPosts(limit: 50)).posts
            let post = try #require(posts.first { $0.counts?.comments ?? $0.post.comments ?? 0 > 0 } ?? posts.first)
            if dialect == .v1_0 {
                try await check(LemmyV4.GetSite())
                try await check(LemmyV4.GetPosts(ApiGetPosts(limit: 50)))
                try await check(LemmyV4.GetPost(ApiGetPost(id: post.post.id)))
                try await check(LemmyV4.GetComments(ApiGetComments(limit: 50, postId: post.post.id)))
                try await check(LemmyV4.ListCommunities(ApiListCommunities(limit: 50)))
                try await check(LemmyV4.GetCommunity(ApiGetCommunity(id: post.community.id)))
                try await check(LemmyV4.GetPersonDetails(ApiGetPersonDetails(personId: post.creator.id)))
                try await check(LemmyV4.Search(ApiSearch(searchTerm: "a")))
                try await check(LemmyV4.GetModlog())
                try await check(LemmyV4.ListNotifications())
            } else {
                try await check(LemmyV3.GetSite())
                try await check(LemmyV3.GetPosts(ApiGetPosts(limit: 50)))
                try await check(LemmyV3.GetPost(ApiGetPost(id: post.post.id)))
                try await check(LemmyV3.GetComments(ApiGetComments(limit: 50, postId: post.post.id)))
                try await check(LemmyV3.ListCommunities(ApiListCommunities(limit: 50)))
                try await check(LemmyV3.GetCommunity(ApiGetCommunity(id: post.community.id)))
                try await check(LemmyV3.GetPersonDetails(ApiGetPersonDetails(personId: post.creator.id)))
                try await check(LemmyV3.Search(ApiSearch(q: "a")))
                try await check(LemmyV3.GetModlog())
                try await check(LemmyV3.GetReplies())
            }
            #expect(checked.count == 10)
        }
    }
}
