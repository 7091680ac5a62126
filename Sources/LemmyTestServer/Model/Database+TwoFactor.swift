import Foundation

/// Two-factor (TOTP) setup as each version's Lemmy does it: 0.18 through SaveUserSettings'
/// `generate_totp_2fa`, which turns two-factor login on at once; 0.19 and 1.0 in two steps,
/// GenerateTotpSecret then UpdateTotp (1.0 EditTotp) with a code from the new secret
/// (`crates/api/src/local_user/{generate_totp_secret,update_totp}.rs`).
extension Database {
    /// Lemmy's `check_totp_2fa_valid`: no code `missing_totp_token`, no secret (0.19 and 1.0)
    /// `missing_totp_secret`, a code that is not the current step's or a neighbour's
    /// `incorrect_totp_token` (0.18 `incorrect_totp token`, sic). 0.18 computes codes with
    /// HMAC-SHA256, later versions with HMAC-SHA1.
    ///
    /// Lemmy 0.19 and 1.0 name the instance's hostname as the issuer here, and totp-rs refuses
    /// one with a `:`; the test server's `host:port` stands for a real hostname, which has none, so
    /// that refusal is not imitated.
    func checkTOTP(_ token: String?, of person: PersonRecord, now: Double, dialect: LemmyDialect) throws {
        guard let token else { throw APIError.code("missing_totp_token") }
        guard let secret = person.totpSecret else { throw APIError.code("missing_totp_secret") }
        let algorithm = TOTP.algorithm(for: dialect)
        guard TOTP.check(token, secret: secret, at: Date(timeIntervalSince1970: now), algorithm: algorithm) else {
            throw APIError.code(dialect == .v0_18 ? "incorrect_totp token" : "incorrect_totp_token")
        }
    }

    /// 0.19 and 1.0 GenerateTotpSecret: refused `totp_already_enabled` while two-factor login is
    /// on; otherwise stores a new secret (replacing one not yet confirmed) and answers its
    /// `otpauth://` URL, issued by the site's name. A site name with a `:` cannot name the issuer
    /// (`couldnt_generate_totp`).
    mutating func generateTOTPSecret(for personId: Int) throws -> String {
        guard var person = person(personId) else { throw APIError.notLoggedIn }
        if person.totpEnabled { throw APIError.code("totp_already_enabled") }
        guard let (key, url) = newTOTPSecret(for: person, algorithm: .sha1) else { throw APIError.code("couldnt_generate_totp") }
        person.totpSecret = key
        persons[personId - 1] = person
        return url
    }

    /// 0.19 UpdateTotp and 1.0 EditTotp: the code must check out against the stored secret; then
    /// `enabled` is stored as is (enabling twice, or disabling a setup never enabled, both pass),
    /// and disabling forgets the secret.
    mutating func updateTOTP(for personId: Int, token: String, enabled: Bool, now: Double, dialect: LemmyDialect) throws {
        guard var person = person(personId) else { throw APIError.notLoggedIn }
        try checkTOTP(token, of: person, now: now, dialect: dialect)
        person.totpEnabled = enabled
        if !enabled { person.totpSecret = nil }
        persons[personId - 1] = person
    }

    /// 0.18 SaveUserSettings' `generate_totp_2fa`: true makes a new secret and URL (issued by the
    /// site's name, algorithm SHA256), which login asks for from then on; false clears both. A site
    /// name with a `:` is refused `Couldnt generate TOTP`. Nil when nothing changes.
    func totpSetting018(_ generate: Bool?, for person: PersonRecord) throws -> (secret: [UInt8]?, url: String?)? {
        guard let generate else { return nil }
        guard generate else { return (nil, nil) }
        guard let new = newTOTPSecret(for: person, algorithm: .sha256) else { throw APIError.code("Couldnt generate TOTP") }
        return (new.key, new.url)
    }

    /// A new secret's key and its URL, issued by the site's name; nil when totp-rs would refuse
    /// the issuer or account (a `:` in either).
    private func newTOTPSecret(for person: PersonRecord, algorithm: TOTP.Algorithm) -> (key: [UInt8], url: String)? {
        let key = Array(TOTP.newSecretText().utf8)
        return TOTP.url(issuer: site.name, account: person.name, secret: key, algorithm: algorithm).map { (key, $0) }
    }
}
