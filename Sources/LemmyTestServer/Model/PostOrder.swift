/// Every post in one sort's order, highest key first, with each post's place in it, so that a
/// 0.19 cursor (a post id) finds its key without walking the order.
struct PostOrder: Sendable {
    /// The posts, highest key first.
    let items: [(id: Int, key: SortKey)]
    /// `positions[id - 1]`: where post `id` stands in `items`; -1 for an id not there. Post ids
    /// are dense (a post's id is its row number), so an array serves as the index.
    private let positions: [Int]

    init(_ items: [(id: Int, key: SortKey)]) {
        self.items = items
        var positions = [Int](repeating: -1, count: items.count)
        for (index, item) in items.enumerated() where item.id >= 1 && item.id <= positions.count {
            positions[item.id - 1] = index
        }
        self.positions = positions
    }

    /// The key of post `id` in this order, or nil if there is no such post.
    func key(of id: Int) -> SortKey? {
        guard id >= 1 && id <= positions.count, positions[id - 1] >= 0 else { return nil }
        return items[positions[id - 1]].key
    }
}
