public import Foundation

/// Encodes Api values for one exact Lemmy version, as a server of that version renders them.
///
/// Generated Api types (and arrays and dictionaries of them) take a fast path that writes JSON
/// bytes directly (see `LemmyFastEncodable`); it writes what `JSONEncoder` configured by
/// ``makeEncoder(coding:)`` writes, or gives up on anything unusual (a member the version
/// requires without a value, an enum case or member form the version lacks, a non-finite number)
/// and `JSONEncoder` encodes the same value, so its output and its errors are `JSONEncoder`'s.
public enum LemmyFastEncoding {
    /// The `JSONEncoder` the fast path stands in for: compact, `/` unescaped, `coding` in its
    /// `userInfo` (see ``LemmyVersionedCoding``).
    public static func makeEncoder(coding: LemmyVersionedCoding) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        encoder.userInfo[LemmyVersionedCoding.userInfoKey] = coding
        return encoder
    }

    /// The JSON of `value` for `coding`'s version: the fast path's bytes, or `JSONEncoder`'s
    /// after it gives up (whose errors, such as ``LemmyVersionError``, are thrown as they are).
    public static func encode<T: Encodable>(_ value: T, coding: LemmyVersionedCoding) throws -> Data {
        if let data = fastEncode(value, coding: coding) { return data }
        return try makeEncoder(coding: coding).encode(value)
    }

    /// The fast path alone: the bytes, or nil when `T` has none or it gives up.
    static func fastEncode<T: Encodable>(_ value: T, coding: LemmyVersionedCoding) -> Data? {
        guard let fast = value as? any LemmyFastEncodable else { return nil }
        var writer = LemmyJSONWriter(capacity: 4096)
        do {
            try fast.encodeLemmyJSON(to: &writer, target: coding)
        } catch {
            return nil
        }
        return writer.data()
    }
}
