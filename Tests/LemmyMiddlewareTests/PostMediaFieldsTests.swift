import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The link, embed and image fields of a post reach the models exactly as the server sent them.
@Suite("Post media fields") @MainActor
struct PostMediaFieldsTests {
    @Test("Alt text, embed description and video, content type and locality match the server's post", arguments: LemmyDialect.allCases)
    func mediaFields(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let client = try await login(server, "bob")
            let posts = try await client.getPosts(feed: .all, sort: .new, limit: 50).items
            try #require(posts.count == 50)
            let raw = try await rawPosts(server, ids: posts.map(\.id))
            for post in posts {
                let view = try #require(raw[post.id])
                let expected = view.post
                #expect(post.altText == expected.altText, "post \(post.id)")
                #expect(post.embedDescription == expected.embedDescription, "post \(post.id)")
                #expect(post.embedVideoURL?.absoluteString == expected.embedVideoUrl, "post \(post.id)")
                #expect(post.urlContentType == expected.urlContentType, "post \(post.id)")
                #expect(post.isLocal == expected.local, "post \(post.id)")
                #expect(post.tags.map(\.id) == (view.tags ?? []).map(\.id), "post \(post.id)")
                #expect(post.tags.map(\.name) == (view.tags ?? []).map(\.name), "post \(post.id)")
            }
            if dialect == .v0_18 {
                // 0.18 has neither member: the models say nothing rather than something made up.
                #expect(posts.allSatisfy { $0.altText == nil && $0.urlContentType == nil })
            } else {
                #expect(posts.contains { $0.altText != nil })
                #expect(posts.contains { $0.urlContentType == "image/jpeg" })
            }
        }
    }

    /// Each post as the server sends it, read with the raw client rather than the middleware.
    private func rawPosts(_ server: LemmyTestServer, ids: [Int]) async throws -> [Int: ApiPostView] {
        let raw = LemmyRawClient(instanceURL: server.baseURL)
        var posts: [Int: ApiPostView] = [:]
        for id in ids {
            let form = ApiGetPost(id: id)
            let view =
                server.dialect == .v1_0
                ? try await raw.send(LemmyV4.GetPost(form)).postView
                : try await raw.send(LemmyV3.GetPost(form)).postView
            posts[id] = view
        }
        return posts
    }

    @Test("Community tags on posts: named, coloured and in order on 1.0; none on earlier versions", arguments: LemmyDialect.allCases)
    func tags(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let client = try await login(server, "alice")
            let posts = try await client.getPosts(feed: .all, sort: .new, limit: 50).items
            try #require(posts.count == 50)
            guard dialect == .v1_0 else {
                #expect(posts.allSatisfy { $0.tags.isEmpty })
                return
            }
            let tagged = try #require(posts.first { $0.tags.count == 2 })
            #expect(tagged.tags.map(\.name) == ["news", "discussion"])
            #expect(tagged.tags.map(\.displayName) == ["News", "Discussion"])
            #expect(tagged.tags.map(\.color) == [1, 10])
            // A tag without a display name shows its name; the same tag is the same value everywhere.
            let question = try #require(posts.lazy.flatMap(\.tags).first { $0.name == "question" })
            #expect(question.displayName == "question")
            #expect(question.color == 4)
            // One live object: a second read of the post keeps its tags.
            let again = try await client.getPost(id: tagged.id)
            #expect(again.post2 === tagged.post2)
            #expect(again.tags == tagged.tags)
        }
    }
}
