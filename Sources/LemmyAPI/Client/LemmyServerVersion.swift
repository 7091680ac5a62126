import Foundation

/// The version a Lemmy server reports in `GetSiteResponse.version`, and what it implies for the
/// wire format.
///
/// | server | generation | auth | GET parameters |
/// |---|---|---|---|
/// | 0.18.x | v3 | `auth` field in query/body | ``LemmyQueryStyle/omitFalsy`` |
/// | 0.19.0 – 0.19.8 | v3 | `Authorization: Bearer` | ``LemmyQueryStyle/omitFalsy`` |
/// | 0.19.9 and later 0.19 | v3 | `Authorization: Bearer` | ``LemmyQueryStyle/omitNil`` |
/// | 1.0 and later | v4 | `Authorization: Bearer` | ``LemmyQueryStyle/omitNil`` |
public struct LemmyServerVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The text as the server sent it, e.g. `0.19.3` or `1.0.0-beta.1`.
    public let rawValue: String
    /// The major version.
    public let major: Int
    /// The minor version.
    public let minor: Int
    /// The patch version.
    public let patch: Int
    /// The pre-release suffix after `-`, e.g. `beta.1`, if any.
    public let prerelease: String?
    /// The API generation the client uses with this server.
    public let generation: LemmyAPIGeneration

    /// Parses `major.minor.patch[-prerelease]` (a leading `v` is accepted). The generation is v4
    /// from 1.0 on; for 0.x it is `answeredGeneration` (the path that answered GetSite) or v3.
    /// Returns nil for text that does not start with a version number.
    public init?(_ text: String, answeredGeneration: LemmyAPIGeneration? = nil) {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.first == "v" || body.first == "V" { body = body.dropFirst() }
        let dash = body.firstIndex(of: "-")
        let core = dash.map { body[..<$0] } ?? body
        let numbers = core.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count >= 2, numbers.count <= 3, let major = numbers[0], let minor = numbers[1] else { return nil }
        let patch = numbers.count == 3 ? numbers[2] : 0
        guard let patch else { return nil }
        self.rawValue = text
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prerelease = dash.map { String(body[body.index(after: $0)...]) }.flatMap { $0.isEmpty ? nil : $0 }
        self.generation = major >= 1 ? .v4 : (answeredGeneration ?? .v3)
    }

    /// Whether LemmyKit supports the server: 0.18 or later.
    public var isSupported: Bool { major >= 1 || minor >= 18 }

    /// Whether the token goes into the 0.18 `auth` field (and never into a header).
    public var usesAuthField: Bool { major == 0 && minor < 19 }

    /// How GET parameters are encoded: like the official client released with this server.
    public var queryStyle: LemmyQueryStyle {
        if generation == .v4 || major >= 1 { return .omitNil }
        if minor > 19 || (minor == 19 && patch >= 9) { return .omitNil }
        return .omitFalsy
    }

    /// The raw text.
    public var description: String { rawValue }

    /// Orders by major, minor, patch; a pre-release sorts before its release.
    public static func < (lhs: LemmyServerVersion, rhs: LemmyServerVersion) -> Bool {
        if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
            return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
        switch (lhs.prerelease, rhs.prerelease) {
        case (nil, _): return false
        case (_, nil): return true
        case let (l?, r?): return l.compare(r, options: .numeric) == .orderedAscending
        }
    }
}
