public import Foundation

/// A link from an email Lemmy sends about an account, read for its token: an app that opens
/// such links (a universal link, or one pasted in) hands the token to ``ApiClient/verifyEmail(token:)``
/// or ``ApiClient/completePasswordReset(token:newPassword:)``.
///
/// Lemmy words them `https://{instance}/verify_email/{token}` and
/// `https://{instance}/password_change/{token}` in every version.
///
/// <!-- sample: doc-accountemaillink -->
/// ```swift
/// if case .verifyEmail(let token)? = AccountEmailLink(url: link) {
///     try await guest.verifyEmail(token: token)
/// }
/// ```
public enum AccountEmailLink: Sendable, Hashable {
    /// "Verify your email": the token confirms the address.
    case verifyEmail(token: String)
    /// "Forgot password": the token sets a new password.
    case passwordChange(token: String)

    /// The most characters a token may have here: Lemmy's are UUIDs (36); anything far longer
    /// did not come from Lemmy.
    static let maximumTokenLength = 128

    /// Reads `url`; nil unless it is an `https` (or `http`) link to a host whose path ends in
    /// `verify_email/{token}` or `password_change/{token}` (lemmy-ui's pages) with a token of
    /// letters, digits and `-`. The token belongs to the link's instance: send it to no other
    /// (``instance(of:)``).
    public init?(url: URL) {
        guard Self.instance(of: url) != nil else { return nil }
        let components = url.path.split(separator: "/", omittingEmptySubsequences: true)
        guard components.count >= 2, let token = components.last.map(String.init) else { return nil }
        guard !token.isEmpty, token.count <= Self.maximumTokenLength,
            token.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") })
        else { return nil }
        switch components[components.count - 2] {
        case "verify_email": self = .verifyEmail(token: token)
        case "password_change": self = .passwordChange(token: token)
        default: return nil
        }
    }

    /// The instance a link of Lemmy's belongs to: its scheme, host and port, or nil for a link
    /// that is not `http` or `https` or has no host.
    public static func instance(of url: URL) -> URL? {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", let host = url.host, !host.isEmpty else {
            return nil
        }
        var components = URLComponents()
        components.scheme = scheme
        components.host = host
        components.port = url.port
        return components.url
    }

    /// The link's token.
    public var token: String {
        switch self {
        case .verifyEmail(let token), .passwordChange(let token): token
        }
    }
}
