/// One of Lemmy's rate limits (`local_site_rate_limit`): `capacity` requests per `seconds`, for
/// each client address, as a bucket that holds `capacity` tokens and refills continuously.
///
/// Lemmy's default (one a day) is imitated exactly. Other limits only roughly: 0.19 counts whole
/// tokens and groups IPv6 addresses by /48, /56 and /64, 1.0 counts fixed windows and groups them
/// by /64, while this keys on the address as given and refills continuously; and 1.0's headers
/// (`retry-after`, `x-ratelimit-*`) are not sent.
public struct LemmyRateLimit: Sendable, Equatable {
    /// Requests the bucket holds.
    public var capacity: Int
    /// Seconds in which an empty bucket fills again.
    public var seconds: Int

    /// A limit of `capacity` requests per `seconds`.
    public init(capacity: Int, seconds: Int) {
        self.capacity = capacity
        self.seconds = seconds
    }

    /// Lemmy's default for settings exports and imports together (`import_user_settings`, 0.19
    /// and 1.0): one a day (migration `2023-09-28-084231_import_user_settings_rate_limit`).
    public static let importUserSettings = LemmyRateLimit(capacity: 1, seconds: 86_400)
}

/// A client address's bucket for one ``LemmyRateLimit``: its tokens when last checked.
struct RateBucket: Sendable {
    var tokens: Double
    var checked: Double

    /// Takes a token at `now` (seconds), refilled since the last check; false when none is left.
    mutating func take(_ limit: LemmyRateLimit, now: Double) -> Bool {
        let capacity = Double(limit.capacity)
        tokens = min(capacity, tokens + max(0, now - checked) * capacity / Double(max(limit.seconds, 1)))
        checked = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}

extension Database {
    /// Takes a token of the settings backup limit for `ip`, or refuses with Lemmy's rate-limit
    /// error. Lemmy's limiter wraps the export and import routes, so one bucket serves both.
    mutating func takeSettingsBackupToken(ip: String?, now: Double) throws {
        guard let limit = settingsBackupRateLimit else { return }
        let key = ip ?? ""
        var bucket = settingsBackupBuckets[key] ?? RateBucket(tokens: Double(limit.capacity), checked: now)
        let allowed = bucket.take(limit, now: now)
        settingsBackupBuckets[key] = bucket
        if !allowed { throw APIError.rateLimited }
    }
}
