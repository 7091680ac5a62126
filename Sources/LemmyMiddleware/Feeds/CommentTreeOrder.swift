/// The order the client hands out a tree fetch in: parents before their children.
enum CommentTreeOrder {
    /// `items` in the server's order, except that an item whose parent is in the list comes
    /// after that parent (right after it, with its siblings in the server's order). Lemmy 0.18 and
    /// 0.19 answer a tree with parents first (but 0.18 under Top, which orders by score alone);
    /// 1.0 orders parent paths last first, so its replies come before their parents. Items whose
    /// parents loop (a hostile server's paths) keep their order at the end; a second copy of an
    /// id is left out. `path` is the ids of Lemmy's path after its leading 0, the item's own last.
    static func parentsFirst<Item>(_ items: [Item], id: (Item) -> Int, path: (Item) -> [Int]) -> [Item] {
        let ids = Set(items.map(id))
        func parent(_ item: Item) -> Int? {
            guard let up = path(item).dropLast().last, up != id(item), ids.contains(up) else { return nil }
            return up
        }
        // Already so (0.18 and 0.19, mostly): nothing to move.
        var seen: Set<Int> = []
        if items.allSatisfy({ item in
            guard seen.insert(id(item)).inserted else { return false }
            return parent(item).map(seen.contains) ?? true
        }) {
            return items
        }
        var waiting: [Int: [Item]] = [:]
        for item in items { if let up = parent(item) { waiting[up, default: []].append(item) } }
        var ordered: [Item] = []
        ordered.reserveCapacity(items.count)
        var placed: Set<Int> = []
        // Depth first with a stack of its own: a hostile chain of replies must not exhaust the
        // thread's stack.
        func place(_ item: Item) {
            var stack = [item]
            while let next = stack.popLast() {
                guard placed.insert(id(next)).inserted else { continue }
                ordered.append(next)
                stack.append(contentsOf: (waiting[id(next)] ?? []).reversed())
            }
        }
        for item in items where parent(item) == nil { place(item) }
        // What no parentless item leads to hangs off a loop: kept, in the server's order.
        for item in items where !placed.contains(id(item)) { place(item) }
        return ordered
    }
}

extension ApiClient {
    /// ``CommentTreeOrder/parentsFirst(_:id:path:)`` of comments.
    static func parentsFirst(_ comments: [Comment2]) -> [Comment2] {
        CommentTreeOrder.parentsFirst(comments, id: \.id, path: \.path)
    }
}
