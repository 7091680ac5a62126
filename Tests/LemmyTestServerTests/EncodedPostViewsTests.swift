import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The post views the test server keeps as JSON for a revision of its state: encoded once, never
/// shown once the state has changed, and spliced into a listing as the whole answer would encode.
@Suite("Encoded post views")
struct EncodedPostViewsTests {
    /// A renderer over the tiny seed, and an encode function that counts its calls.
    final class Counting: @unchecked Sendable {
        let renderer = Renderer(
            db: SeedGenerator(scale: .tiny, seed: 1, now: 1_700_000_000).generate(), dialect: .v0_19, viewer: nil, host: "lemmy.test",
            now: 1_700_000_000)
        var renders = 0
        func render(_ id: Int) throws -> Data {
            renders += 1
            return try renderer.dialect.encode(renderer.postView(id))
        }
    }

    @Test func eachViewIsEncodedOncePerRevision() throws {
        let cache = EncodedPostViews()
        let counting = Counting()
        let first = try cache.json([1, 2, 3], viewer: nil, dialect: .v0_19, revision: 5, encode: counting.render)
        #expect(counting.renders == 3)
        let again = try cache.json([3, 2, 1, 4], viewer: nil, dialect: .v0_19, revision: 5, encode: counting.render)
        #expect(counting.renders == 4)
        #expect(again == [first[2], first[1], first[0], try counting.renderer.dialect.encode(counting.renderer.postView(4))])
        // Another viewer or dialect is another view.
        _ = try cache.json([1], viewer: 2, dialect: .v0_19, revision: 5, encode: counting.render)
        _ = try cache.json([1], viewer: nil, dialect: .v0_18, revision: 5, encode: counting.render)
        #expect(counting.renders == 6)
        #expect(cache.count == 6)
    }

    @Test func aNewerRevisionEncodesAgainAndAnOlderOneIsNotKept() throws {
        let cache = EncodedPostViews()
        let counting = Counting()
        _ = try cache.json([1, 2], viewer: nil, dialect: .v0_19, revision: 1, encode: counting.render)
        _ = try cache.json([1, 2], viewer: nil, dialect: .v0_19, revision: 2, encode: counting.render)
        #expect(counting.renders == 4)
        #expect(cache.count == 2)
        // A reader of an older snapshot neither reads the newer views nor replaces them.
        _ = try cache.json([1, 3], viewer: nil, dialect: .v0_19, revision: 1, encode: counting.render)
        #expect(counting.renders == 6)
        _ = try cache.json([1, 2], viewer: nil, dialect: .v0_19, revision: 2, encode: counting.render)
        #expect(counting.renders == 6)
        #expect(cache.count == 2)
    }

    @Test func noMoreThanTheLimitIsKept() throws {
        let cache = EncodedPostViews(limit: 2)
        let counting = Counting()
        _ = try cache.json([1, 2, 3], viewer: nil, dialect: .v0_19, revision: 0, encode: counting.render)
        #expect(cache.count == 2)
        _ = try cache.json([1, 2, 3], viewer: nil, dialect: .v0_19, revision: 0, encode: counting.render)
        #expect(counting.renders == 4)
    }

