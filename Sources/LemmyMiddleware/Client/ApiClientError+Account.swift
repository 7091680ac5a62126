internal import LemmyAPI

/// Typed readings of the account operations' refusals.
extension ApiClientError {
    /// Whether the server refused a password given in the request (``ApiClient/changePassword(old:new:)``,
    /// ``ApiClient/deleteAccount(password:deleteContent:)``): 0.18 `password_incorrect`, 0.19 and
    /// 1.0 `incorrect_login`.
    public var isWrongPassword: Bool {
        guard case .lemmy(let code, _) = self else { return false }
        return code == "password_incorrect" || code == "incorrect_login"
    }

    /// Whether a login needs the account's second factor: the answer to a login without a
    /// TOTP code for an account with two-factor login (`missing_totp_token`). Log in again with
    /// `totp:`.
    public var needsTwoFactorToken: Bool {
        guard case .lemmy(let code, _) = self else { return false }
        return code == "missing_totp_token"
    }

    /// Whether a login's TOTP code was wrong (0.18 spells it `incorrect_totp token`).
    public var isWrongTwoFactorToken: Bool {
        guard case .lemmy(let code, _) = self else { return false }
        return code == "incorrect_totp_token" || code == "incorrect_totp token"
    }

    /// A wrong password in the form, as a Lemmy error with the server's code.
    static func wrongPassword(_ failure: LemmyServerError) -> ApiClientError {
        .lemmy(code: failure.code.code, message: failure.message)
    }
}
