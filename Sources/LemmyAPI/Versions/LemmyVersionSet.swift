/// A set of described lemmy-js-client versions (`LemmyAPIVersion`).
///
/// Generated code marks every member and enum case that does not exist in all versions of its
/// type with the set of versions that have it; encoding for a version outside the set leaves the
/// member out (responses) or fails (requests), and strict decoding ignores or refuses it.
public struct LemmyVersionSet: OptionSet, Hashable, Sendable {
    /// One bit per `LemmyAPIVersion.rawValue`.
    public let rawValue: UInt16

    /// Creates a set from its bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The set holding just `version`.
    public init(_ version: LemmyAPIVersion) { self.rawValue = 1 << UInt16(version.rawValue) }

    /// Whether `version` is in the set.
    @inlinable
    public func contains(_ version: LemmyAPIVersion) -> Bool { rawValue & (1 << UInt16(version.rawValue)) != 0 }

    /// Every described version.
    public static let all = LemmyVersionSet(rawValue: .max)

    /// The versions in the set, oldest first.
    public var versions: [LemmyAPIVersion] { LemmyAPIVersion.allCases.filter(contains) }
}
