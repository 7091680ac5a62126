internal import LemmyAPI

extension ApiClientError {
    /// Whether the server refused because the account is banned from the community, however its
    /// version spells it: 0.18 `community_ban`, 0.19 `banned_from_community`, 1.0
    /// `person_is_banned_from_community`.
    public var isBannedFromCommunity: Bool {
        guard let code = lemmyCode?.code else { return false }
        return code == "community_ban" || code == "banned_from_community" || code == "person_is_banned_from_community"
    }
}

extension ApiClientError {
    /// Whether the server refused because the account is banned from the instance (`site_ban`):
    /// Lemmy 0.18 on any request that needs a login, 1.0 on writes (a banned account can still
    /// log in and read there). Lemmy 0.19 ends a banned account's sessions instead, so its
    /// requests fail as ``Kind/notLoggedIn`` and a new login with `site_ban`.
    public var isBannedFromInstance: Bool { lemmyCode?.code == "site_ban" }
}
