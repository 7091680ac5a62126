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
            let order = db.computePostOrder(sort, scoped: false, now: 1_700_000_000)
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
