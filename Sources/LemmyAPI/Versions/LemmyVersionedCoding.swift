import Foundation

/// The exact version an encoder writes for, or a strict decoder reads as, and what to do with
/// members that version lacks.
///
/// Put it in a coder's `userInfo` under ``userInfoKey``. Without it, coding is version-agnostic:
/// decoding accepts every key and enum spelling of every version, and encoding writes every
/// member that has a value in the newest spelling (or the spelling of ``LemmyAPIGeneration``).
public struct LemmyVersionedCoding: Hashable, Sendable {
    /// What an encoder does with a member that has a value but does not exist in ``version``.
    public enum AbsentMembers: Hashable, Sendable {
        /// Leave it out, as a server of that version renders its answers.
        case omit
        /// Fail with ``LemmyVersionError``, so a request is never sent with a parameter that the
        /// server would silently ignore.
        case reject
    }

    /// The version whose keys, members and enum spellings are used.
    public var version: LemmyAPIVersion
    /// What encoding does with members ``version`` lacks.
    public var absentMembers: AbsentMembers

    /// Creates a setting.
    public init(version: LemmyAPIVersion, absentMembers: AbsentMembers) {
        self.version = version
        self.absentMembers = absentMembers
    }

    /// The `userInfo` key for encoders and decoders.
    ///
    /// In a decoder's `userInfo` it makes decoding as strict as a server of that version: members
    /// the version lacks are ignored (as serde ignores unknown fields), members it requires must be
    /// present, and enum values must be one of that version's spellings of a case it has.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "LemmyVersionedCoding")!
}

/// A member or enum value that does not exist in the version a request is encoded for.
public struct LemmyVersionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is missing.
    public enum Kind: Hashable, Sendable {
        /// A request member (`show_read`) that the version does not have.
        case member
        /// An enum value (`Top`) that the version does not have.
        case enumCase
        /// A member that the version always sends, rendered without a value.
        case missingMember
        /// A call (`GET /post/like/list`) that the version does not serve.
        case endpoint
        /// A value in a form (`boolean`) that the version does not use for that member (it takes
        /// a `VoteShow`); see ``LemmyVersionedUnion``.
        case form
    }

    /// What is missing.
    public var kind: Kind
    /// The Swift type holding it (`ApiGetPosts`, `ApiPostSortType`).
    public var typeName: String
    /// The member's key or the enum case's Swift name.
    public var name: String
    /// The version that lacks it.
    public var version: LemmyAPIVersion

    /// Creates an error.
    public init(kind: Kind, typeName: String, name: String, version: LemmyAPIVersion) {
        self.kind = kind
        self.typeName = typeName
        self.name = name
        self.version = version
    }

    /// One line naming the missing member or value and the version.
    public var description: String {
        switch kind {
        case .member: "\(typeName).\(name) does not exist in Lemmy API \(version.name)"
        case .enumCase: "\(typeName).\(name) does not exist in Lemmy API \(version.name)"
        case .missingMember: "\(typeName).\(name) is required in Lemmy API \(version.name) but has no value"
        case .endpoint: "\(name) (\(typeName)) does not exist in Lemmy API \(version.name)"
        case .form: "\(typeName) as `\(name)` is not the form Lemmy API \(version.name) uses"
        }
    }
}

extension Encoder {
    /// The exact target version, if the encoder has one.
    public var lemmyVersionedCoding: LemmyVersionedCoding? {
        userInfo[LemmyVersionedCoding.userInfoKey] as? LemmyVersionedCoding
    }

    /// Picks the key a member is written under: the one ``LemmyVersionedCoding/version`` uses,
    /// else the generation's (`legacy` for v3), else `current`.
    public func lemmyKey<Key>(_ keys: [(Key, LemmyVersionSet)], target: LemmyVersionedCoding?, current: Key, legacy: Key) -> Key {
        if let target, let match = keys.first(where: { $0.1.contains(target.version) }) { return match.0 }
        return lemmyGeneration == .v3 ? legacy : current
    }
}

