@testable import LemmyTestServer
import Testing

/// A sort's order of the posts and its index of where each post stands (what a 0.19 cursor,
/// a post id, is resumed from).
@Suite("Post order")
struct PostOrderTests {
    @Test("Every post's key is found through the index, for every sort of a seeded state")
    func keysFromTheIndex() {
        let db = SeedGenerator(scale: .tiny, seed: 7, now: 1_700_000_000).generate()
        for sort in [PostSort.hot, .new, .old, .top(window: nil), .mostComments] {
            let order = db.computePostOrder(sort, featured: .local, now: 1_700_000_000)
            #expect(order.items.count == db.posts.count)
            for item in order.items {
                #expect(order.key(of: item.id) == item.key, "post \(item.id), \(sort)")
            }
        }
    }

    @Test("An id that names no post has no key: zero, negative, past the last, the largest")
    func noKeyForMissingIds() {
        let order = PostOrder([
            (id: 2, key: SortKey(featured: 0, primary: 2, tiebreak: 2)), (id: 1, key: SortKey(featured: 0, primary: 1, tiebreak: 1)),
        ])
        #expect(order.key(of: 1)?.primary == 1)
        #expect(order.key(of: 2)?.primary == 2)
        for id in [0, -1, 3, Int.max, Int.min] { #expect(order.key(of: id) == nil, "id \(id)") }
    }
}

/// 0.18 orders Hot and Active by the integer ranks it stores, then newest first; 0.19 by its
/// fractional rank, which is 0 after a week.
@Suite("0.18 stored hot ranks")
struct StoredHotRankTests {
    static let seeded = 1_700_000_000.0

    /// Ten days after the seed: every post is over a week old.
    static let later = seeded + 10 * 86_400

    static func hotIds(_ db: Database, _ dialect: LemmyDialect, active: Bool = false) throws -> [Int] {
        var query = PostQuery()
        query.sort = PostSort(v3: active ? "Active" : "Hot", dialect: dialect)
        query.limit = 50
        query.showNSFW = true
        return try db.listPosts(query, viewer: nil, now: later).ids
    }

    @Test("0.18 Hot: integer rank from score and age, then newest first; old posts with a high score still rank")
    func hot018() throws {
        let db = SeedGenerator(scale: .small, seed: 1, now: Self.seeded).generate()
        let ids = try Self.hotIds(db, .v0_18)
        #expect(ids.count == 50)
        let keys = ids.map { id in
            let post = db.posts[id - 1]
            return (
                post.featuredLocal ? 1 : 0, Ranking.storedHot018(score: post.score, published: post.published, now: Self.later),
                post.published
            )
        }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 >= $1 }, "\(keys.prefix(8))")
        #expect(keys.contains { $0.1 > 0 })
        // 0.19's rank is 0 for all of them, so it lists them newest first: another order.
        #expect(try Self.hotIds(db, .v0_19) != ids)
    }

    @Test("0.18 Active ranks by the newest comment's age")
    func active018() throws {
        let db = SeedGenerator(scale: .small, seed: 1, now: Self.seeded).generate()
        let ids = try Self.hotIds(db, .v0_18, active: true)
        let keys = ids.map { id in
            let post = db.posts[id - 1]
            return (
                post.featuredLocal ? 1 : 0, Ranking.storedHot018(score: post.score, published: post.newestCommentTime, now: Self.later),
                post.published
            )
        }
        #expect(!keys.isEmpty && zip(keys, keys.dropFirst()).allSatisfy { $0 >= $1 })
    }
}
