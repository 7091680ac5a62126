/// Arithmetic for numbers a server sent: counts and scores are untrusted, so sums saturate at the
/// ends of `Int` instead of trapping, and counts that cannot be negative are clamped at zero.
extension Int {
    /// `self + other`, held at `Int.min`/`Int.max` instead of overflowing.
    func saturatingAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// `self - other`, held at `Int.min`/`Int.max` instead of overflowing.
    func saturatingSubtract(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other > 0 ? .min : .max
    }

    /// A count: negative values (which no real count has) become zero.
    var clampedCount: Int { Swift.max(self, 0) }

    /// A count moved by `delta` (an optimistic +1/-1), saturating and never below zero.
    func countAdding(_ delta: Int) -> Int { clampedCount.saturatingAdd(delta).clampedCount }
}
