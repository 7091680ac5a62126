import Foundation
import HTTPTypes

/// Parses `Retry-After` (RFC 9110 §10.2.3): delay seconds or an HTTP date.
enum RetryAfter {
    /// The delay the header asks for, measured from `now`; `nil` when absent or unreadable.
    static func delay(in fields: HTTPFields, now: Date = Date()) -> Duration? {
        guard let value = fields[.retryAfter]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return .seconds(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .milliseconds(max(0, Int64(date.timeIntervalSince(now) * 1000)))
    }
}
