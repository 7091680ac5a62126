import Foundation

/// Lemmy's orderings, computed at query time.
///
/// Hot follows Lemmy's formula `10000 * log10(max(1, 3 + score)) / (hours + 2)^1.8`, and is 0
/// for posts older than a week (then newer first). Active uses the newest comment time instead of
/// the publish time; Scaled divides hot by `log(2 + subscribers)` (Lemmy uses monthly active
/// users); Controversial is `(up + down)^(min/max)`.
enum Ranking {
    static func hot(score: Int, published: Double, now: Double) -> Double {
        let hours = max(0, now - published) / 3600
        guard hours < 7 * 24 else { return 0 }
        return 10_000 * log10(Double(max(1, 3 + score))) / pow(hours + 2, 1.8)
    }

    static func controversial(up: Int, down: Int) -> Double {
        guard up > 0, down > 0 else { return 0 }
        return pow(Double(up + down), Double(min(up, down)) / Double(max(up, down)))
    }
}

/// A post ordering, independent of the dialect's spelling.
enum PostSort: Sendable, Equatable {
    case hot, active, scaled, new, old, newComments, mostComments, controversial
    /// Highest score among posts newer than `window` seconds (nil: all time).
    case top(window: Double?)

    /// Maps a 0.18/0.19 `SortType` (`TopDay`, ...).
    init(v3 sort: String?) {
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
    var tiebreak: Int

    static func < (a: SortKey, b: SortKey) -> Bool {
        (a.featured, a.primary, a.tiebreak) < (b.featured, b.primary, b.tiebreak)
    }
}

/// Opaque page cursors: `N` (items after) or `P` (items before) a ``SortKey``, base64url.
enum PageCursor {
    enum Direction: String, Sendable { case next = "N", previous = "P" }

    static func encode(_ key: SortKey, _ direction: Direction) -> String {
        let text = "\(direction.rawValue)|\(key.featured)|\(String(key.primary.bitPattern, radix: 16))|\(key.tiebreak)"
        return Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ cursor: String) -> (SortKey, Direction)? {
        var base = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base.count % 4 != 0 { base += "=" }
        guard let data = Data(base64Encoded: base), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: "|").map(String.init)
        guard parts.count == 4, let direction = Direction(rawValue: parts[0]), let featured = Int(parts[1]),
            let bits = UInt64(parts[2], radix: 16), let tiebreak = Int(parts[3])
        else { return nil }
        return (SortKey(featured: featured, primary: Double(bitPattern: bits), tiebreak: tiebreak), direction)
    }
}

/// One page of ids out of an ordered candidate list.
struct PageResult: Sendable {
    var ids: [Int]
    var next: String?
    var previous: String?
}

enum Paging {
    /// Sorts `keyed` (id, key) descending and cuts one page: by cursor if given, else by 1-based
    /// `page`. `next` is set when more items follow (or for any non-empty page when
    /// `alwaysNext`, like 0.19); `previous` when items precede.
    static func page(
        _ keyed: [(id: Int, key: SortKey)], page: Int?, limit: Int, cursor: String?,
        alwaysNext: Bool = false
    ) throws -> PageResult {
        let sorted = keyed.sorted { $0.key > $1.key }
        var start = 0
        var end = sorted.count
        if let cursor, !cursor.isEmpty {
            guard let (key, direction) = PageCursor.decode(cursor) else { throw APIError.code("couldnt_parse_pagination_token") }
            switch direction {
            case .next:
                start = sorted.firstIndex { $0.key < key } ?? sorted.count
                end = min(sorted.count, start + limit)
            case .previous:
                end = sorted.firstIndex { $0.key <= key } ?? sorted.count
                start = max(0, end - limit)
            }
        } else {
            start = min(sorted.count, max(0, ((page ?? 1) - 1)) * limit)
            end = min(sorted.count, start + limit)
        }
        let slice = sorted[start..<end]
        var result = PageResult(ids: slice.map(\.id))
        if let last = slice.last, end < sorted.count || alwaysNext {
            result.next = PageCursor.encode(last.key, .next)
        }
        if let first = slice.first, start > 0 { result.previous = PageCursor.encode(first.key, .previous) }
        return result
    }
}
