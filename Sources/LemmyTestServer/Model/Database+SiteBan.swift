import Foundation

/// Site bans: an admin bans a person from the whole instance, as each version's
/// `local_user/ban_person.rs` does, and what a ban then refuses.
///
/// - 0.18.5: no expiry check (a time in the past makes a ban that is already over), no
///   higher-admin check; the ban holds while its expiry is ahead (`is_banned`), and a banned
///   account's token stays valid: a request that needs a login is refused with `site_ban`, one
///   that does not is served as to a guest.
/// - 0.19.13: `check_expire_time` (`invalid_unix_time`, `ban_expiration_in_past`, more than ten
///   years is permanent), `not_higher_admin`; a local person's sessions end
///   (`LoginToken::invalidate_all`), so their requests are a guest's or 401 `incorrect_login`.
/// - 1.0: the same checks with a required reason; sessions go on and login still works (Lemmy
///   commit 92663fd, "Allow deleted / banned users to be able to log in"), but every write but
///   a few is refused with `site_ban` (``refusesBannedWrite(path:)``).
///
/// 0.19 and 1.0 read only the stored flag, which Lemmy's hourly job clears after the expiry;
/// this server runs no such job, so an expired ban holds there until an admin lifts it.
extension Database {
    /// Bans or unbans `targetId` from the instance, in Lemmy's order of checks.
    ///
    /// With `removeData`, the person's posts and comments are removed, the communities they are
    /// the top moderator of are removed, and their pictures go (0.19 and 1.0 also their bio):
    /// 0.18 and 0.19 do this on an unban too (`remove_user_data` runs whatever `ban` is) and never
    /// restore; 1.0 sets the posts' and comments' `removed` to `ban`, so an unban restores them.
    mutating func banFromSite(
        _ targetId: Int, ban: Bool, removeData: Bool, reason: String?, expires: Int?, by adminId: Int, now: Double,
        dialect: LemmyDialect
    ) throws {
        if dialect == .v1_0, person(adminId)?.banned == true { throw APIError.code("site_ban") }
        try requireAdmin(adminId)
        try requireHigherAdmin(adminId, than: targetId, dialect: dialect)
        try ContentRules.checkBody(reason, post: false, dialect: dialect)
        let expiry = try Self.banExpiry(expires, now: now, dialect: dialect)
        guard person(targetId) != nil else {
            switch dialect {
            // `Person::update` finds no row: diesel's NotFound, tagged `couldnt_update_user`.
            case .v0_18, .v0_19: throw APIError.missingRow("couldnt_update_user")
            // The ban's upsert breaks `instance_actions`' foreign key; an unban updates nothing
            // and then fails to read the person.
            case .v1_0: throw ban ? APIError.code("unknown", message: "foreign key violation") : APIError.notFound("person")
            }
        }
        if dialect == .v1_0 && !ban {
            persons[targetId - 1].banExpires = nil
        } else {
            persons[targetId - 1].banExpires = expiry
        }
        persons[targetId - 1].banned = ban
        if dialect == .v0_19 && persons[targetId - 1].instanceId == 1 {
            for (token, person) in sessions where person == targetId { sessions[token] = nil }
        }
        if removeData {
            removeUserData(
                of: targetId, removed: dialect == .v1_0 ? ban : true, clearProfile: dialect == .v1_0 ? ban : true, dialect: dialect)
        }
        var entry = entry(.banFromSite, by: adminId, target: targetId, reason: dialect.stored(reason), flag: ban, now: now)
        entry.expires = expiry
        modlog.append(entry)
    }

    /// A ban's end as the version stores it: 0.18 takes any time; 0.19 and 1.0 refuse one in the
    /// past or one `chrono` cannot hold, and make one more than ten years ahead permanent
    /// (`check_expire_time`, `limit_expire_time`).
    static func banExpiry(_ expires: Int?, now: Double, dialect: LemmyDialect) throws -> Double? {
        guard let expires else { return nil }
        guard dialect != .v0_18 else { return Double(expires) }
        // `Utc.timestamp_opt` holds about ±262,000 years of seconds.
        guard abs(expires) < 8_210_266_876_800 else { throw APIError.code("invalid_unix_time") }
        if Double(expires) < now { throw APIError.code("ban_expiration_in_past") }
        return Double(expires) > now + 10 * 365 * 86_400 ? nil : Double(expires)
    }

