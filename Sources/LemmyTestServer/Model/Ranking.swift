import Foundation

/// Lemmy's orderings, computed at query time.
///
/// Hot follows 0.19's and 1.0's `r.hot_rank` (`replaceable_schema/utils.sql`):
/// `log10(max(2, score + 2)) / (hours + 2)^1.8`, and 0 for a date in the future or over a week
/// old (then newer first). 0.18 stores an integer rank instead (``storedHot018(score:published:now:)``).
/// Active uses the newest comment time instead of the publish time; Scaled divides hot by
/// `log(2 + subscribers)` (Lemmy uses monthly active users); Controversial is `(up + down)^(min/max)`.
enum Ranking {
    static func hot(score: Int, published: Double, now: Double) -> Double {
        let hours = (now - published) / 3600
        guard hours > 0 && hours < 7 * 24 else { return 0 }
        return log10(Double(max(2, score + 2))) / pow(hours + 2, 1.8)
    }

    /// 0.18's stored `hot_rank(score, published)` (migration 2023-07-06 hot-rank-future, kept
    /// fresh by `update_hot_ranks` every 15 minutes in `src/scheduled_tasks.rs` at 0.18.5): the
    /// integer `floor(10000 * log10(max(1, score + 3)) / (hours + 2)^1.8)` as of the last refresh
    /// (the last quarter hour of `now`), 0 for a date in the future, with no cut-off at a week (it
    /// just decays towards 0), and the column's default 1728 for what came after the refresh.
    /// Posts' `hot_rank` and `hot_rank_active` (from the newest comment; Lemmy keeps the rank of
    /// the newest comment as of the refresh, here the newest one counts) and comments' and
    /// communities' `hot_rank` carry it. Time moves the ranks only at a refresh, so an order of
    /// them is the same from one request to the next unless a vote changed a score (0.18 itself
    /// keeps a local vote's effect until the refresh).
    static func storedHot018(score: Int, published: Double, now: Double) -> Double {
        // A federated post from the future is ranked on arrival (`update_hot_rank`): 0.
        guard published <= now else { return 0 }
        let refreshed = (now / refreshInterval018).rounded(.down) * refreshInterval018
        guard published <= refreshed else { return 1728 }
        let hours = (refreshed - published) / 3600
        guard hours > 0 else { return 0 }
        return (10_000 * log10(Double(max(1, score + 3))) / pow(hours + 2, 1.8)).rounded(.down)
    }

    /// How often 0.18 refreshes its stored ranks, in seconds.
    static let refreshInterval018 = 900.0

    /// A community's hot rank, from its subscribers and age. 0.18: its stored
    /// `hot_rank(subscribers, published)` (``storedHot018(score:published:now:)``). 0.19 and 1.0
    /// (which refresh it every 10 or 15 minutes; here it is computed when asked): `r.hot_rank`,
    /// `log10(max(2, subscribers + 2)) / (hours + 2)^1.8` within a week of publication, else 0.
    static func communityHot(subscribers: Int, published: Double, now: Double, dialect: LemmyDialect) -> Double {
        if dialect == .v0_18 { return storedHot018(score: subscribers, published: published, now: now) }
        let hours = (now - published) / 3600
        guard hours > 0 else { return 0 }
        guard hours < 7 * 24 else { return 0 }
        return log10(Double(max(2, subscribers + 2))) / pow(hours + 2, 1.8)
    }

    static func controversial(up: Int, down: Int) -> Double {
        guard up > 0, down > 0 else { return 0 }
        return pow(Double(up + down), Double(min(up, down)) / Double(max(up, down)))
    }
}

/// A post ordering, independent of the dialect's spelling.
enum PostSort: Sendable, Hashable {
    case hot, active, scaled, new, old, newComments, mostComments, controversial
    /// Highest score among posts newer than `window` seconds (nil: all time).
    case top(window: Double?)
    /// 0.18's Hot and Active: by the integer rank it stores (``Ranking/storedHot018(score:published:now:)``
    /// of the publication or of the newest comment), then newest first (`post_view.rs` at 0.18.5):
    /// ranks tie often, and a week-old post with a high score still ranks.
    case storedHot018, storedActive018

    /// Maps a 0.18/0.19 `SortType` (`TopDay`, ...) as `dialect` orders it.
    init(v3 sort: String?, dialect: LemmyDialect) {
        self.init(v3: sort)
        if dialect == .v0_18 && self == .hot { self = .storedHot018 }
        if dialect == .v0_18 && self == .active { self = .storedActive018 }
    }

    /// Maps a 0.18/0.19 `SortType` (`TopDay`, ...).
    private init(v3 sort: String?) {
        switch sort?.lowercased().replacingOccurrences(of: "_", with: "") {
        case "active": self = .active
        case "scaled": self = .scaled
        case "new": self = .new
        case "old": self = .old
        case "newcomments": self = .newComments
        case "mostcomments": self = .mostComments
        case "controversial": self = .controversial
        case "tophour": self = .top(window: 3600)
        case "topsixhour": self = .top(window: 6 * 3600)
        case "toptwelvehour": self = .top(window: 12 * 3600)
        case "topday": self = .top(window: 86_400)
        case "topweek": self = .top(window: 7 * 86_400)
        case "topmonth": self = .top(window: 30 * 86_400)
        case "topthreemonths": self = .top(window: 91 * 86_400)
        case "topsixmonths": self = .top(window: 182 * 86_400)
        case "topninemonths": self = .top(window: 273 * 86_400)
        case "topyear": self = .top(window: 365 * 86_400)
        case "topall", "top": self = .top(window: nil)
        default: self = .hot
        }
    }
}

