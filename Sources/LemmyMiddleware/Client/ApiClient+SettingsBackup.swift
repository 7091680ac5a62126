internal import LemmyAPI

/// The account's settings backup (Lemmy 0.19 and later).
extension ApiClient {
    /// The account's backup: profile texts, settings, followed communities, saved posts and
    /// comments, and blocked people, communities and instances, as the server writes them.
    ///
    /// Lemmy limits exports and imports together, by default to one a day from one address
    /// (its `import_user_settings` rate limit): a second within the day fails with
    /// ``ApiClientError/Kind/rateLimited``.
    /// - Throws: ``ApiClientError/unavailableInVersion(_:)`` on 0.18, without a request;
    ///   ``ApiClientError/notLoggedIn`` for a guest.
    public func exportSettings() async throws(ApiClientError) -> SettingsBackup {
        try requireAccount()
        let value: LemmyJSONValue
        switch try await generation() {
        case .v4: value = try await send(LemmyV4.ExportUserSettings(), mutation: false)
        case .v3:
            guard try await !version().usesAuthField else {
                throw .unavailableInVersion("settings backups (Lemmy 0.19 and later)")
            }
            value = try await send(LemmyV3.ExportSettings(), mutation: false)
        }
        return try SettingsBackup(value: value)
    }

    /// Imports `backup` into this account, then reloads ``account``.
    ///
    /// Lemmy writes the profile texts and settings before it answers, and follows, saves and
    /// blocks in a task of its own afterwards, fetching each from its instance; those it cannot
    /// fetch it skips. So the reloaded account may not show every follow or block yet:
    /// ``loadAccount()`` later shows them. Follows arrive pending, as Lemmy writes them.
    ///
    /// A refusal can come after part was written: 0.19 writes the texts and settings before it
    /// counts the backup's URLs (more than 10,000: `too_many_items`). The account is then
    /// reloaded too, best effort, so that it shows what the server kept.
    /// - Throws: ``ApiClientError/unavailableInVersion(_:)`` on 0.18, without a request;
    ///   ``ApiClientError/Kind/rateLimited`` past Lemmy's limit (see ``exportSettings()``).
    public func importSettings(_ backup: SettingsBackup) async throws(ApiClientError) {
        try requireAccount()
        do throws(ApiClientError) {
            switch try await generation() {
            case .v4: _ = try await send(LemmyV4.ImportUserSettings(backup.value), mutation: true)
            case .v3:
                guard try await !version().usesAuthField else {
                    throw .unavailableInVersion("settings backups (Lemmy 0.19 and later)")
                }
                _ = try await send(LemmyV3.ImportSettings(backup.value), mutation: true)
            }
        } catch {
            if error.kind == .lemmy { _ = try? await loadAccount() }
            throw error
        }
        // The import is done; a failed reload leaves the account as it was, which the next
        // ``loadAccount()`` mends.
        _ = try? await loadAccount()
    }
}
