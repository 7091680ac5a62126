import LemmyMiddleware

/// Orders a flat comment list into a tree: each comment after its parent, siblings in server
/// order, and comments deeper than `maxDepth` (0 = top level only) left out. A comment whose
/// parent was not fetched (paging cut it off) is kept as a root, and so is a comment whose
/// parents loop back to it (a broken or hostile server's paths, e.g. `0.5.5` for comment 5), so
/// nothing the server sent silently vanishes.
@MainActor
enum CommentTree {
    static func ordered(_ comments: [Comment2], maxDepth: Int?) -> [(comment: Comment2, depth: Int)] {
        ordered(comments, id: \.id, path: \.path, maxDepth: maxDepth)
    }

    /// The same ordering for any item with an id and a Lemmy path (`0.` + ancestors + own id).
    nonisolated static func ordered<Item>(
        _ items: [Item], id: (Item) -> Int, path: (Item) -> [Int], maxDepth: Int?
    ) -> [(comment: Item, depth: Int)] {
        let ids = Set(items.map(id))
        var parent: [Int: Int] = [:]
        var children: [Int: [Item]] = [:]
        var roots: [Item] = []
        for item in items {
            let ancestors = path(item).dropLast().filter { $0 != 0 }
            if let up = ancestors.last, ids.contains(up) {
                parent[id(item)] = up
                children[up, default: []].append(item)
            } else {
                roots.append(item)
            }
        }
        var result: [(Item, Int)] = []
        // Reached even when too deep to show: only comments no root leads to count as lost.
        var reached: Set<Int> = []
        func visit(_ item: Item, _ depth: Int) {
            // A parent loop leads back to a comment already placed; stop there.
            guard reached.insert(id(item)).inserted else { return }
            if let maxDepth, depth > maxDepth {
                hideBelow(item)
                return
            }
            result.append((item, depth))
            for child in children[id(item)] ?? [] { visit(child, depth + 1) }
        }
        func hideBelow(_ item: Item) {
            for child in children[id(item)] ?? [] where reached.insert(id(child)).inserted { hideBelow(child) }
        }
        for root in roots { visit(root, 0) }
        // What no root reached hangs off a parent loop. Root each loop at a comment on it, so the
        // rest of the loop and what hangs below keep their places under it.
        let byId = Dictionary(items.map { (id($0), $0) }, uniquingKeysWith: { first, _ in first })
        for item in items where !reached.contains(id(item)) {
            var onLoop = id(item)
            var walked: Set<Int> = []
            while walked.insert(onLoop).inserted, let up = parent[onLoop], !reached.contains(up) { onLoop = up }
            visit(byId[onLoop] ?? item, 0)
        }
        return result
    }
}