/// The position of an item in an ordering: featured first, then `primary` descending, then
/// `tiebreak` descending. Encoded in cursors, so a cursor stays valid while data changes.
struct SortKey: Comparable, Sendable {
    var featured: Int
    var primary: Double
    /// Between `primary` and `tiebreak`: a comment's score under Hot (Lemmy orders
    /// `hot_rank desc, score desc`).
    var secondary: Double = 0
    var tiebreak: Int

    static func < (a: SortKey, b: SortKey) -> Bool {
        (a.featured, a.primary, a.secondary, a.tiebreak) < (b.featured, b.primary, b.secondary, b.tiebreak)
    }
}

/// Opaque page cursors: `N` (items after) or `P` (items before) a ``SortKey``, base64url; with a
/// last `R` part, a 1.0 "recovery" cursor, which takes in the item at the key itself.
enum PageCursor {
    enum Direction: String, Sendable { case next = "N", previous = "P" }

    static func encode(_ key: SortKey, _ direction: Direction, recovery: Bool = false) -> String {
        let text =
            "\(direction.rawValue)|\(key.featured)|\(String(key.primary.bitPattern, radix: 16))|\(String(key.secondary.bitPattern, radix: 16))|\(key.tiebreak)"
            + (recovery ? "|R" : "")
        return Base64URL.encode(Data(text.utf8))
    }

    static func decode(_ cursor: String) -> PagePosition? {
        guard let data = Base64URL.decode(cursor), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 5 || (parts.count == 6 && parts[5] == "R"), let direction = Direction(rawValue: parts[0]),
            let featured = Int(parts[1]), let bits = UInt64(parts[2], radix: 16), let secondary = UInt64(parts[3], radix: 16),
            let tiebreak = Int(parts[4])
        else { return nil }
        return PagePosition(
            key: SortKey(
                featured: featured, primary: Double(bitPattern: bits), secondary: Double(bitPattern: secondary), tiebreak: tiebreak),
            direction: direction, recovery: parts.count == 6)
    }
}

/// Where a cursor resumes a list: after or before `key`; a `recovery` position (1.0) takes in the
/// item at `key` too.
struct PagePosition: Sendable {
    var key: SortKey
    var direction: PageCursor.Direction
    var recovery = false
}

/// One page of ids out of an ordered candidate list.
struct PageResult: Sendable {
    var ids: [Int]
    var next: String?
    var previous: String?
}

enum Paging {
    /// The items before 1-based `page` of `limit` items: `Int.max` when that overflows (a
    /// hostile page number), so the page is empty instead of the server trapping.
    static func offset(page: Int?, limit: Int) -> Int {
        let (skipped, overflow) = max(0, (page ?? 1) - 1).multipliedReportingOverflow(by: max(limit, 0))
        return overflow ? Int.max : skipped
    }

    /// The items of 1-based `page` of `limit` items (a list paged by number); empty past the end.
    static func numbered<Items: RandomAccessCollection>(_ items: Items, page: Int?, limit: Int) -> Items.SubSequence
    where Items.Index == Int {
        let start = items.startIndex + min(items.count, offset(page: page, limit: limit))
        return items[start..<min(items.endIndex, start + min(max(limit, 0), items.endIndex - start))]
    }

    /// Sorts `keyed` (id, key) descending and cuts one page: by cursor if given, else by 1-based
    /// `page`. `next` is set when more items follow (or for any non-empty page when
    /// `alwaysNext`, like 0.19); `previous` when items precede. With `fullPages`, 1.0's cursors
    /// instead (see ``page(ordered:page:limit:position:alwaysNext:fullPages:offsetsCursors:matching:)``).
    static func page(
        _ keyed: [(id: Int, key: SortKey)], page: Int?, limit: Int, cursor: String?,
        alwaysNext: Bool = false, fullPages: Bool = false
    ) throws -> PageResult {
        try self.page(
            ordered: keyed.sorted { $0.key > $1.key }, page: page, limit: limit, cursor: cursor, alwaysNext: alwaysNext,
            fullPages: fullPages, matching: { _ in true })
    }

    /// One page of the ids of `ordered` (sorted by key, highest first) that `matching` accepts,
    /// as ``page(_:page:limit:cursor:alwaysNext:)`` cuts it from the sorted matches alone; asks
    /// `matching` only about the items it walks past (the page and its neighbours).
    static func page(
        ordered: [(id: Int, key: SortKey)], page: Int?, limit: Int, cursor: String?, alwaysNext: Bool = false,
        fullPages: Bool = false, offsetsCursors: Bool = false, matching: (Int) -> Bool
    ) throws -> PageResult {
        var position: PagePosition?
        if let cursor, !cursor.isEmpty {
            guard let decoded = PageCursor.decode(cursor) else { throw APIError.code("couldnt_parse_pagination_token") }
            position = decoded
        }
        return self.page(
            ordered: ordered, page: page, limit: limit, position: position, alwaysNext: alwaysNext, fullPages: fullPages,
            offsetsCursors: offsetsCursors, matching: matching)
    }

