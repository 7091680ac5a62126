internal import Foundation

extension Date {
    /// The seconds since 1970 a ban's expiry is sent as: rounded up, so the ban does not end
    /// before the time asked for, and kept within what Lemmy's `chrono` can hold (about ±262,000
    /// years; 0.18 panics beyond it), so a far date is a far ban rather than a crash. A date that
    /// is not a number goes as 0.
    var banExpirySeconds: Int {
        let seconds = timeIntervalSince1970.rounded(.up)
        return seconds.isNaN ? 0 : Int(Swift.min(Swift.max(seconds, -8.2e12), 8.2e12))
    }
}
