import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Sorting, 1-based pages and cursors that stay stable while data changes.
@Suite("Sorting and paging")
struct PagingTests {
    @Test(arguments: [LemmyDialect.v0_18, .v0_19])
    func pagesAreOneBasedAndDisjoint(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let client = TestClient(server)
            let first = try await client.posts(ApiGetPosts(sort: .new, limit: 10, page: 1)).posts
            let second = try await client.posts(ApiGetPosts(sort: .new, limit: 10, page: 2)).posts
            #expect(first.count == 10)
            #expect(second.count == 10)
            #expect(Set(first.map(\.post.id)).isDisjoint(with: second.map(\.post.id)))
            let unpaged = try await client.posts(ApiGetPosts(sort: .new, limit: 10)).posts
            #expect(unpaged.map(\.post.id) == first.map(\.post.id))
        }
    }

    @Test(arguments: [LemmyDialect.v0_19, .v1_0])
    func cursorIsStableWhileNewPostsArrive(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let client = TestClient(server)
            let alice = try await client.login("alice")
            let first = try await client.posts(ApiGetPosts(sort: .new, limit: 10))
            let cursor = try #require(first.next)
            for index in 0..<3 {
                let form = ApiCreatePost(name: "Breaking news \(index)", communityId: 1)
                if dialect == .v1_0 {
                    _ = try await alice.send(LemmyV4.CreatePost(form))
                } else {
                    _ = try await alice.send(LemmyV3.CreatePost(form))
                }
            }
            let second = try await client.posts(ApiGetPosts(sort: .new, pageCursor: cursor, limit: 10))
            // Same result as walking the old order: no repeats, nothing skipped.
            let all = try await client.posts(ApiGetPosts(sort: .new, limit: 50)).posts.map(\.post.id)
            let firstIds = first.posts.map(\.post.id)
            let secondIds = second.posts.map(\.post.id)
            #expect(Set(firstIds).isDisjoint(with: secondIds))
            let start = try #require(all.firstIndex(of: firstIds.last!))
            #expect(Array(all[(start + 1)...].prefix(10)) == secondIds)
        }
    }

    @Test("0.19's cursor is P and the page's last post id in hex, resumed from where that post sorts")
    func v019CursorNamesThePost() async throws {
        try await withServer(.v0_19, scale: .small) { server in
            let client = TestClient(server)
            let first = try await client.posts(ApiGetPosts(sort: .new, limit: 10))
            let last = try #require(first.posts.last?.post.id)
            #expect(first.next == "P" + String(last, radix: 16))
            let all = try await client.posts(ApiGetPosts(sort: .new, limit: 50)).posts.map(\.post.id)
            // Any post resumes the listing after it, as Lemmy reads the id and not a frozen position;
            // the first character is dropped unread and the hex digits may be upper case.
            let pivot = all[20]
            for cursor in ["P" + String(pivot, radix: 16), "x" + String(pivot, radix: 16, uppercase: true)] {
                let page = try await client.posts(ApiGetPosts(sort: .new, pageCursor: cursor, limit: 5))
                #expect(page.posts.map(\.post.id) == Array(all[21..<26]), "cursor \(cursor)")
            }
        }
    }

    @Test("0.19 refuses a cursor it cannot read as its query builder does: 400 unknown")
    func v019UnreadableCursor() async throws {
        try await withServer(.v0_19, scale: .small) { server in
            let client = TestClient(server)
            for cursor in ["P", "Pzz", "P+", "P-1", "P7fffffff", "P100000000", "P 1f", "\u{E9}1f", "P1f\u{E9}"] {
                let answer = try await client.raw(
                    "GET", path: "/api/v3/post/list", query: [URLQueryItem(name: "page_cursor", value: cursor)])
                let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: String]
                #expect(answer.status == 400, "cursor \(cursor)")
                #expect(object == ["error": "unknown", "message": "Could not parse pagination token"], "cursor \(cursor)")
            }
        }
    }

    @Test("A comment tree is 300 comments: 1.0 pages the rest by cursor, 0.19 has no page after", arguments: [LemmyDialect.v0_19, .v1_0])
    func treePages(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let post = 8
            let before = try await alice.comments(post: post, maxDepth: 1).count
            // One at a time: the tests share one HTTP client, whose pool a burst can exhaust.
            for index in 0..<(305 - before) {
                _ = try await alice.comment(post: post, parent: nil, "Comment \(index)")
            }
            let form = ApiGetComments(maxDepth: 1, postId: post)
            if dialect == .v0_19 {
                #expect(try await alice.send(LemmyV3.GetComments(form)).comments.count == 300)
                return
            }
            let first = try await alice.send(LemmyV4.GetComments(form))
            #expect(first.items.count == 300 && first.prevPage == nil)
            var rest = form
            let next: String = try #require(first.nextPage)
            rest.pageCursor = next
            let second = try await alice.send(LemmyV4.GetComments(rest))
            #expect(second.items.count == 5 && second.nextPage == nil)
            #expect(Set(first.items.map(\.comment.id)).isDisjoint(with: second.items.map(\.comment.id)))
            // Back from the second page: the last 300 of the first.
            var back = form
            let previous: String = try #require(second.prevPage)
            back.pageCursor = previous
            #expect(try await alice.send(LemmyV4.GetComments(back)).items.map(\.comment.id) == first.items.map(\.comment.id))
            var unreadable = form
            unreadable.pageCursor = "not-a-cursor"
            await #expect(throws: (any Error).self) { _ = try await alice.send(LemmyV4.GetComments(unreadable)) }
        }
    }

    @Test(arguments: LemmyDialect.allCases)
    func sortsOrderAsNamed(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let client = TestClient(server)
            // Featured posts come first in every sort; compare the rest.
            func body(_ sort: ApiPostSortType) async throws -> [ApiPostView] {
                try await client.posts(ApiGetPosts(sort: sort, limit: 50)).posts.filter { !$0.post.featuredLocal }
            }
            let new = try await body(.new).map { $0.post.publishedAt }
            #expect(new == new.sorted(by: >))
            let old = try await body(.old).map { $0.post.publishedAt }
            #expect(old == old.sorted())
            let most = try await body(.mostComments).map { $0.counts?.comments ?? $0.post.comments ?? 0 }
            #expect(most == most.sorted(by: >))
            let top = try await client.posts(
                dialect == .v1_0
                    ? ApiGetPosts(sort: .top, limit: 50)
                    : ApiGetPosts(sort: .unknown("TopAll"), limit: 50)
            ).posts
                .filter { !$0.post.featuredLocal }.map(\.scoreValue)
            #expect(top == top.sorted(by: >))
        }
    }

    @Test func sameSeedSameData() async throws {
        let a = try await withServer(.v0_19, scale: .small, seed: 42) {
            try await TestClient($0).posts(ApiGetPosts(sort: .new, limit: 20)).posts
        }
        let b = try await withServer(.v0_19, scale: .small, seed: 42) {
            try await TestClient($0).posts(ApiGetPosts(sort: .new, limit: 20)).posts
        }
        let c = try await withServer(.v0_19, scale: .small, seed: 43) {
            try await TestClient($0).posts(ApiGetPosts(sort: .new, limit: 20)).posts
        }
        #expect(a.map(\.post.name) == b.map(\.post.name))
        #expect(a.map(\.post.name) != c.map(\.post.name))
    }
}
