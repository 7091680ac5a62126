internal import LemmyAPI

/// Two-factor (TOTP) login setup and the account's logins.
extension ApiClient {
    /// Makes a new two-factor secret for the account and returns it, to show as a QR code.
    ///
    /// - Lemmy 0.19 and 1.0: login keeps working without a code until
    ///   ``enableTwoFactor(code:)`` sends one from the new secret; while two-factor login is on
    ///   the server refuses a new secret (`totp_already_enabled`).
    /// - Lemmy 0.18 makes the secret through its settings and asks for codes **from the next
    ///   login on** (``TwoFactorSetup/isEnabled`` is true): an app must make sure the person saved
    ///   it. Calling this again replaces the secret.
    ///
    /// ``Account/isTwoFactorEnabled`` follows. When the answer is lost, the account is read again
    /// before the error is thrown, so the flag shows what the server did: on 0.18 a secret the
    /// person never saw may be on (also when the read of the URL after a saved secret fails), and
    /// calling this again replaces it.
    ///
    /// Lemmy 1.0 counts these calls, with login and registration, against its `register` rate
    /// limit (by default 10 an hour per address); past it the answer is `too_many_requests`.
    public func beginTwoFactorSetup() async throws(ApiClientError) -> TwoFactorSetup {
        try requireAccount()
        let version = try await version()
        if version.usesAuthField {
            var form = ApiSaveUserSettings()
            form.generateTotp2fa = true
            try await settlingLostAnswer { () throws(ApiClientError) in _ = try await send(SaveUserSettings018(form), mutation: true) }
            // On from here, whether or not the read below gets the URL.
            setTwoFactorFlag(true)
            // 0.18 answers with a token only; the URL is in the account's local user.
            guard let text = try await reloadMyUser().localUserView.localUser.totp2faUrl else {
                throw .decoding("the server made no two-factor secret")
            }
            return try twoFactorSetup(text, isEnabled: true)
        }
        let response = try await send(LemmyAnyGeneration.GenerateTotpSecret(), mutation: true)
        return try twoFactorSetup(response.totpSecretUrl, isEnabled: false)
    }

    /// Turns two-factor login on with `code`, the code an authenticator app shows for the secret
    /// of ``beginTwoFactorSetup()`` (Lemmy 0.19 and later). A wrong or expired code is refused
    /// (``ApiClientError/isWrongTOTP``), and with no secret made first `missing_totp_secret`.
    /// On 0.18, where making the secret turned it on, this fails with
    /// ``ApiClientError/unavailableInVersion(_:)`` before any request.
    public func enableTwoFactor(code: String) async throws(ApiClientError) {
        try await setTwoFactor(enabled: true, code: code)
    }

    /// Turns two-factor login off. Lemmy 0.19 and 1.0 ask for a current `code` (a wrong one is
    /// refused, ``ApiClientError/isWrongTOTP``) and forget the secret. Lemmy 0.18 checks no code
    /// (`code` is not sent) and clears the secret through its settings.
    ///
    /// For both: when the answer is lost, the account is read again before the error is thrown,
    /// so ``Account/isTwoFactorEnabled`` shows whether the change took.
    public func disableTwoFactor(code: String) async throws(ApiClientError) {
        try await setTwoFactor(enabled: false, code: code)
    }

    /// The account's live logins: when, from where and with which app (Lemmy 0.19 and later;
    /// 0.18 keeps no sessions and fails with ``ApiClientError/unavailableInVersion(_:)``).
    public func logins() async throws(ApiClientError) -> [LoginSession] {
        try requireAccount()
        let version = try await version()
        if version.usesAuthField { throw .unavailableInVersion("the list of logins needs Lemmy 0.19 or later") }
        let tokens =
            version.generation == .v4
            ? try await send(LemmyV4.ListLogins(), mutation: false).logins
            : try await send(LemmyV3.ListLogins(), mutation: false)
        return tokens.map { LoginSession(created: $0.publishedAt.date, ip: $0.ip, userAgent: $0.userAgent) }
    }

    private func setTwoFactor(enabled: Bool, code: String) async throws(ApiClientError) {
        try requireAccount()
        let version = try await version()
        if version.usesAuthField {
            guard !enabled else {
                throw .unavailableInVersion("Lemmy 0.18 turns two-factor login on when it makes the secret")
            }
            var form = ApiSaveUserSettings()
            form.generateTotp2fa = false
            try await settlingLostAnswer { () throws(ApiClientError) in _ = try await send(SaveUserSettings018(form), mutation: true) }
        } else if version.generation == .v4 {
            let request = LemmyV4.EditTotp(ApiEditTotp(totpToken: code, enabled: enabled))
            try await settlingLostAnswer { () throws(ApiClientError) in _ = try await send(request, mutation: true) }
        } else {
            let request = LemmyV3.UpdateTotp(ApiUpdateTotp(totpToken: code, enabled: enabled))
            try await settlingLostAnswer { () throws(ApiClientError) in _ = try await send(request, mutation: true) }
        }
        setTwoFactorFlag(enabled)
    }

    /// Writes ``Account/isTwoFactorEnabled`` only when it changes, so observers see no change
    /// that is none (as ``updateAccount(_:)`` does).
    private func setTwoFactorFlag(_ enabled: Bool) {
        if let account, account.isTwoFactorEnabled != enabled { account.isTwoFactorEnabled = enabled }
    }

    /// Runs `change`; if its answer is lost (it may have been applied), reloads the account so
    /// that ``Account/isTwoFactorEnabled`` shows the server's state, then throws the failure.
    private func settlingLostAnswer(_ change: () async throws(ApiClientError) -> Void) async throws(ApiClientError) {
        do {
            try await change()
        } catch {
            if error.mayHaveReachedServer { _ = try? await loadAccount() }
            throw error
        }
    }

    private func twoFactorSetup(_ text: String, isEnabled: Bool) throws(ApiClientError) -> TwoFactorSetup {
        guard let setup = TwoFactorSetup(url: text, isEnabled: isEnabled) else {
            throw .decoding("the two-factor secret is not an otpauth URL with a base32 secret")
        }
        setTwoFactorFlag(isEnabled)
        return setup
    }
}
