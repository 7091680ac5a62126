internal import LemmyAPI

extension ApiClient {
    /// Asks the instance to email a password reset link to `email` ("forgot password"); works
    /// without an account, from a guest client
    /// (`ApiClient.getApiClient(for: instance, with: nil)`).
    ///
    /// What a wrong address gets depends on the version: 0.18 refuses it with a Lemmy error
    /// `couldnt_find_that_username_or_email` (and a fourth request for one account within a day
    /// with `password_reset_limit_reached`); 0.19 with `incorrect_login`, which this method
    /// reports as a Lemmy error, not as an expired session (``ApiClientError/isUnknownEmail``
    /// holds for both), and an unverified address where the instance requires verification with
    /// `email_not_verified`; 1.0 answers every request alike, so that it does not tell who has an
    /// account.
    public func requestPasswordReset(email: String) async throws(ApiClientError) {
        try checkPermission(mutation: true)
        let version = try await version()
        let sequence = takeSequence()
        do {
            if version.generation == .v4 {
                _ = try await raw.send(LemmyV4.ResetPassword(ApiResetPassword(email: email)))
            } else if version.usesAuthField {
                _ = try await raw.send(PasswordReset018(ApiPasswordReset(email: email)))
            } else {
                _ = try await raw.send(LemmyV3.PasswordReset(ApiPasswordReset(email: email)))
            }
            beginMerge(sequence)
        } catch {
            // No session is involved: `incorrect_login` is the address, not a token.
            if case .server(let failure) = error, failure.code == .incorrectLogin { throw ApiClientError.wrongPassword(failure) }
            throw ApiClientError(error)
        }
    }
}
