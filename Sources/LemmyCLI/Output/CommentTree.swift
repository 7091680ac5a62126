import LemmyMiddleware

/// Orders a flat comment list into a tree: each comment after its parent, siblings in server
/// order, and comments deeper than `maxDepth` (0 = top level only) left out. A comment whose
/// parent was not fetched (paging cut it off) is kept as a root, so nothing silently vanishes.
@MainActor
enum CommentTree {
    static func ordered(_ comments: [Comment2], maxDepth: Int?) -> [(comment: Comment2, depth: Int)] {
        let ids = Set(comments.map(\.id))
        var children: [Int: [Comment2]] = [:]
        var roots: [Comment2] = []
        for comment in comments {
            let ancestors = comment.path.dropLast().filter { $0 != 0 }
            if let parent = ancestors.last, ids.contains(parent) {
                children[parent, default: []].append(comment)
            } else {
                roots.append(comment)
            }
        }
        var result: [(Comment2, Int)] = []
        func visit(_ comment: Comment2, _ depth: Int) {
            if let maxDepth, depth > maxDepth { return }
            result.append((comment, depth))
            for child in children[comment.id] ?? [] { visit(child, depth + 1) }
        }
        for root in roots { visit(root, 0) }
        return result
    }
}
