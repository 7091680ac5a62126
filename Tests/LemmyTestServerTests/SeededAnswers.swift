import Foundation
import LemmyAPI
import LemmyTestServer
import Testing

/// A check run on each of ``SeededAnswers``' requests.
protocol SeededAnswerCheck {
    /// Checks the server's answer to `request`.
    func check<R: LemmyRequest>(_ request: R) async throws where R.Response: Hashable & Encodable
}

/// Ten everyday reads of a seeded server, in the dialect's own requests: the answers the fast
/// decoding and encoding cross-checks compare.
enum SeededAnswers {
    /// Runs `checker` on each read as alice sees it; returns the paths checked.
    static func check(_ dialect: LemmyDialect, client: TestClient, with checker: some SeededAnswerCheck) async throws -> [String] {
        let posts = try await client.posts(ApiGetPosts(limit: 50)).posts
        let post = try #require(posts.first { $0.counts?.comments ?? $0.post.comments ?? 0 > 0 } ?? posts.first)
        var checked: [String] = []
        func run<R: LemmyRequest>(_ request: R) async throws where R.Response: Hashable & Encodable {
            try await checker.check(request)
            checked.append(R.path)
        }
        if dialect == .v1_0 {
            try await run(LemmyV4.GetSite())
            try await run(LemmyV4.GetPosts(ApiGetPosts(limit: 50)))
            try await run(LemmyV4.GetPost(ApiGetPost(id: post.post.id)))
            try await run(LemmyV4.GetComments(ApiGetComments(limit: 50, postId: post.post.id)))
            try await run(LemmyV4.ListCommunities(ApiListCommunities(limit: 50)))
            try await run(LemmyV4.GetCommunity(ApiGetCommunity(id: post.community.id)))
            try await run(LemmyV4.GetPersonDetails(ApiGetPersonDetails(personId: post.creator.id)))
            try await run(LemmyV4.Search(ApiSearch(searchTerm: "a")))
            try await run(LemmyV4.GetModlog())
            try await run(LemmyV4.ListNotifications())
        } else {
            try await run(LemmyV3.GetSite())
            try await run(LemmyV3.GetPosts(ApiGetPosts(limit: 50)))
            try await run(LemmyV3.GetPost(ApiGetPost(id: post.post.id)))
            try await run(LemmyV3.GetComments(ApiGetComments(limit: 50, postId: post.post.id)))
            try await run(LemmyV3.ListCommunities(ApiListCommunities(limit: 50)))
            try await run(LemmyV3.GetCommunity(ApiGetCommunity(id: post.community.id)))
            try await run(LemmyV3.GetPersonDetails(ApiGetPersonDetails(personId: post.creator.id)))
            try await run(LemmyV3.Search(ApiSearch(q: "a")))
            try await run(LemmyV3.GetModlog())
            try await run(LemmyV3.GetReplies())
        }
        return checked
    }
}
