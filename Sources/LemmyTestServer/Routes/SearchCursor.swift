import LemmyAPI

/// 1.0 Search's page cursors (`to_single_cursor` and `from_single_cursor` in
/// `api/api/src/federation/search.rs`): a search of one kind pages by that kind's cursor; All
/// pages by the five kinds' cursors joined by commas, `none` for a kind that has none, and always
/// answers with both (`none,none,none,none,none` when nothing follows). A sent All cursor that is
/// not five parts names no kind, so nothing is searched.
enum SearchCursor {
    /// The kinds in the order of All's parts.
    enum Kind: Int, CaseIterable {
        case posts, comments, persons, communities, multiCommunities

        /// The kind a search of `type` pages; nil for All (and 0.18's and 0.19's URL search).
        init?(_ type: ApiSearchType) {
            switch type {
            case .posts: self = .posts
            case .comments: self = .comments
            case .users: self = .persons
            case .communities: self = .communities
            case .multiCommunities: self = .multiCommunities
            default: return nil
            }
        }
    }

    /// Each kind's cursor in `cursor`, as a search of `kind` (nil: All) reads it.
    static func parts(_ cursor: String?, kind: Kind?) -> [Kind: String] {
        guard let cursor else { return [:] }
        if let kind { return [kind: cursor] }
        let parts = cursor.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == Kind.allCases.count else { return [:] }
        var cursors: [Kind: String] = [:]
        for (kind, part) in zip(Kind.allCases, parts) where part != "none" { cursors[kind] = String(part) }
        return cursors
    }

    /// The cursor a search of `kind` (nil: All) answers with for the kinds' `cursors`.
    static func joined(_ cursors: [Kind: String], kind: Kind?) -> String? {
        guard kind == nil else { return Kind.allCases.lazy.compactMap { cursors[$0] }.first }
        return Kind.allCases.map { cursors[$0] ?? "none" }.joined(separator: ",")
    }
}
