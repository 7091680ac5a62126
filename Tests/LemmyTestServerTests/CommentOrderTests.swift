import Foundation
@testable import LemmyTestServer
import Testing

/// Comment lists ordered and filtered as Lemmy's comment views do.
@Suite("Comment order")
struct CommentOrderTests {
    static let seeded = 1_700_000_000.0

    @Test("Hot is 0.19's and 1.0's r.hot_rank: log10(max(2, score + 2)) / (hours + 2)^1.8 within a week")
    func hotFormula() {
        let now = Self.seeded
        #expect(abs(Ranking.hot(score: 0, published: now - 3600, now: now) - log10(2) / pow(3, 1.8)) < 1e-12)
        #expect(abs(Ranking.hot(score: 8, published: now - 3600, now: now) - 1 / pow(3, 1.8)) < 1e-12)
        // A negative score still ranks (greatest(2, ...)); the future and a week ago do not.
        #expect(Ranking.hot(score: -5, published: now - 3600, now: now) == Ranking.hot(score: 0, published: now - 3600, now: now))
        #expect(Ranking.hot(score: 50, published: now + 60, now: now) == 0)
        #expect(Ranking.hot(score: 50, published: now - 7 * 86_400 - 1, now: now) == 0)
    }

    /// The post's comments, listed flat by Hot at `now`.
    static func hot(_ db: Database, post: Int, now: Double, stored: Bool = false) throws -> [Int] {
        var query = CommentQuery()
        query.postId = post
        query.sort = "hot"
        query.limit = 50
        query.storedHotRanks = stored
        return try db.listComments(query, viewer: nil, now: now).ids
    }

    @Test("Hot ties (every comment over a week old ranks 0) go to the higher score, in every version")
    func hotTiesByScore() throws {
        var db = SeedGenerator(scale: .tiny, seed: 1, now: Self.seeded).generate()
        let post = try #require(db.commentsByPost.firstIndex { $0.count >= 3 }) + 1
        let ids = db.commentsByPost[post - 1]
        // Distinct scores, lowest on the newest comment, so newest-first would be the reverse.
        for (rank, id) in ids.sorted(by: { db.comments[$0 - 1].published > db.comments[$1 - 1].published }).enumerated() {
            db.comments[id - 1].upvotes = rank * 3
            db.comments[id - 1].downvotes = 0
        }
        let later = Self.seeded + 30 * 86_400
        for stored in [false, true] {
            let listed = try Self.hot(db, post: post, now: later, stored: stored)
            let scores = listed.map { db.comments[$0 - 1].score }
            #expect(listed.count == ids.count)
            #expect(scores == scores.sorted(by: >), "stored \(stored): \(scores)")
        }
    }

    @Test("Comments of a deleted or removed post stay in lists without a post (no version filters them)")
    func commentsOfDeletedPosts() throws {
        var db = SeedGenerator(scale: .tiny, seed: 1, now: Self.seeded).generate()
        let post = try #require(db.commentsByPost.firstIndex { !$0.isEmpty }) + 1
        db.posts[post - 1].deleted = true
        var query = CommentQuery()
        query.sort = "new"
        query.limit = 10_000
        query.communityId = db.posts[post - 1].communityId
        let listed = Set(try db.listComments(query, viewer: nil, now: Self.seeded).ids)
        #expect(Set(db.commentsByPost[post - 1]).isSubset(of: listed))
    }
}
