public import Foundation

/// A new two-factor (TOTP) secret, as ``ApiClient/beginTwoFactorSetup()`` returns it: show
/// ``url`` as a QR code (or ``secret`` for typing in) so the person adds it to an authenticator
/// app.
///
/// The secret logs the account in, so the value keeps it out of logs: `description`,
/// `debugDescription` and `dump` show only the issuer and account.
public struct TwoFactorSetup: Sendable, Hashable {
    /// The `otpauth://totp/...` URL authenticator apps read (from a QR code or a link).
    public let url: URL
    /// The secret in base32, for typing into an authenticator app by hand.
    public let secret: String
    /// Who issued it, as the URL names it: the instance's site name.
    public let issuer: String?
    /// The account name the URL gives.
    public let accountName: String
    /// Whether logging in asks for a code already. Lemmy 0.18 turns two-factor login on as it
    /// makes the secret; 0.19 and 1.0 only once ``ApiClient/enableTwoFactor(code:)`` sends a
    /// code from it.
    public let isEnabled: Bool

    /// The longest URL taken from a server: a TOTP URL is under 300 characters.
    static let maximumURLLength = 2048

    /// Reads a server's `otpauth` URL; nil unless it is one with a base32 secret.
    init?(url text: String, isEnabled: Bool) {
        guard text.utf8.count <= Self.maximumURLLength, let components = URLComponents(string: text),
            components.scheme?.lowercased() == "otpauth", components.host?.lowercased() == "totp", let url = components.url
        else { return nil }
        let items = components.queryItems ?? []
        // Checked as sent, in ASCII: uppercasing first would let other scripts' letters through
        // (`ſ` becomes `S`) and show a secret other than the URL's.
        let base32 = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz234567".unicodeScalars)
        guard let sent = items.first(where: { $0.name == "secret" })?.value else { return nil }
        let secret = String(sent.unicodeScalars.prefix { $0 != "=" })
        // At least 128 bits (26 base32 digits), as RFC 4226 asks and totp-rs insists.
        guard secret.unicodeScalars.count >= 26, secret.unicodeScalars.allSatisfy(base32.contains),
            sent.unicodeScalars.dropFirst(secret.unicodeScalars.count).allSatisfy({ $0 == "=" })
        else { return nil }
        // The label is `issuer:account` (or the account alone), percent-decoded.
        let label = String(components.path.drop { $0 == "/" })
        let parts = label.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        self.url = url
        self.secret = secret.uppercased()
        self.issuer = (items.first(where: { $0.name == "issuer" })?.value ?? (parts.count == 2 ? String(parts[0]) : nil))
            .map(Self.printable)
        self.accountName = Self.printable(String(parts.last ?? ""))
        self.isEnabled = isEnabled
    }

    /// `text` with every control character (C0, DEL, C1, and the bidi controls) replaced by
    /// U+FFFD: the issuer and account come from the server and end up in labels and logs.
    static func printable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    let value = scalar.value
                    let control =
                        value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                        || (0x2066...0x2069).contains(value)
                    return control ? "\u{FFFD}" : scalar
                }))
    }
}

extension TwoFactorSetup: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The issuer and account; never the secret.
    public var description: String {
        "TwoFactorSetup(issuer: \(issuer ?? "none"), account: \(accountName), enabled: \(isEnabled), secret: <redacted>)"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// Leaves the secret and URL out of `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(self, children: ["issuer": issuer as Any, "accountName": accountName, "isEnabled": isEnabled], displayStyle: .struct)
    }
}
