public import Foundation
internal import Locking

/// Where resources read the current time: timestamps of data and errors, expiry and retry
/// decisions, and eviction grace periods all go through one injected clock.
///
/// Tests inject a ``ManualResourceClock`` and move time forward instead of sleeping.
public struct ResourceClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock reading time from `now`.
    public init(now: @escaping @Sendable () -> Date) { read = now }

    /// The current time.
    public var now: Date { read() }

    /// The system's wall clock.
    public static let system = ResourceClock { Date() }

    /// A clock that moves only when `manual` is advanced.
    public static func manual(_ manual: ManualResourceClock) -> ResourceClock {
        ResourceClock { manual.now }
    }
}

/// A clock for tests and previews that stands still until it is advanced.
public final class ManualResourceClock: Sendable {
    // The lock guards the current time, the only state.
    private let current: Locked<Date>

    /// Creates a clock reading `start` (by default a fixed, arbitrary date).
    public init(start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = Locked(start)
    }

    /// The current time.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward by `duration`.
    public func advance(by duration: Duration) {
        current.withLock { $0 = $0.addingTimeInterval(duration.timeInterval) }
    }

    /// A ``ResourceClock`` reading this clock.
    public var resourceClock: ResourceClock { .manual(self) }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
