internal import Foundation
internal import HTTPLoading
internal import LemmyAPI

/// The account's settings backup (Lemmy 0.19 and later).
extension ApiClient {
    /// The account's backup: profile texts, settings, followed communities, saved posts and
    /// comments, and blocked people, communities and instances, as the server writes them.
    ///
    /// Lemmy limits exports and imports together, by default to one a day from one address
    /// (its `import_user_settings` rate limit): a second within the day fails with
    /// ``ApiClientError/Kind/rateLimited``. So the request is never retried: a retry after a
    /// lost answer would use up the day's allowance and hide the first failure.
    /// - Throws: ``ApiClientError/unavailableInVersion(_:)`` on 0.18, without a request;
    ///   ``ApiClientError/notLoggedIn`` for a guest; ``ApiClientError/Kind/decoding`` for an
    ///   answer that is not a backup object.
    public func exportSettings() async throws(ApiClientError) -> SettingsBackup {
        try requireAccount()
        let once: @Sendable (inout LoadRequest) -> Void = { $0.options[RetryStrategyOption.self] = RetryStrategy.none }
        let value: LemmyJSONValue
        switch try await backupVersion().generation {
        case .v4: value = try await send(LemmyV4.ExportUserSettings(), mutation: false, configuring: once)
        case .v3: value = try await send(LemmyV3.ExportSettings(), mutation: false, configuring: once)
        }
        return try SettingsBackup(value: value) { ApiClientError.decoding("the server's settings backup: \($0)") }
    }

    /// Imports `backup` into this account, then reloads ``account``.
    ///
    /// Lemmy writes the profile texts and settings before it answers, and follows, saves and
    /// blocks in a task of its own afterwards, fetching each from its instance; those it cannot
    /// fetch it skips. So the reloaded account may not show every follow or block yet:
    /// ``loadAccount()`` later shows them. Follows arrive pending, as Lemmy writes them (also
    /// those the account had).
    ///
    /// A 0.19 server refuses the whole import when the backup's settings are not a whole 0.19
    /// account (those of a 1.0 backup, or of one from before 0.19.11 on a later 0.19): they are
    /// left out then, and the result says so. 0.19 also clears the display name and bio when the
    /// backup has none; 1.0 keeps them.
    ///
    /// A refusal can come after part was written: both versions write the texts and settings
    /// before they count the backup's URLs (10,000 at most: `too_many_items`). The account is
    /// then reloaded too, best effort, so that it shows what the server kept.
    /// - Returns: What was left out of the backup.
    /// - Throws: ``ApiClientError/unavailableInVersion(_:)`` on 0.18, and
    ///   ``ApiClientError/Kind/invalidInput`` for a backup over
    ///   ``SettingsBackup/maximumImportBytes``, both without a request;
    ///   ``ApiClientError/Kind/rateLimited`` past Lemmy's limit (see ``exportSettings()``).
    @discardableResult
    public func importSettings(_ backup: SettingsBackup) async throws(ApiClientError) -> SettingsImport {
        try requireAccount()
        guard backup.json.count <= SettingsBackup.maximumImportBytes else {
            throw .invalidInput("the backup is larger than the \(SettingsBackup.maximumImportBytes >> 20) MiB Lemmy reads")
        }
        var value = backup.value
        var leftOut = false
        let version = try await backupVersion()
        do throws(ApiClientError) {
            switch version.generation {
            case .v4: _ = try await send(LemmyV4.ImportUserSettings(value), mutation: true)
            case .v3:
                if case .object(var members) = value, let settings = members["settings"], settings != .null,
                    !Self.readsAsAccount(settings, version: version)
                {
                    members["settings"] = nil
                    value = .object(members)
                    leftOut = true
                }
                _ = try await send(LemmyV3.ImportSettings(value), mutation: true)
            }
        } catch {
            if error.kind == .lemmy { _ = try? await loadAccount() }
            throw error
        }
        // The import is done; a failed reload leaves the account as it was, which the next
        // ``loadAccount()`` mends.
        _ = try? await loadAccount()
        return SettingsImport(leftOutSettings: leftOut)
    }

    /// The server's version, refusing 0.18, which has no backups, before any request of its own.
    private func backupVersion() async throws(ApiClientError) -> LemmyServerVersion {
        let version = try await version()
        guard !version.usesAuthField else { throw .unavailableInVersion("settings backups (Lemmy 0.19 and later)") }
        return version
    }

    /// Whether `settings` reads as a whole account (`LocalUser`) of `version`, every member it
    /// requires there, as 0.19 reads a backup's settings.
    private static func readsAsAccount(_ settings: LemmyJSONValue, version: LemmyServerVersion) -> Bool {
        let decoder = JSONDecoder()
        decoder.userInfo[LemmyVersionedCoding.userInfoKey] = LemmyVersionedCoding(version: version.apiVersion, absentMembers: .omit)
        guard let data = try? JSONEncoder().encode(settings) else { return false }
        return (try? decoder.decode(ApiLocalUser.self, from: data)) != nil
    }
}
