/// What 1.0's GetPosts and GetComments fill in from the caller's settings when the request leaves
/// it out (`api/api/src/federation/mod.rs`; the site sets none of these here).
extension UserSettingsRecord? {
    /// `post_time_range_seconds_with_default`: the request's window, else the caller's; 0 means
    /// none, and a negative window keeps nothing.
    func timeRange(_ requested: Int?) -> Double? {
        (requested ?? self?.defaultTimeRangeSeconds).flatMap { $0 == 0 ? nil : Double($0) }
    }

    /// `fetch_limit_with_default`: the request's limit, else (1.0 only) the caller's page size.
    func fetchLimit(_ requested: Int?, dialect: LemmyDialect) -> Int? {
        requested ?? (dialect == .v1_0 ? self?.defaultItemsPerPage : nil)
    }
}
