public import Foundation

/// An email a ``LemmyTestServer`` would have sent: a password reset link or an email
/// verification link. The server sends no mail; tests, and people trying a client by hand
/// (`GET /__admin/emails`), read the links here, as a person reads them in their inbox.
public struct TestServerEmail: Sendable, Hashable, Codable {
    /// What the email is for.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// "Forgot password": the link's token sets a new password (PasswordChangeAfterReset).
        case passwordReset = "password_reset"
        /// "Verify your email": the link's token confirms the address (VerifyEmail).
        case emailVerification = "email_verification"
    }

    /// What the email is for.
    public var kind: Kind
    /// The address it went to.
    public var to: String
    /// The token in the link, which the client sends back.
    public var token: String
    /// The link, as Lemmy words it: `https://{host}/password_change/{token}` or
    /// `https://{host}/verify_email/{token}`.
    public var link: String
    /// When it was sent.
    public var sent: Date
}

extension LemmyTestServer {
    /// The emails with links still valid, oldest first: unused verification links, and the
    /// password reset links of the last day (a used 0.19 or 1.0 link is gone; 0.18's stays
    /// valid for the rest of its day).
    public func emails() -> [TestServerEmail] {
        (try? store.with { db in db.emailsSent(now: configuration.clock().timeIntervalSince1970) }) ?? []
    }
}

extension Database {
    /// The emails ``LemmyTestServer/emails()`` lists.
    func emailsSent(now: Double) -> [TestServerEmail] {
        let resets = passwordResets.filter { $0.published > now - Self.passwordResetLifetime }.compactMap { request in
            person(request.personId).map { person in
                TestServerEmail(
                    kind: .passwordReset, to: person.emailAddress, token: request.token,
                    link: "https://\(host)/password_change/\(request.token)", sent: Date(timeIntervalSince1970: request.published))
            }
        }
        let verifications = emailVerifications.filter { $0.published > now - Self.verificationLifetime }.map { verification in
            TestServerEmail(
                kind: .emailVerification, to: verification.email, token: verification.token,
                link: "https://\(host)/verify_email/\(verification.token)",
                sent: Date(timeIntervalSince1970: verification.published))
        }
        return (resets + verifications).sorted { $0.sent < $1.sent }
    }
}
