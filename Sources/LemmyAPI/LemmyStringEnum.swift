/// A string enumeration generated from a TypeScript string union. Decoding accepts the
/// PascalCase (0.18/0.19) and snake_case (1.0) spellings of every known case and keeps any
/// other value as `unknown` instead of failing; encoding writes the spelling of the generation
/// in the encoder's `userInfo` (see ``LemmyAPIGeneration/userInfoKey``), else the newest one.
///
/// Enums are unions over versions: a case carries the versions that have it (`versions(of:)`).
/// An encoder with a ``LemmyVersionedCoding`` target writes that version's spelling and refuses a
/// case the version lacks; a strict decoder (the same key in a decoder's `userInfo`) accepts only
/// that version's spellings of its cases, with serde's "unknown variant" message otherwise.
public protocol LemmyStringEnum: Codable, Hashable, Sendable {
    /// Maps a wire spelling to a case (unknown spellings become the `unknown` case).
    init(wireValue: String)
    /// The spelling for `generation` (nil: the newest spelling).
    func wireValue(for generation: LemmyAPIGeneration?) -> String
    /// The spelling `version` uses, nil when the version does not have the case. An `unknown`
    /// value is spelled as it was given, in every version.
    func wireValue(in version: LemmyAPIVersion) -> String?
    /// Every known case, in declaration order.
    static var knownCases: [Self] { get }
}

extension LemmyStringEnum {
    /// Decodes from a JSON string; strictly when the decoder names a version.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let strict = decoder.lemmyStrictVersion else {
            self.init(wireValue: text)
            return
        }
        guard let match = Self.knownCases.first(where: { $0.wireValue(in: strict) == text }) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.unknownVariantMessage(text, in: strict))
        }
        self = match
    }

    /// Encodes the spelling for the encoder's target version or generation.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let target = encoder.lemmyVersionedCoding {
            guard let text = wireValue(in: target.version) else {
                throw LemmyVersionError(kind: .enumCase, typeName: String(describing: Self.self), name: "\(self)", version: target.version)
            }
            try container.encode(text)
        } else {
            try container.encode(wireValue(for: encoder.lemmyGeneration))
        }
    }

    /// The spellings `version` accepts, in declaration order.
    public static func spellings(in version: LemmyAPIVersion) -> [String] {
        knownCases.compactMap { $0.wireValue(in: version) }
    }

    /// serde's message for a value that is not a variant, such as `unknown variant Top, expected one of Hot, ...`.
    public static func unknownVariantMessage(_ text: String, in version: LemmyAPIVersion) -> String {
        let expected = spellings(in: version).map { "`\($0)`" }.joined(separator: ", ")
        return "unknown variant `\(text)`, expected one of \(expected)"
    }
}

/// A coding key made from any string, for tagged unions.
public struct LemmyAnyKey: CodingKey, Hashable, Sendable {
    /// The key.
    public var stringValue: String
    /// Always nil.
    public var intValue: Int? { nil }
    /// Creates a key.
    public init(_ stringValue: String) { self.stringValue = stringValue }
    /// Creates a key.
    public init?(stringValue: String) { self.stringValue = stringValue }
    /// Not supported.
    public init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer {
    /// Decodes a member that older versions sent under another key (`published` vs
    /// `published_at`): the first present key wins; if none is present the error names `keys[0]`.
    public func decodeMerged<T: Decodable>(_ type: T.Type, keys: [Key]) throws -> T {
        for key in keys where contains(key) { return try decode(T.self, forKey: key) }
        return try decode(T.self, forKey: keys[0])
    }

    /// Optional variant of ``decodeMerged(_:keys:)``.
    public func decodeMergedIfPresent<T: Decodable>(_ type: T.Type, keys: [Key]) throws -> T? {
        for key in keys where contains(key) { if let value = try decodeIfPresent(T.self, forKey: key) { return value } }
        return nil
    }
}

extension Encoder {
    /// Picks the key of a merged member: `legacy` (the v3 spelling) when encoding for v3.
    public func lemmyMergedKey<Key>(current: Key, legacy: Key) -> Key {
        lemmyGeneration == .v3 ? legacy : current
    }
}