extension Decoder {
    /// The version a strict decoder reads as; nil for ordinary, tolerant decoding.
    public var lemmyStrictVersion: LemmyAPIVersion? {
        // Answers are decoded with an empty userInfo: checking emptiness first skips the hashed
        // lookup and the dynamic cast for every object of a tolerant decode.
        let info = userInfo
        guard !info.isEmpty else { return nil }
        return (info[LemmyVersionedCoding.userInfoKey] as? LemmyVersionedCoding)?.version
    }
}

extension KeyedEncodingContainer {
    /// Encodes a member that exists only in `versions`: left out or refused (see
    /// ``LemmyVersionedCoding/AbsentMembers``) when the target version is not among them. When
    /// rendering (``LemmyVersionedCoding/AbsentMembers/omit``) for a version in `required`, a
    /// missing value throws: that version's server always sends the member.
    public mutating func lemmyEncodeIfPresent<T: Encodable>(
        _ value: T?, forKey key: Key, in versions: LemmyVersionSet, required: LemmyVersionSet = [],
        target: LemmyVersionedCoding?, typeName: String
    ) throws {
        guard let value else {
            if let target, target.absentMembers == .omit, required.contains(target.version) {
                throw LemmyVersionError(kind: .missingMember, typeName: typeName, name: key.stringValue, version: target.version)
            }
            return
        }
        if let target, !versions.contains(target.version) {
            guard target.absentMembers == .reject else { return }
            throw LemmyVersionError(kind: .member, typeName: typeName, name: key.stringValue, version: target.version)
        }
        try encode(value, forKey: key)
    }
}

extension KeyedDecodingContainer {
    /// Decodes a member that exists only in `versions` (and is required in `required`). A strict
    /// decoder for a version outside `versions` ignores it, as that version's server does.
    public func lemmyDecodeIfPresent<T: Decodable>(
        _ type: T.Type, forKey key: Key, in versions: LemmyVersionSet, required: LemmyVersionSet, strict: LemmyAPIVersion?
    ) throws -> T? {
        guard let strict else { return try decodeIfPresent(T.self, forKey: key) }
        guard versions.contains(strict) else { return nil }
        if required.contains(strict) { return try decode(T.self, forKey: key) }
        return try decodeIfPresent(T.self, forKey: key)
    }

    /// Decodes a renamed member: a strict decoder accepts only its version's key; otherwise the
    /// first present key wins (see ``decodeMergedIfPresent(_:keys:)``).
    public func lemmyDecodeMergedIfPresent<T: Decodable>(
        _ type: T.Type, keys: [(Key, LemmyVersionSet)], required: LemmyVersionSet, strict: LemmyAPIVersion?
    ) throws -> T? {
        guard let strict else {
            // The first present key wins, as in `decodeMergedIfPresent`, without mapping the list.
            for (key, _) in keys where contains(key) { if let value = try decodeIfPresent(T.self, forKey: key) { return value } }
            return nil
        }
        guard let key = keys.first(where: { $0.1.contains(strict) })?.0 else { return nil }
        if required.contains(strict) { return try decode(T.self, forKey: key) }
        return try decodeIfPresent(T.self, forKey: key)
    }

    /// Non-optional variant of ``lemmyDecodeMergedIfPresent(_:keys:required:strict:)``.
    public func lemmyDecodeMerged<T: Decodable>(
        _ type: T.Type, keys: [(Key, LemmyVersionSet)], strict: LemmyAPIVersion?
    ) throws -> T {
        guard let strict, let key = keys.first(where: { $0.1.contains(strict) })?.0 else {
            for (key, _) in keys where contains(key) { return try decode(T.self, forKey: key) }
            return try decode(T.self, forKey: keys[0].0)
        }
        return try decode(T.self, forKey: key)
    }
}
