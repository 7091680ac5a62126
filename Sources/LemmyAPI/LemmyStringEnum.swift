/// A string enumeration generated from a TypeScript string union. Decoding accepts the
/// PascalCase (0.18/0.19) and snake_case (1.0) spellings of every known case and keeps any
/// other value as `unknown` instead of failing; encoding writes the spelling of the generation
/// in the encoder's `userInfo` (see ``LemmyAPIGeneration/userInfoKey``), else the newest one.
public protocol LemmyStringEnum: Codable, Hashable, Sendable {
    /// Maps a wire spelling to a case (unknown spellings become the `unknown` case).
    init(wireValue: String)
    /// The spelling for `generation` (nil: the newest spelling).
    func wireValue(for generation: LemmyAPIGeneration?) -> String
}

extension LemmyStringEnum {
    /// Decodes from a JSON string.
    public init(from decoder: any Decoder) throws {
        self.init(wireValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the spelling for the encoder's generation.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wireValue(for: encoder.lemmyGeneration))
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
