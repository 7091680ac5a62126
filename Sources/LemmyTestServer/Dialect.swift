import Foundation
public import LemmyAPI

/// The Lemmy version a ``LemmyTestServer`` imitates.
public enum LemmyDialect: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Lemmy 0.18: `/api/v3`, `auth` in body/query, naive timestamps, PascalCase enums.
    case v0_18 = "0.18"
    /// Lemmy 0.19: `/api/v3`, `Authorization: Bearer`, `Z` timestamps, cursors on GetPosts.
    case v0_19 = "0.19"
    /// Lemmy 1.0: `/api/v4`, `*_actions`, snake_case enums, paged lists.
    case v1_0 = "1.0"

    /// The API generation (path prefix and enum spelling).
    public var generation: LemmyAPIGeneration { apiVersion.generation }

    /// The version string `GetSite` reports.
    public var versionString: String {
        switch self {
        case .v0_18: "0.18.5"
        case .v0_19: "0.19.13"
        case .v1_0: "1.0.0-beta.1"
        }
    }

    /// The lemmy-js-client version whose types this dialect's server speaks exactly: the routes
    /// it serves, the members and keys it renders and reads, and the enum values it accepts.
    public var apiVersion: LemmyAPIVersion {
        switch self {
        case .v0_18: Self.apiVersions.0
        case .v0_19: Self.apiVersions.1
        case .v1_0: Self.apiVersions.2
        }
    }

    /// Each dialect's ``apiVersion``, derived once from its ``versionString``: every answer and
    /// many renderer steps ask for it, and parsing the version each time cost a tenth of a request.
    private static let apiVersions: (LemmyAPIVersion, LemmyAPIVersion, LemmyAPIVersion) = {
        func derive(_ dialect: LemmyDialect) -> LemmyAPIVersion { LemmyServerVersion(dialect.versionString)?.apiVersion ?? .allCases[0] }
        return (derive(.v0_18), derive(.v0_19), derive(.v1_0))
    }()

    /// `"0.18"`, `"0.19"` or `"1.0"`.
    public var description: String { rawValue }

    /// Parses `0.18`, `0.19`, `1.0` (also `v0_19`, `0.19.13`, `1`).
    public init?(argument: String) {
        let text = argument.lowercased().replacingOccurrences(of: "_", with: ".").trimmingCharacters(in: CharacterSet(charactersIn: "v"))
        if text.hasPrefix("0.18") {
            self = .v0_18
        } else if text.hasPrefix("0.19") {
            self = .v0_19
        } else if text.hasPrefix("1") {
            self = .v1_0
        } else {
            return nil
        }
    }

    /// Whether the server reads the 0.18 `auth` member instead of the `Authorization` header.
    var usesAuthField: Bool { self == .v0_18 }

    /// A timestamp for `seconds` since 1970, in this version's format: 0.18 naive
    /// (`2023-08-07T18:57:30.123456`), later `...Z` with six fraction digits.
    func date(_ seconds: Double) -> LemmyDate {
        let zoned = LemmyDate(Date(timeIntervalSince1970: seconds))
        guard self == .v0_18 else { return zoned }
        return LemmyDate(rawValue: String(zoned.rawValue.dropLast())) ?? zoned
    }

    /// How answers are encoded: through this version's view, so members it lacks are left out
    /// (a 0.19 answer cannot carry a 1.0 key) and an enum value it lacks fails loudly.
    var coding: LemmyVersionedCoding { LemmyVersionedCoding(version: apiVersion, absentMembers: .omit) }

    /// An answer's JSON in this version, with its key names and enum spellings:
    /// `LemmyFastEncoding`'s fast path, with `JSONEncoder`'s output and errors wherever it gives up.
    func encode<T: Encodable>(_ value: T) throws -> Data { try LemmyFastEncoding.encode(value, coding: coding) }
}
