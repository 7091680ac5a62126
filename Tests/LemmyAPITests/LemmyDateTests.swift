import Foundation
@testable import LemmyAPI
import Testing

@Suite("Timestamp parser")
struct LemmyDateTests {
    static let samples = [
        "2023-08-07T18:57:30", "2023-08-07T18:57:30.123456", "2023-08-07T18:57:30.5",
        "2024-01-02T03:04:05.123456Z", "2024-02-29T23:59:59.999999Z", "1999-12-31T00:00:00Z",
        "2024-01-02T05:04:05.123456+02:00",
    ]

    @Test("Agrees with ISO8601DateFormatter (naive = UTC)", arguments: samples)
    func agreesWithFoundation(_ text: String) throws {
        let date = try #require(LemmyDate(rawValue: text))
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var withZone = text
        if !text.hasSuffix("Z") && !text.contains("+") { withZone += "Z" }
        if !withZone.contains(".") { formatter.formatOptions = [.withInternetDateTime] }
        let expected = try #require(formatter.date(from: withZone))
        #expect(abs(date.secondsSince1970 - expected.timeIntervalSince1970) < 0.001, "ISO8601DateFormatter keeps only milliseconds")
    }

    @Test("Encodes back losslessly", arguments: samples)
    func lossless(_ text: String) throws {
        let date = try #require(LemmyDate(rawValue: text))
        let encoded = try JSONEncoder().encode([date])
        #expect(String(decoding: encoded, as: UTF8.self) == "[\"\(text)\"]")
    }

    @Test(
        "Rejects malformed text",
        arguments: [
            "", "2023-08-07", "2023-13-07T18:57:30", "2023-08-07T18:57:30.", "2023-08-07T18:57:30Zjunk", "yesterday", "2023-08-07T25:00:00",
        ])
    func rejects(_ text: String) {
        #expect(LemmyDate(rawValue: text) == nil)
    }

    @Test("Date initializer writes 0.19 style and round-trips")
    func fromDate() throws {
        let original = Date(timeIntervalSince1970: 1_700_000_000.25)
        let date = LemmyDate(original)
        #expect(date.rawValue == "2023-11-14T22:13:20.250000Z")
        #expect(LemmyDate(rawValue: date.rawValue)?.secondsSince1970 == 1_700_000_000.25)
    }

    @Test("The digit-by-digit text equals the interpolated one, across the years it covers and their edges")
    func textMatchesPadded() throws {
        var generator = SplitMix(seed: 1970)
        var cases: [(Int64, Int64)] = [(0, 0), (-1, 999_999), (-62_167_219_200, 0), (-62_167_219_201, 5), (253_402_300_799, 999_999)]
        cases.append((253_402_300_800, 0))
        for _ in 0..<5000 {
            let seconds = Int64(bitPattern: generator.next()) % 300_000_000_000
            cases.append((seconds, Int64(generator.next() % 1_000_000)))
        }
        for (seconds, micros) in cases {
            #expect(
                LemmyDate.text(seconds: seconds, micros: micros) == LemmyDate.paddedText(seconds: seconds, micros: micros), "\(seconds)")
        }
        #expect(LemmyDate.text(seconds: 0, micros: 7) == "1970-01-01T00:00:00.000007Z")
        #expect(LemmyDate.text(seconds: 253_402_300_800, micros: 0) == "10000-01-01T00:00:00.000000Z")
    }

    @Test("A date no timestamp can hold (infinite, NaN, beyond Int64 seconds) is clamped, not a trap")
    func extremeDates() {
        for seconds in [Double.infinity, -Double.infinity, 1e300, -1e300] {
            let date = LemmyDate(Date(timeIntervalSince1970: seconds))
            #expect(abs(date.secondsSince1970) <= 9.2e12 && !date.rawValue.isEmpty, "\(seconds)")
        }
        #expect(LemmyDate(Date(timeIntervalSince1970: .nan)).secondsSince1970 == 0)
    }
}
