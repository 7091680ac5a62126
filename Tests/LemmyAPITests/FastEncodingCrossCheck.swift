import Foundation
@testable import LemmyAPI

/// The fast path of ``LemmyFastEncoding`` beside `JSONEncoder` on the same value.
enum EncodeCheck {
    /// The versions the test server's dialects speak (0.18, 0.19, 1.0).
    static let dialectVersions: [LemmyAPIVersion] = [.v0_18_3_rc_3, .v0_19_13_beta_1, .v1_0_0_beta_1]

    /// Every version, rendering (omit) and requesting (reject).
    static let allCodings: [LemmyVersionedCoding] = LemmyAPIVersion.allCases.flatMap { version in
        [LemmyVersionedCoding(version: version, absentMembers: .omit), LemmyVersionedCoding(version: version, absentMembers: .reject)]
    }

    /// What the two encoders made of one value for one target.
    struct Outcome: Sendable, CustomStringConvertible {
        var coding: LemmyVersionedCoding
        /// The fast path wrote bytes instead of giving up.
        var fastTaken: Bool
        /// `JSONEncoder` encoded the value (did not throw).
        var codableSucceeded: Bool
        /// Both wrote documents that parse to the same JSON (false when either has none).
        var equal: Bool

        /// The fast path answers exactly when `JSONEncoder` does, with the same JSON.
        var agrees: Bool { fastTaken == codableSucceeded && (!fastTaken || equal) }

        var description: String {
            "\(coding.version.name)/\(coding.absentMembers): fast path \(fastTaken ? "taken" : "gave up"), "
                + "JSONEncoder \(codableSucceeded ? "succeeded" : "threw"), \(equal ? "equal" : "NOT equal")"
        }
    }

    /// The fast path alone; nil when it gives up.
    static func fast<T: Encodable>(_ value: T, _ coding: LemmyVersionedCoding) -> Data? {
        LemmyFastEncoding.fastEncode(value, coding: coding).map { Data($0) }
    }

    /// `JSONEncoder` alone, configured as the fast path's fallback.
    static func codable<T: Encodable>(_ value: T, _ coding: LemmyVersionedCoding) throws -> Data {
        try LemmyFastEncoding.makeEncoder(coding: coding).encode(value)
    }

    /// Both encoders on `value` for `coding`.
    static func outcome<T: Encodable>(_ value: T, _ coding: LemmyVersionedCoding) -> Outcome {
        let fast = fast(value, coding)
        let codable = try? codable(value, coding)
        var equal = false
        if let fast, let codable, let a = canonical(fast), let b = canonical(codable) { equal = a == b }
        return Outcome(coding: coding, fastTaken: fast != nil, codableSucceeded: codable != nil, equal: equal)
    }

    /// The document parsed by `JSONSerialization` and written back with sorted keys: equal for
    /// documents that parse to equal objects, whatever their member order.
    static func canonical(_ data: Data) -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
    }

    /// What the public entry point answers: bytes, or the thrown error's description.
    static func publicAnswer<T: Encodable>(_ value: T, _ coding: LemmyVersionedCoding) -> Result<Data, Failure> {
        Result { try LemmyFastEncoding.encode(value, coding: coding) }.mapError(Failure.init)
    }

    /// What `JSONEncoder` alone answers.
    static func codableAnswer<T: Encodable>(_ value: T, _ coding: LemmyVersionedCoding) -> Result<Data, Failure> {
        Result { try codable(value, coding) }.mapError(Failure.init)
    }

    /// A thrown error, comparable: its type and description.
    struct Failure: Error, Equatable {
        var text: String
        init(_ error: any Error) { text = "\(type(of: error)): \(error)" }
    }
}

/// The test-only `SiteViewOnly` joins the fast path like a generated type.
extension SiteViewOnly: LemmyFastEncodable {
    func encodeLemmyJSON(to writer: inout LemmyJSONWriter, target: LemmyVersionedCoding) throws(LemmyJSONBail) {
        writer.beginObject()
        writer.member("\"site_view\":")
        try site_view.encodeLemmyJSON(to: &writer, target: target)
        writer.endObject()
    }
}
