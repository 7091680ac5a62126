import Foundation
import LemmyAPI
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
}