    /// `remove_user_data` (0.18, 0.19) and `remove_or_restore_user_data` (1.0) on what this
    /// server keeps: posts and comments, top-moderated communities, pictures and bio. Like Lemmy,
    /// no modlog entry names each item (1.0's bulk entries, hidden from GetModlog unless asked
    /// for, are not kept here).
    private mutating func removeUserData(of personId: Int, removed: Bool, clearProfile: Bool, dialect: LemmyDialect) {
        for post in posts where post.creatorId == personId { posts[post.id - 1].removed = removed }
        for comment in comments where comment.creatorId == personId { comments[comment.id - 1].removed = removed }
        guard clearProfile else { return }
        persons[personId - 1].avatar = nil
        persons[personId - 1].banner = nil
        if dialect != .v0_18 { persons[personId - 1].bio = nil }
        for community in communities where community.moderators.first == personId {
            communities[community.id - 1].removed = true
            communities[community.id - 1].icon = nil
            communities[community.id - 1].banner = nil
        }
    }

    /// Whether `personId` is banned from the instance as `dialect` checks it at `now`: 0.18
    /// compares the expiry (`is_banned`); 0.19 and 1.0 read the flag.
    func isSiteBanned(_ personId: Int, now: Double, dialect: LemmyDialect) -> Bool {
        guard let person = person(personId), person.banned else { return false }
        guard dialect == .v0_18, let expires = person.banExpires else { return true }
        return expires > now
    }

    /// The viewer a request with `token` acts as, after the version's ban rules: 0.18 refuses a
    /// banned account's request that needs a login (`site_ban`) and serves one that does not as
    /// a guest (`local_user_view_from_jwt_opt`); 1.0 refuses a banned account's writes but those
    /// ``refusesBannedWrite(path:)`` lets through. 0.19 ended the sessions at the ban.
    func viewer(
        token: String?, required: Bool, isWrite: Bool, path: String, now: Double, dialect: LemmyDialect
    ) throws -> Int? {
        guard let viewer = token.flatMap({ sessions[$0] }) else { return nil }
        switch dialect {
        case .v0_18 where isSiteBanned(viewer, now: now, dialect: dialect):
            if required { throw APIError.code("site_ban") }
            return nil
        case .v1_0 where required && isWrite && isSiteBanned(viewer, now: now, dialect: dialect):
            if Self.refusesBannedWrite(path: path) { throw APIError.code("site_ban") }
            return viewer
        default:
            return viewer
        }
    }

    /// Whether 1.0 refuses a banned account's write to `path` (relative to `/api/v4`). The
    /// writes Lemmy lets through are those whose handlers check no ban
    /// (`check_local_user_banned_or_deleted`, `is_admin`, `check_community_user_action` and the
    /// moderator checks all do): logging out, deleting the account, marking posts and
    /// notifications read, and uploading or deleting one's own images.
    static func refusesBannedWrite(path: String) -> Bool {
        ![
            "/account/auth/logout", "/account", "/account/media", "/image", "/post/mark_as_read", "/post/mark_as_read/many",
            "/account/notification/mark_as_read", "/account/notification/mark_as_read/all",
        ].contains(path)
    }

    /// The people a 0.18 or 0.19 admin's GetBannedPersons lists: banned until a time ahead or
    /// for good, not deleted; 0.19 only local ones (`person_view.rs`, `banned`). Lemmy orders
    /// them by nothing; this server by id.
    func bannedPersons(now: Double, dialect: LemmyDialect) -> [PersonRecord] {
        persons.filter { person in
            person.banned && !person.deleted && (person.banExpires.map { $0 > now } ?? true)
                && (dialect == .v0_18 || person.instanceId == 1)
        }
    }
}
