import ArgumentParser

/// The `--limit` option's values: Lemmy serves at most 50 items a page, so every paged command
/// takes 1–50 and refuses anything else with the same usage error.
enum PageLimit {
    /// The largest page Lemmy serves.
    static let range = 1...50

    /// Parses `text` as a limit; the `transform:` of every `--limit` option.
    static func parse(_ text: String) throws -> Int {
        guard let limit = Int(text), range.contains(limit) else {
            throw ValidationError("--limit must be between \(range.lowerBound) and \(range.upperBound)")
        }
        return limit
    }
}
