internal import LemmyAPI

/// The calls that take back a link Lemmy emailed: confirming an address, setting a new password
/// after ``ApiClient/requestPasswordReset(email:)``, and asking for a new verification link.
/// They need no account (a guest client, `ApiClient.getApiClient(for: instance, with: nil)`,
/// sends them); ``AccountEmailLink`` reads the token out of the link.
extension ApiClient {
    /// Confirms an account's email address with the token of the verification link Lemmy
    /// emailed at sign-up (``AccountEmailLink/verifyEmail(token:)``); the account can then log in
    /// (once an admin accepted its application, where the instance asks for one).
    ///
    /// A link is valid for a week, and until one of the account's links is used. A token the
    /// server does not know (mistyped, used, expired) fails with ``ApiClientError/lemmyCode``
    /// `.tokenNotFound` on every version (1.0 says `not_found`). Lemmy 1.0 also refuses the link
    /// of a banned account (`site_ban`) or a deleted one (`deleted`).
    public func verifyEmail(token: String) async throws(ApiClientError) {
        let version = try await version()
        let form = ApiVerifyEmail(token: token)
        do {
            switch version.generation {
            case .v4: _ = try await send(LemmyV4.VerifyEmail(form), mutation: true)
            case .v3 where version.usesAuthField: _ = try await send(VerifyEmail018(form), mutation: true)
            case .v3: _ = try await send(LemmyV3.VerifyEmail(form), mutation: true)
            }
        } catch {
            throw error.lemmyCode == .notFound ? .unknownLinkToken(error) : error
        }
    }

    /// Sets a new password with the token of the reset link Lemmy emailed after
    /// ``requestPasswordReset(email:)`` (``AccountEmailLink/passwordChange(token:)``).
    ///
    /// Every session of the account ends, this client's too if it is signed in to that account:
    /// log in again with the new password. A link is valid for a day; 0.19 and 1.0 take it once,
    /// even when they then refuse the password, while 0.18 takes it again until the day is over.
    /// So the length Lemmy asks for, 10 to 60 characters (Unicode scalars, as Lemmy counts), is
    /// checked here first: a password outside it fails with ``ApiClientError/lemmyCode``
    /// `.invalidPassword`, as the server would answer, without a request, and the link stays
    /// valid. A token the server does not know fails with `.tokenNotFound` on every version
    /// (0.18 answers a bare 404 `Record not found`, 1.0 `deleted`).
    public func completePasswordReset(token: String, newPassword: String) async throws(ApiClientError) {
        guard (10...60).contains(newPassword.unicodeScalars.count) else {
            throw .lemmy(.invalidPassword, message: "a password has 10 to 60 characters (nothing was sent; the link is still valid)")
        }
        let version = try await version()
        do {
            switch version.generation {
            case .v4:
                let form = ApiChangePasswordAfterReset(token: token, password: newPassword, passwordVerify: newPassword)
                _ = try await send(LemmyV4.ChangePasswordAfterReset(form), mutation: true)
            case .v3:
                let form = ApiPasswordChangeAfterReset(token: token, password: newPassword, passwordVerify: newPassword)
                if version.usesAuthField {
                    _ = try await send(PasswordChangeAfterReset018(form), mutation: true)
                } else {
                    _ = try await send(LemmyV3.PasswordChangeAfterReset(form), mutation: true)
                }
            }
        } catch {
            // 0.18's diesel NotFound (text `Record not found`, read as `unknown` with that message),
            // 1.0's `deleted`; a bare 404 (a proxy, a wrong path) is not about the token.
            let unknownToken =
                error.lemmyCode == .tokenNotFound || error.lemmyCode == .deleted
                || (error.lemmyCode?.code == "unknown" && error.message == "Record not found")
            throw unknownToken ? .unknownLinkToken(error) : error
        }
    }

    /// Asks Lemmy 1.0 to email a new verification link to the account with `email`, if it still
    /// needs one. The server answers alike whether it sent one or not, so that it does not tell
    /// who has an account. Lemmy 0.18 and 0.19 cannot send a link again: this fails with
    /// ``ApiClientError/unavailableInVersion(_:)`` before any request.
    public func resendVerificationEmail(email: String) async throws(ApiClientError) {
        guard try await generation() == .v4 else {
            throw .unavailableInVersion("sending a verification link again (Lemmy 1.0 and later)")
        }
        _ = try await send(LemmyV4.ResendVerificationEmail(ApiResendVerificationEmail(email: email)), mutation: true)
    }
}

extension ApiClientError {
    /// `failure`, an answer that the link's token is unknown, as the one code every version
    /// can be checked for: `token_not_found`.
    static func unknownLinkToken(_ failure: ApiClientError) -> ApiClientError {
        ApiClientError(kind: .lemmy, lemmyCode: .tokenNotFound, message: failure.message, httpStatus: failure.httpStatus)
    }
}
