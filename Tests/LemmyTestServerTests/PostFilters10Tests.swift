import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// 1.0's GetPosts filters that earlier versions lack (`db_views/post/src/impls.rs`).
@Suite("1.0 post filters")
struct PostFilters10Tests {
    static func posts(_ client: TestClient, _ configure: (inout ApiGetPosts) -> Void) async throws -> [ApiPost] {
        var form = ApiGetPosts(type: .all, sort: .new, limit: 50)
        configure(&form)
        return try await client.send(LemmyV4.GetPosts(form)).items.map(\.post)
    }

    @Test("no_comments_only keeps posts without comments; hide_posts_with_media drops image and video links")
    func commentsAndMedia() async throws {
        try await withServer(.v1_0) { server in
            let client = TestClient(server)
            let all = try await Self.posts(client) { _ in }
            #expect(all.contains { ($0.comments ?? 0) > 0 })
            let uncommented = try await Self.posts(client) { $0.noCommentsOnly = true }
            #expect(uncommented.allSatisfy { $0.comments == 0 })
            #expect(uncommented.count == all.filter { $0.comments == 0 }.count)

            func isMedia(_ post: ApiPost) -> Bool {
                post.urlContentType.map { $0.hasPrefix("image/") || $0.hasPrefix("video/") } ?? false
            }
            #expect(all.contains(where: isMedia))
            let withoutMedia = try await Self.posts(client) { $0.hidePostsWithMedia = true }
            #expect(!withoutMedia.contains(where: isMedia))
            #expect(withoutMedia.count == all.filter { !isMedia($0) }.count)
        }
    }

    @Test("The account's hide_posts_with_media setting applies to lists that do not say; a list that says false shows them")
    func hideMediaSetting() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            func isMedia(_ post: ApiPost) -> Bool {
                post.urlContentType.map { $0.hasPrefix("image/") || $0.hasPrefix("video/") } ?? false
            }
            let all = try await Self.posts(alice) { _ in }
            #expect(all.contains(where: isMedia))
            _ = try await alice.send(LemmyV4.SaveUserSettings(ApiSaveUserSettings(hidePostsWithMedia: true)))
            #expect(try await alice.send(LemmyV4.GetMyUser()).localUserView.localUser.hidePostsWithMedia == true)
            let hidden = try await Self.posts(alice) { _ in }
            #expect(!hidden.contains(where: isMedia))
            #expect(hidden.count == all.filter { !isMedia($0) }.count)
            let shown = try await Self.posts(alice) { $0.hidePostsWithMedia = false }
            #expect(shown.map(\.id) == all.map(\.id))
        }
    }

    @Test("search_title_only matches titles, not bodies")
    func titleOnly() async throws {
        try await withServer(.v1_0) { server in
            let client = TestClient(server)
            let all = try await Self.posts(client) { _ in }
            // A word of some post's body that no title holds.
            let titles = all.map { $0.name.lowercased() }
            var found: (post: Int, term: String)?
            for post in all {
                for word in (post.body ?? "").lowercased().split(separator: " ") where word.count >= 6 {
                    let term = String(word)
                    if !titles.contains(where: { $0.contains(term) }) {
                        found = (post.id, term)
                        break
                    }
                }
                if found != nil { break }
            }
            let (postId, term) = try #require(found)
            let anywhere = try await Self.posts(client) { $0.searchTerm = term }
            #expect(anywhere.contains { $0.id == postId })
            let titlesOnly = try await Self.posts(client) {
                $0.searchTerm = term
                $0.searchTitleOnly = true
            }
            #expect(titlesOnly.isEmpty)
        }
    }
}
