extension LemmyAPIVersion: Comparable {
    /// Orders by age, oldest first.
    public static func < (lhs: LemmyAPIVersion, rhs: LemmyAPIVersion) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The described version whose wire format a server of `server`'s version speaks.
    ///
    /// It is the newest described version of the server's generation that is not newer than the
    /// server (`0.19.3` speaks `0.19.0`, `0.18.5` speaks `0.18.3-rc.3`, `0.19.13` speaks
    /// `0.19.13-beta.1`). A server newer than every tagged version of its generation speaks `main`
    /// when `main` belongs to that generation, because lemmy-js-client's main branch follows the
    /// server's development. A server older than every described version speaks the oldest.
    public init(server: LemmyServerVersion) {
        let candidates = LemmyAPIVersion.allCases.filter { $0.generation == server.generation }
        let tagged = candidates.compactMap { version in LemmyServerVersion(version.name).map { (version, $0) } }
        if let newestTag = tagged.last, server > newestTag.1, let main = candidates.first(where: { LemmyServerVersion($0.name) == nil }) {
            self = main
        } else if let match = tagged.last(where: { $0.1 <= server }) {
            self = match.0
        } else {
            self = tagged.first?.0 ?? candidates.first ?? .allCases[0]
        }
    }
}

extension LemmyServerVersion {
    /// The described lemmy-js-client version whose types this server speaks; see
    /// `LemmyAPIVersion.init(server:)`.
    public var apiVersion: LemmyAPIVersion { LemmyAPIVersion(server: self) }
}
