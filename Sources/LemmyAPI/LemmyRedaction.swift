/// How generated types with secrets (passwords, tokens, email addresses: lemmy-js-client's
/// `SensitiveString` members, and 0.18's `auth`) show themselves: their mirror (which `print`,
/// string interpolation, `dump` and debuggers go through) holds every member, but a stand-in
/// in place of each secret's value. An app that logs a login form or its answer does not log the
/// password or the token.
public enum LemmyRedaction {
    /// The stand-in a mirror shows for a sensitive member's value.
    public struct Redacted: CustomStringConvertible, CustomDebugStringConvertible, Sendable {
        /// Creates the stand-in.
        public init() {}
        /// `<redacted>`.
        public var description: String { "<redacted>" }
        /// `<redacted>`.
        public var debugDescription: String { "<redacted>" }
    }
}
