import Foundation

/// A search term as Lemmy's `fuzzy_search` matches it: `%term%` with every space as `%`, compared
/// without case (`ILIKE`), so `foo bar` finds `foo … bar` in that order, and an empty term
/// finds everything (`db_schema/src/utils.rs` at 0.18.5 and 0.19.13, `diesel_utils` on 1.0).
struct FuzzyTerm: Sendable {
    /// The lowercased pieces between spaces, in order.
    private let pieces: [Substring]

    init(_ term: String) {
        pieces = term.lowercased().split(separator: " ", omittingEmptySubsequences: true)
    }

    /// Whether `text` holds the pieces in order; a missing text (SQL `NULL`) never matches.
    func matches(_ text: String?) -> Bool {
        guard let text else { return false }
        guard !pieces.isEmpty else { return true }
        var rest = text.lowercased()[...]
        for piece in pieces {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}
