internal import LemmyAPI

/// The account's settings, password and deletion.
extension ApiClient {
    /// Saves `settings`, sending only the fields that differ from ``Account/settings`` (loading
    /// the account first if needed), then reloads the account so that ``account`` shows what the
    /// server stored.
    ///
    /// A changed field the server's version cannot take (an avatar URL on 1.0, `defaultSort`
    /// `.scaled` on 0.18, ``AccountSettings/showDownvotes`` before 0.19.9, `.showForOthers` or
    /// ``AccountSettings/hidePostsWithMedia`` before 1.0) fails with
    /// ``ApiClientError/unavailableInVersion(_:)`` before any request.
    public func saveSettings(_ settings: AccountSettings) async throws(ApiClientError) {
        try requireAccount()
        guard let account else { throw .notLoggedIn }
        if account.settings == nil { try await loadAccount() }
        guard let old = account.settings else { throw .decoding("the server sent no account settings") }
        let version = try await version()
        let form = try settings.form(from: old, version: version.apiVersion)
        guard form != ApiSaveUserSettings() else { return }
        do {
            try await sendSettings(form, version: version)
        } catch {
            // A refusal may come after part was written (0.18 writes the profile, then refuses a
            // taken address): the settings held are read again, best effort.
            if error.kind == .lemmy { _ = try? await loadAccount() }
            throw error
        }
        try await loadAccount()
    }

    /// Sends SaveUserSettings with `form` in `version`'s spelling.
    func sendSettings(_ form: ApiSaveUserSettings, version: LemmyServerVersion) async throws(ApiClientError) {
        if version.generation == .v4 {
            _ = try await send(LemmyV4.SaveUserSettings(form), mutation: true)
        } else if version.usesAuthField {
            // 0.18 hands out a fresh token with the answer; the old one stays valid.
            _ = try await send(SaveUserSettings018(form), mutation: true)
        } else {
            _ = try await send(LemmyV3.SaveUserSettings(form), mutation: true)
        }
    }

    /// Changes the account's password. Lemmy ends the account's other sessions and answers with a
    /// new token, which this client takes (``updateToken(_:)``).
    ///
    /// A wrong `old` password is refused with a Lemmy error (``ApiClientError/isWrongPassword``:
    /// `password_incorrect` on 0.18, `incorrect_login` on 0.19 and 1.0), never as
    /// ``ApiClientError/notLoggedIn``.
    public func changePassword(old: String, new: String) async throws(ApiClientError) {
        try requireAccount()
        let form = ApiChangePassword(newPassword: new, newPasswordVerify: new, oldPassword: old)
        let response =
            try await generation() == .v4
            ? try await sendCheckingPassword(LemmyV4.ChangePassword(form))
            : try await sendCheckingPassword(LemmyV3.ChangePassword(form))
        if let token = response.jwt { updateToken(token) }
    }

    /// Deletes the account (and, if `deleteContent`, its posts and comments; 0.18 cannot delete
    /// content and refuses `true` with ``ApiClientError/unavailableInVersion(_:)``); the client's
    /// token stops working. A wrong password is refused as for ``changePassword(old:new:)``.
    public func deleteAccount(password: String, deleteContent: Bool = false) async throws(ApiClientError) {
        try requireAccount()
        let version = try await version()
        if version.usesAuthField && deleteContent { throw .unavailableInVersion("deleting an account's content needs Lemmy 0.19 or later") }
        // 0.19 and 1.0 require `delete_content`; 0.18's form has none.
        let form = ApiDeleteAccount(password: password, deleteContent: version.usesAuthField ? nil : deleteContent)
        if version.generation == .v4 {
            _ = try await sendCheckingPassword(LemmyV4.DeleteAccount(form))
        } else if version.usesAuthField {
            _ = try await sendCheckingPassword(DeleteAccount018(form))
        } else {
            _ = try await sendCheckingPassword(LemmyV3.DeleteAccount(form))
        }
        account?.clear()
        caches.removeAll()
        tallyMarks.removeAll()
        permissions = .readOnly
    }

    /// Sends a request whose `incorrect_login` means a wrong password in the form, not a rejected
    /// token: that answer is a Lemmy error rather than ``ApiClientError/notLoggedIn``, and no token
    /// refresh is tried.
    private func sendCheckingPassword<R: LemmyRequest>(_ request: R) async throws(ApiClientError) -> R.Response {
        try checkPermission(mutation: true)
        let sequence = takeSequence()
        do {
            let response = try await raw.send(request)
            beginMerge(sequence)
            return response
        } catch {
            if case .server(let failure) = error, failure.code == .incorrectLogin {
                throw ApiClientError.wrongPassword(failure)
            }
            throw ApiClientError(error)
        }
    }
}
