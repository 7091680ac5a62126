public import Foundation

/// A Lemmy timestamp.
///
/// Lemmy 0.18 sends naive UTC timestamps without a zone, with or without a fraction
/// (`2023-08-07T18:57:30`, `2023-08-07T18:57:30.123456`); 0.19 and 1.0 send `Z` with six fraction
/// digits (`2024-01-02T03:04:05.123456Z`). A `LemmyDate` keeps the exact text it was decoded from
/// (so encoding is lossless) and the instant parsed by a hand-written parser.
public struct LemmyDate: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    /// The exact text as sent by the server.
    public let rawValue: String
    /// Seconds since 1970-01-01T00:00:00Z.
    public let secondsSince1970: Double

    /// Parses a timestamp; nil if `rawValue` is not a supported ISO 8601 form.
    public init?(rawValue: String) {
        var text = rawValue
        guard let seconds = text.withUTF8({ LemmyDate.parse($0) }) else { return nil }
        self.rawValue = rawValue
        self.secondsSince1970 = seconds
    }

    /// Creates a timestamp for `date`, formatted like Lemmy 0.19 (`Z`, six fraction digits).
    public init(_ date: Date) {
        // Within about ±290,000 years, so that the conversions below cannot trap on a hostile or
        // infinite date (Int64 holds ±2^63); NaN is taken as the epoch.
        let total = date.timeIntervalSince1970.isNaN ? 0 : min(max(date.timeIntervalSince1970, -9.2e12), 9.2e12)
        var seconds = Int64(total.rounded(.down))
        var micros = Int64(((total - Double(seconds)) * 1_000_000).rounded())
        if micros == 1_000_000 {
            seconds += 1
            micros = 0
        }
        self.rawValue = LemmyDate.text(seconds: seconds, micros: micros)
        self.secondsSince1970 = Double(seconds) + Double(micros) / 1_000_000
    }

    /// `YYYY-MM-DDTHH:MM:SS.ffffffZ` for whole `seconds` since 1970 and `micros`.
    ///
    /// Years 0 to 9999 are written digit by digit into the string's own storage: the test server
    /// renders several timestamps per post, and string interpolation with padding cost a tenth of
    /// a GetPosts request. Other years take ``paddedText(seconds:micros:)``.
    static func text(seconds: Int64, micros: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (y, m, d) = LemmyDate.civil(fromDays: days)
        guard (0...9999).contains(y) else { return paddedText(seconds: seconds, micros: micros) }
        return String(unsafeUninitializedCapacity: 27) { buffer in
            var index = 0
            func put(_ value: Int64, _ width: Int, then separator: UInt8?) {
                var value = value
                for k in stride(from: width - 1, through: 0, by: -1) {
                    buffer[index + k] = UInt8(ascii: "0") &+ UInt8(value % 10)
                    value /= 10
                }
                index += width
                if let separator {
                    buffer[index] = separator
                    index += 1
                }
            }
            put(y, 4, then: UInt8(ascii: "-"))
            put(m, 2, then: UInt8(ascii: "-"))
            put(d, 2, then: UInt8(ascii: "T"))
            put(secondOfDay / 3600, 2, then: UInt8(ascii: ":"))
            put(secondOfDay / 60 % 60, 2, then: UInt8(ascii: ":"))
            put(secondOfDay % 60, 2, then: UInt8(ascii: "."))
            put(micros, 6, then: UInt8(ascii: "Z"))
            return index
        }
    }

    /// The same text by interpolation, for any year (``text(seconds:micros:)`` for years 0-9999).
    static func paddedText(seconds: Int64, micros: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (y, m, d) = LemmyDate.civil(fromDays: days)
        func pad(_ v: Int64, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return
            "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(micros, 6))Z"
    }

    /// The instant as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: secondsSince1970) }

    /// The raw text.
    public var description: String { rawValue }

    /// Orders by instant.
    public static func < (lhs: LemmyDate, rhs: LemmyDate) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    /// Decodes from a JSON string; a string that is not a timestamp is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = LemmyDate(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Invalid Lemmy timestamp: \(text.prefix(64))")
        }
        self = value
    }

    /// Encodes the exact text it was created from.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction][Z|±HH:MM]` (also with a space instead of `T`).
    static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = b.count
        guard n >= 19 else { return nil }
        @inline(__always) func digit(_ i: Int) -> Int64? {
            let v = Int64(b[i]) &- 48
            return (0...9).contains(v) ? v : nil
        }
        @inline(__always) func two(_ i: Int) -> Int64? {
            guard let a = digit(i), let c = digit(i + 1) else { return nil }
            return a * 10 + c
        }
        guard let y1 = two(0), let y2 = two(2), b[4] == 45, let month = two(5), b[7] == 45, let day = two(8),
            b[10] == 84 || b[10] == 32 || b[10] == 116, let hour = two(11), b[13] == 58, let minute = two(14),
            b[16] == 58, let second = two(17),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var i = 19
        var fraction = 0.0
        if i < n, b[i] == 46 {
            i += 1
            var value: Int64 = 0
            var scale: Int64 = 1
            let start = i
            while i < n, let d = digit(i) {
                if scale < 1_000_000_000 {
                    value = value * 10 + d
                    scale *= 10
                }
                i += 1
            }
            guard i > start else { return nil }
            fraction = Double(value) / Double(scale)
        }
        var offset: Int64 = 0
        if i < n {
            if b[i] == 90 || b[i] == 122 {
                i += 1
            } else if b[i] == 43 || b[i] == 45 {
                guard i + 3 <= n, let oh = two(i + 1) else { return nil }
                var j = i + 3
                var om: Int64 = 0
                if j < n, b[j] == 58 { j += 1 }
                if j + 2 <= n, let m = two(j) {
                    om = m
                    j += 2
                }
                offset = (oh * 3600 + om * 60) * (b[i] == 43 ? 1 : -1)
                i = j
            }
        }
        guard i == n else { return nil }
        let days = daysFromCivil(y1 * 100 + y2, month, day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Double(seconds) + fraction
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
