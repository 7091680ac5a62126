import Foundation

/// 1.0's pages of a comment tree: at most 300 comments a page, in the tree's order, the next
/// page by cursor (`CommentQuery::list` with `max_depth`, then `paginate_response`, in
/// `crates/db_views/comment/src/impls.rs` and `crates/diesel_utils/src/pagination.rs`, `main`).
///
/// A cursor names a comment and a direction; the page after (or before) it is read against the
/// tree's order now, as Lemmy reads the named comment's keys. Which cursors come back follows
/// `paginate_response`: no `prev_page` on a first page, and a `next_page` (forward) or
/// `prev_page` (backward) only when the page is full, that is, when more may follow.
enum TreePaging {
    /// The page of `ordered` (the whole tree, in order) that `cursor` asks for.
    static func page(_ ordered: [Int], limit: Int, cursor: String?) throws -> PageResult {
        guard let cursor, !cursor.isEmpty else {
            let ids = Array(ordered.prefix(limit))
            return PageResult(ids: ids, next: ids.count == limit ? ids.last.map { encode($0, back: false) } : nil)
        }
        guard let (id, back) = decode(cursor), let index = ordered.firstIndex(of: id) else {
            throw APIError.code("couldnt_parse_pagination_token")
        }
        let window = back ? ordered[max(0, index - limit)..<index] : ordered[(index + 1)..<min(ordered.count, index + 1 + limit)]
        let ids = Array(window)
        let full = ids.count == limit
        var result = PageResult(ids: ids)
        result.next = (back || full) ? ids.last.map { encode($0, back: false) } : nil
        result.previous = (!back || full) ? ids.first.map { encode($0, back: true) } : nil
        return result
    }

    /// The cursor of the page after (`back`: before) comment `id`.
    static func encode(_ id: Int, back: Bool) -> String {
        Base64URL.encode(Data("tree|\(back ? "P" : "N")|\(id)".utf8))
    }

    static func decode(_ cursor: String) -> (id: Int, back: Bool)? {
        guard let data = Base64URL.decode(cursor), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "tree", parts[1] == "N" || parts[1] == "P", let id = Int(parts[2]) else { return nil }
        return (id, parts[1] == "P")
    }
}
