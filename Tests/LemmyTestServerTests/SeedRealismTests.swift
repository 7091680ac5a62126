import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The seeded instance is full of what real feeds are full of, so the layers above are tested on it.
@Suite("Seed data like a real instance")
struct SeedRealismTests {
    @Test("Media, remote actors, bots, NSFW, edits, long and non-ASCII text, in every version", arguments: LemmyDialect.allCases)
    func feedLooksReal(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let client = TestClient(server)
            var views: [ApiPostView] = []
            var form = ApiGetPosts(sort: .new, limit: 50)
            for page in 1...4 {
                if dialect == .v0_18 { form.page = page }
                let result = try await client.posts(form)
                views += result.posts
                form.pageCursor = result.next
            }
            let posts = views.map(\.post)
            #expect(posts.count == 200)
            #expect(posts.contains { $0.thumbnailUrl != nil })
            #expect(posts.contains { $0.embedTitle != nil && $0.embedDescription != nil })
            #expect(posts.contains { $0.embedVideoUrl != nil })
            if dialect != .v0_18 {  // 0.18 has neither member
                #expect(posts.contains { $0.altText != nil && $0.urlContentType == "image/jpeg" })
                #expect(posts.contains { $0.urlContentType == "text/html" })
            }
            #expect(posts.contains { $0.name.unicodeScalars.contains { !$0.isASCII } })
            #expect(posts.contains { ($0.body?.utf8.count ?? 0) > 2_000 && $0.body?.contains("```") == true })
            #expect(posts.contains { $0.updatedAt != nil })
            let people = views.map(\.creator)
            let withAvatar = Set(people.filter { $0.avatar != nil }.map(\.id)).count
            #expect(Double(withAvatar) / Double(Set(people.map(\.id)).count) > 0.5, "most people have avatars")
            #expect(people.contains { $0.banner != nil })
            let remote = people.filter { !$0.local }
            #expect(!remote.isEmpty)
            #expect(remote.allSatisfy { $0.instanceId != 1 && !$0.apId.contains(server.baseURL.host ?? "127.0.0.1") })
            #expect(views.contains { $0.community.icon != nil })
            #expect(people.contains { $0.botAccount } || posts.contains { $0.nsfw }, "bots or NSFW in a 200-post window")
        }
    }
}
