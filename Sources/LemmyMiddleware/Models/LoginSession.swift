public import Foundation

/// One of the account's live logins (Lemmy 0.19 and later), as ``ApiClient/logins()`` lists them.
/// Lemmy never shows the session's token, so which one is this client's cannot be told.
public struct LoginSession: Sendable, Hashable {
    /// When the login happened.
    public let created: Date
    /// The address the login came from, as the instance recorded it (it may be a proxy's, or
    /// nothing).
    public let ip: String?
    /// The `User-Agent` of the app that logged in.
    public let userAgent: String?
}
