internal import LemmyAPI

/// Typed readings of the account operations' refusals.
extension ApiClientError {
    /// Whether the server refused a password given in the request (``ApiClient/login(to:username:password:totp:loader:)``,
    /// ``ApiClient/changePassword(old:new:)``, ``ApiClient/deleteAccount(password:deleteContent:)``):
    /// 0.18 `password_incorrect`, 0.19 and 1.0 `incorrect_login` (at login, every version's).
    /// Such an answer is a ``Kind/lemmy`` error, not ``Kind/notLoggedIn``.
    public var isWrongPassword: Bool {
        kind == .lemmy && (lemmyCode == .passwordIncorrect || lemmyCode == .incorrectLogin)
    }

    /// Whether a login's TOTP code was wrong or expired (0.18 spells the code `incorrect_totp token`);
    /// a missing one is ``needsTOTP``.
    public var isWrongTOTP: Bool {
        lemmyCode == .incorrectTotpToken || lemmyCode == .unknown("incorrect_totp token")
    }

    /// Whether ``ApiClient/requestPasswordReset(email:)`` found no account with the address: 0.18
    /// `couldnt_find_that_username_or_email` (which Lemmy's error list lacks), 0.19
    /// `incorrect_login`. 1.0 never says.
    public var isUnknownEmail: Bool {
        kind == .lemmy && (lemmyCode == .incorrectLogin || lemmyCode == .unknown("couldnt_find_that_username_or_email"))
    }

    /// A wrong password in the form, as a Lemmy error with the server's code.
    static func wrongPassword(_ failure: LemmyServerError) -> ApiClientError {
        .lemmy(failure.code, message: failure.message)
    }
}
