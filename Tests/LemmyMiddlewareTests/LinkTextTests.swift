import Foundation
@_spi(Benchmarking) import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Observation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The models keep every link as the text the server sent and parse it when read; what a reader
/// sees must be what parsing at once gave: an unparsable ActivityPub id reads `about:invalid`, an
/// empty or unparsable optional link reads nil, and a changed link wakes its observers.
@Suite("Links are parsed when read") @MainActor
struct LinkTextTests {
    /// A 0.19 GetPosts body whose first post's `ap_id`, `url` and `thumbnail_url` are replaced.
    static func page(_ server: LemmyTestServer, apId: String, url: String, thumbnail: String) async throws -> Data {
        var components = URLComponents(url: server.baseURL.appendingPathComponent("api/v3/post/list"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "limit", value: "5"), URLQueryItem(name: "sort", value: "New")]
        let (body, _) = try await URLSession.shared.data(from: components.url!)
        var page = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        var posts = try #require(page["posts"] as? [[String: Any]])
        var post = try #require(posts[0]["post"] as? [String: Any])
        post["ap_id"] = apId
        post["url"] = url
        post["thumbnail_url"] = thumbnail
        posts[0]["post"] = post
        page["posts"] = posts
        return try JSONSerialization.data(withJSONObject: page)
    }

    @Test("Unparsable and empty links read as parsing them at once did")
    func unparsableLinks() async throws {
        try await withServer(.v0_19) { server in
            let client = try await login(server, "alice")
            let body = try await Self.page(server, apId: "http://[unclosed", url: "", thumbnail: "http://[unclosed/t.png")
            let post = try #require(try client.ingestPostsPage(body).first)
            #expect(URL(string: "http://[unclosed") == nil, "the fixture's link must not parse")
            #expect(post.actorId == URL(string: "about:invalid"))
            #expect(post.linkURL == nil)
            #expect(post.thumbnailURL == nil)
        }
    }

    @Test("A link that changes wakes its observers and reads the new URL; an unchanged one does not")
    func changedLinkNotifies() async throws {
        try await withServer(.v0_19) { server in
            let client = try await login(server, "alice")
            let first = try await Self.page(server, apId: "https://a.example/post/1", url: "https://b.example/x", thumbnail: "")
            let post = try #require(try client.ingestPostsPage(first).first)
            #expect(post.linkURL == URL(string: "https://b.example/x"))

            let unchanged = Counter()
            withObservationTracking {
                _ = post.linkURL
            } onChange: {
                unchanged.increment()
            }
            _ = try client.ingestPostsPage(first)
            #expect(unchanged.value == 0)

            let changed = Counter()
            withObservationTracking {
                _ = post.linkURL
            } onChange: {
                changed.increment()
            }
            let second = try await Self.page(server, apId: "https://a.example/post/1", url: "https://c.example/y z", thumbnail: "")
            #expect(try client.ingestPostsPage(second).first === post)
            #expect(changed.value == 1)
            #expect(post.linkURL == URL(string: "https://c.example/y z"))
        }
    }
}
