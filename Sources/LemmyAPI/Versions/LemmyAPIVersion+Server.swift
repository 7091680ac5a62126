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
        // One pass over the parsed names, without building arrays: every request asks this.
        var first: LemmyAPIVersion?
        var branch: LemmyAPIVersion?
        var oldestTagged: LemmyAPIVersion?
        var newestTag: LemmyServerVersion?
        var match: LemmyAPIVersion?
        for (version, tag) in Self.parsedNames where version.generation == server.generation {
            first = first ?? version
            guard let tag else {
                branch = branch ?? version
                continue
            }
            oldestTagged = oldestTagged ?? version
            newestTag = tag
            if tag <= server { match = version }
        }
        if let newestTag, server > newestTag, let branch {
            self = branch
        } else if let match {
            self = match
        } else {
            self = oldestTagged ?? first ?? .allCases[0]
        }
    }

    /// Every described version with its name parsed as a server version (nil for a branch such
    /// as `main`), oldest first. Parsed once: the client asks which version a server speaks for
    /// every request it builds, and parsing the names cost about 290,000 instructions a time.
    private static let parsedNames: [(version: LemmyAPIVersion, tag: LemmyServerVersion?)] = allCases.map {
        ($0, LemmyServerVersion($0.name))
    }
}

extension LemmyServerVersion {
    /// The described lemmy-js-client version whose types this server speaks; see
    /// `LemmyAPIVersion.init(server:)`.
    public var apiVersion: LemmyAPIVersion { LemmyAPIVersion(server: self) }
}