    /// ``page(ordered:page:limit:cursor:alwaysNext:fullPages:offsetsCursors:matching:)`` from a decoded position:
    /// the items after (`.next`) or before (`.previous`) `position`'s key, or by `page` when there
    /// is none.
    ///
    /// `fullPages` gives 1.0's cursors (`paginate_response` in `diesel_utils/src/pagination.rs`):
    /// one after the last item and one before the first, less what Lemmy drops. A first page (no
    /// cursor) has no previous one, and a next one only when it is full; going forward, a page that
    /// is not full has no next one; going back, none before a page that is not full. So a list
    /// whose last page is full ends with one more request, for an empty page. An empty page reached
    /// by a cursor offers a "recovery" cursor the other way, which takes in the item the cursor
    /// named (an empty page reached by a recovery cursor offers none).
    ///
    /// `offsetsCursors`: `page` skips items after a cursor too (0.19's post lists apply the
    /// page's OFFSET whatever the cursor; 1.0's form has no page); otherwise a cursor ignores it.
    static func page(
        ordered: [(id: Int, key: SortKey)], page: Int?, limit: Int, position: PagePosition?,
        alwaysNext: Bool = false, fullPages: Bool = false, offsetsCursors: Bool = false, matching: (Int) -> Bool
    ) -> PageResult {
        let limit = max(limit, 0)
        /// The first index from `start` (stepping by `step`) whose item matches, if any, after
        /// passing `skipping` matching items (a page's offset).
        func match(from start: Int, step: Int, skipping: Int = 0) -> Int? {
            var index = start
            var toSkip = skipping
            while index >= 0 && index < ordered.count {
                if matching(ordered[index].id) {
                    if toSkip == 0 { return index }
                    toSkip -= 1
                }
                index += step
            }
            return nil
        }
        /// The first index whose key is below `key` (`orEqual`: at or below).
        func boundary(_ key: SortKey, orEqual: Bool) -> Int {
            var low = 0
            var high = ordered.count
            while low < high {
                let middle = (low + high) / 2
                let item = ordered[middle].key
                if orEqual ? item <= key : item < key { high = middle } else { low = middle + 1 }
            }
            return low
        }
        var indices: [Int] = []
        var moreAfter = false
        var moreBefore = false
        if let position {
            // A recovery position takes in the item at its key (Lemmy's `after_or_equal` and
            // `before_or_equal`).
            let skipped = offsetsCursors ? offset(page: page, limit: limit) : 0
            switch position.direction {
            case .next:
                let split = boundary(position.key, orEqual: position.recovery)
                var next = match(from: split, step: 1, skipping: skipped)
                while let index = next, indices.count < limit {
                    indices.append(index)
                    next = match(from: index + 1, step: 1)
                }
                moreAfter = next != nil
                moreBefore = match(from: split - 1, step: -1) != nil
            case .previous:
                let split = boundary(position.key, orEqual: !position.recovery)
                var previous = match(from: split - 1, step: -1, skipping: skipped)
                while let index = previous, indices.count < limit {
                    indices.append(index)
                    previous = match(from: index - 1, step: -1)
                }
                indices.reverse()
                moreBefore = previous != nil
                moreAfter = match(from: split, step: 1) != nil
            }
        } else {
            let skipped = offset(page: page, limit: limit)
            var next = match(from: 0, step: 1, skipping: skipped)
            while let index = next, indices.count < limit {
                indices.append(index)
                next = match(from: index + 1, step: 1)
            }
            moreAfter = next != nil
            moreBefore = skipped > 0
        }
        var result = PageResult(ids: indices.map { ordered[$0].id })
        if fullPages {
            guard let first = indices.first, let last = indices.last else {
                // An empty page reached by a cursor that is not itself a recovery one offers the
                // way back, taking in the item the cursor names: one that went past the end (or the
                // start) of the list then recovers without skipping it.
                if let position, !position.recovery {
                    let back = PageCursor.encode(position.key, position.direction == .next ? .previous : .next, recovery: true)
                    if position.direction == .next { result.previous = back } else { result.next = back }
                }
                return result
            }
            let full = indices.count >= limit
            if full || position?.direction == .previous { result.next = PageCursor.encode(ordered[last].key, .next) }
            if position != nil && (full || position?.direction == .next) {
                result.previous = PageCursor.encode(ordered[first].key, .previous)
            }
            return result
        }
        if let last = indices.last, moreAfter || alwaysNext { result.next = PageCursor.encode(ordered[last].key, .next) }
        if let first = indices.first, moreBefore { result.previous = PageCursor.encode(ordered[first].key, .previous) }
        return result
    }
}
