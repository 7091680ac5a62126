import Foundation

/// A 1.0 page cursor over uploaded images, which Lemmy orders and pages by their alias alone
/// (`CursorData::new_plain(pictrs_alias)`): the alias, the direction, and whether it is a
/// recovery cursor. Encoded as Lemmy's `PaginationCursorInternal` is, `b=…&d=…&r=…`, in base64url
/// (Lemmy uses its own base64 alphabet; clients treat cursors as opaque).
struct MediaCursor: Equatable {
    /// The alias the page starts after (or, going back, ends before).
    var alias: String
    /// Whether the page lies before ``alias``.
    var back: Bool
    /// Whether the page takes in ``alias`` itself (offered after an empty page).
    var recovery: Bool

    init(alias: String, back: Bool, recovery: Bool = false) {
        self.alias = alias
        self.back = back
        self.recovery = recovery
    }

    /// Decodes a cursor as serde_urlencoded reads Lemmy's: the three members with their values,
    /// others ignored, none twice; nil otherwise.
    init?(_ text: String) {
        guard let data = Base64URL.decode(text), let query = String(data: data, encoding: .utf8) else { return nil }
        var members: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count == 2 ? String(parts[1]).replacingOccurrences(of: "+", with: " ") : ""
            guard let value = value.removingPercentEncoding else { return nil }
            let key = String(parts[0])
            guard ["b", "d", "r"].contains(key) else { continue }
            guard members.updateValue(value, forKey: key) == nil else { return nil }
        }
        guard let alias = members["d"], let back = members["b"].flatMap(Bool.init), let recovery = members["r"].flatMap(Bool.init)
        else { return nil }
        self.init(alias: alias, back: back, recovery: recovery)
    }

    /// The cursor as sent.
    var encoded: String {
        let alias = alias.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? alias
        return Base64URL.encode(Data("b=\(back)&d=\(alias)&r=\(recovery)".utf8))
    }

    /// One page of `aliases` (sorted ascending) from `position` on, with the cursors Lemmy's
    /// `paginate_response` offers (`diesel_utils/src/pagination.rs`): a previous one at the first
    /// item and a next one at the last; a first page has no previous one and a next one only when
    /// full; a page short of `limit` has none further in its direction; an empty page reached by a
    /// cursor offers a recovery cursor back the way it came, which takes in the alias it names.
    static func page(_ aliases: [String], limit: Int, after position: MediaCursor?) -> (
        aliases: [String], next: MediaCursor?, previous: MediaCursor?
    ) {
        let limit = max(limit, 0)
        var page: [String]
        if let position {
            if position.back {
                let before = aliases.filter { position.recovery ? $0 <= position.alias : $0 < position.alias }
                page = Array(before.suffix(limit))
            } else {
                page = Array(aliases.filter { position.recovery ? $0 >= position.alias : $0 > position.alias }.prefix(limit))
            }
        } else {
            page = Array(aliases.prefix(limit))
        }
        var previous = page.first.map { MediaCursor(alias: $0, back: true) }
        var next = page.last.map { MediaCursor(alias: $0, back: false) }
        let short = page.count < limit
        switch (short, position?.back) {
        case (_, nil):
            previous = nil
            if short { next = nil }
        case (true, true?): previous = nil
        case (true, false?): next = nil
        case (false, _?): break
        }
        if page.isEmpty, let position, !position.recovery {
            if position.back {
                next = MediaCursor(alias: position.alias, back: false, recovery: true)
            } else {
                previous = MediaCursor(alias: position.alias, back: true, recovery: true)
            }
        }
        return (page, next, previous)
    }
}