    /// Over HTTP: a listing read before a vote and a save shows them after, to the viewer who
    /// made them and to a guest, in every dialect.
    @Test(arguments: LemmyDialect.allCases)
    func aListingShowsTheStateAfterAWrite(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let guest = TestClient(server)
            let alice = try await TestClient(server).login("alice")
            let form = ApiGetPosts(sort: .new, limit: 5)
            let before = try await guest.posts(form).posts[0]
            _ = try await alice.posts(form)
            let id = before.post.id
            _ = try await alice.vote(post: id, 1)
            _ = try await alice.save(post: id, true)

            let seen = try #require(try await guest.posts(form).posts.first { $0.post.id == id })
            #expect(Self.score(seen) == Self.score(before) + 1)
            #expect(!Self.saved(seen))
            let own = try #require(try await alice.posts(form).posts.first { $0.post.id == id })
            #expect(Self.score(own) == Self.score(before) + 1)
            #expect(own.myVoteValue == 1)
            #expect(Self.saved(own))
        }
    }

    /// 1.0's GetPosts with `mark_as_read` writes and then renders: its answer shows the posts
    /// read, though the views of the state before were kept by a listing just before.
    @Test func aListingThatMarksReadShowsThePostsRead() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let plain = try await alice.posts(ApiGetPosts(sort: .new, limit: 3)).posts
            #expect(plain.allSatisfy { $0.postActions?.readAt == nil })
            var form = ApiGetPosts(sort: .new, limit: 3)
            form.markAsRead = true
            let marked = try await alice.posts(form).posts
            #expect(marked.map(\.post.id) == plain.map(\.post.id))
            #expect(marked.allSatisfy { $0.postActions?.readAt != nil })
        }
    }

    /// The listing's bytes are those of the whole answer encoded at once, in each dialect, for a
    /// guest and a user, with views encoded afresh and kept.
    @Test(arguments: LemmyDialect.allCases)
    func aListingIsTheWholeAnswerEncoded(dialect: LemmyDialect) throws {
        var db = SeedGenerator(scale: .tiny, seed: 1, now: 1_700_000_000).generate()
        db.written = false  // as the store hands it out
        for viewer in [nil, 2] {
            let renderer = Renderer(db: db, dialect: dialect, viewer: viewer, host: "lemmy.test", now: 1_700_000_000)
            let ids = [3, 1, 2]
            let posts = PostListing(member: "posts", ids: ids, renderer: renderer) { ApiGetPostsResponse(posts: $0, nextPage: "abc") }
            let items = PostListing(member: "items", ids: ids, renderer: renderer) {
                ApiPagedResponse(items: $0, nextPage: "n", prevPage: nil)
            }
            let views = ids.map(renderer.postView)
            for _ in 0..<2 {
                #expect(try posts.json() == dialect.encode(ApiGetPostsResponse(posts: views, nextPage: "abc")))
                #expect(try items.json() == dialect.encode(ApiPagedResponse(items: views, nextPage: "n", prevPage: nil)))
            }
            let empty = PostListing(member: "posts", ids: [], renderer: renderer) { ApiGetPostsResponse(posts: $0, nextPage: nil) }
            #expect(try empty.json() == dialect.encode(ApiGetPostsResponse(posts: [], nextPage: nil)))
        }
        #expect(db.encodedPostViews.count == 6)
    }

    /// A member that is not the answer's first is refused, not written somewhere else.
    @Test func aListingWhoseListIsNotFirstIsAnError() {
        let renderer = Renderer(
            db: SeedGenerator(scale: .tiny, seed: 1, now: 1_700_000_000).generate(), dialect: .v1_0, viewer: nil, host: "lemmy.test",
            now: 1_700_000_000)
        let listing = PostListing(member: "next_page", ids: [1], renderer: renderer) {
            ApiPagedResponse(items: $0, nextPage: "n", prevPage: nil)
        }
        #expect(throws: SplicingError.self) { try listing.json() }
    }

    /// 0.18 sends the ranks it stores (refreshed every 15 minutes there; here as of the view's
    /// encoding): integers that decay with age, from the score; the newest comment for the active
    /// rank. 0.19 and 1.0 do not send them.
    @Test(arguments: LemmyDialect.allCases)
    func hotRanks(dialect: LemmyDialect) throws {
        let now = 1_700_000_000.0
        let db = SeedGenerator(scale: .tiny, seed: 1, now: now).generate()
        let renderer = Renderer(db: db, dialect: dialect, viewer: nil, host: "lemmy.test", now: now)
        let view = renderer.postView(1)
        let commentView = renderer.commentView(db.comments[0].id)
        guard dialect == .v0_18 else {
            // 1.0 has no aggregates at all.
            #expect(view.counts?.hotRank == nil && view.counts?.hotRankActive == nil && commentView.counts?.hotRank == nil)
            return
        }
        let counts = try #require(view.counts)
        let comment = try #require(commentView.counts)
        let post = try #require(db.post(1))
        #expect(counts.hotRank == Ranking.storedHot018(score: post.score, published: post.published, now: now))
        #expect(comment.hotRank == Ranking.storedHot018(score: db.comments[0].score, published: db.comments[0].published, now: now))
        #expect(counts.hotRankActive == Ranking.storedHot018(score: post.score, published: post.newestCommentTime, now: now))
        // floor(10000 log10(4) / 3^1.8) for a score of 1 an hour old at the last refresh (every
        // quarter hour), and so until the next one.
        let refresh = 1_700_000_100.0
        #expect(Ranking.storedHot018(score: 1, published: refresh - 3600, now: refresh) == 833)
        #expect(Ranking.storedHot018(score: 1, published: refresh - 3600, now: refresh + 899) == 833)
        #expect(Ranking.storedHot018(score: 1, published: refresh - 3600, now: refresh + 900) < 833)
        // Not older than the refresh: 0; newer than it: the column's default; from the future: 0.
        #expect(Ranking.storedHot018(score: 1, published: refresh + 60, now: refresh + 30) == 0)
        #expect(Ranking.storedHot018(score: 1, published: refresh, now: refresh + 10) == 0)
        #expect(Ranking.storedHot018(score: 1, published: refresh + 60, now: refresh + 120) == 1728)
        // No cut-off at a week: a high score still ranks.
        #expect(Ranking.storedHot018(score: 10_000, published: now - 8 * 86_400, now: now) > 0)
    }

    static func score(_ view: ApiPostView) -> Int { view.post.score ?? view.counts?.score ?? 0 }
    static func saved(_ view: ApiPostView) -> Bool { view.saved ?? (view.postActions?.savedAt != nil) }
}
