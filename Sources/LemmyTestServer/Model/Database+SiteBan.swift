import Foundation
import LemmyAPI

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
///   a few is refused with `site_ban` (``refusesBannedWrite(_:path:)``), and so are the admins' and
///   moderators' lists. The refusal comes before the handler's own checks, where Lemmy reads a
///   post or checks a body first (a banned account voting on a missing post gets `site_ban` here,
///   `not_found` there).
///
/// 0.19 and 1.0 read only the stored flag, which Lemmy's hourly job (`update_banned_when_expired`)
/// clears after the expiry; this server clears it an hour after the expiry, the latest the job
/// can run (``banFlag(_:now:)``), and every version's views show that flag.
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
        // (1.0's `is_admin` refuses a banned admin first: the request's ban gate already did.)
        try requireAdmin(adminId)
        try requireHigherAdmin(adminId, than: targetId, dialect: dialect)
        try ContentRules.checkBody(reason, post: false, dialect: dialect)
        let expiry = try Self.banExpiry(expires, now: now, dialect: dialect)
        // 0.18's purge deletes the row; later versions keep the person, deleted.
        guard let target = person(targetId), dialect != .v0_18 || !purged.persons.contains(targetId) else {
            switch dialect {
            // `Person::update` finds no row: diesel's NotFound, tagged `couldnt_update_user`.
            case .v0_18, .v0_19: throw APIError.missingRow("couldnt_update_user")
            // The ban's upsert breaks `instance_actions`' foreign key; an unban updates nothing,
            // and then the modlog entry breaks the modlog's (Lemmy's 2026-03-08 migration).
            case .v1_0:
                throw ban
                    ? APIError.code("unknown", message: "foreign key violation")
                    : APIError.code("couldnt_create", cause: Self.foreignKeyCause("modlog", "target_person"))
            }
        }
        switch dialect {
        case .v0_18, .v0_19: persons[targetId - 1].banExpires = expiry
        // The ban's upsert leaves out an expiry of None (`InstanceBanForm` has no
        // `treat_none_as_null`): a permanent ban over a running one keeps its end. An unban
        // clears both columns.
        case .v1_0: persons[targetId - 1].banExpires = ban ? expiry ?? (banFlag(target, now: now) ? target.banExpires : nil) : nil
        }
        persons[targetId - 1].banned = ban
        if dialect == .v0_19 && target.instanceId == 1 {
            endSessions(of: targetId)
        }
        var touched = 0
        if removeData {
            touched = removeUserData(
                of: targetId, removed: dialect == .v1_0 ? ban : true, clearProfile: dialect == .v1_0 ? ban : true, now: now,
                dialect: dialect)
        }
        var entry = entry(.banFromSite, by: adminId, target: targetId, reason: dialect.stored(reason), flag: ban, now: now)
        entry.expires = expiry
        // 1.0 writes an entry per removed post and comment under the ban's (hidden from GetModlog
        // unless asked for; not kept here) and counts them on the ban's entry.
        entry.childCount = dialect == .v1_0 ? touched : 0
        modlog.append(entry)
        // 0.19 reads the person back with a view that leaves out deleted accounts, after the ban
        // and before the community bans of a remote person.
        if dialect == .v0_19 && target.deleted { throw APIError.notFound("person") }
        if dialect == .v0_19 && target.instanceId != 1 {
            banFromLocalCommunities(targetId, ban: ban, reason: reason, expires: expiry, by: adminId, now: now)
        }
    }

    /// 0.19's `ban_nonlocal_user_from_local_communities`: a remote person banned from the site is
    /// banned from (or, with an unban, let back into) each local community they posted in, or
    /// commented in if it is neither deleted nor removed (`list_local_community_ids` filters only
    /// its comment half), unfollows it, and the modlog gets a community ban for each.
    private mutating func banFromLocalCommunities(
        _ personId: Int, ban: Bool, reason: String?, expires: Double?, by adminId: Int, now: Double
    ) {
        let postCommunities = posts.filter { $0.creatorId == personId }.map(\.communityId)
        let commentCommunities = comments.filter { $0.creatorId == personId }.compactMap { post($0.postId)?.communityId }.filter {
            community($0).map { !$0.deleted && !$0.removed } ?? false
        }
        for communityId in Set(postCommunities + commentCommunities).sorted() {
            guard community(communityId)?.instanceId == 1 else { continue }
            if ban { try? follow(communityId, by: personId, follow: false, now: now) }
            recordCommunityBan(communityId, personId: personId, ban: ban, reason: reason, expires: expires, by: adminId, now: now)
        }
    }

    /// A ban's end as the version stores it: 0.18 takes any time; 0.19 and 1.0 refuse one in the
    /// past or one `chrono` cannot hold, and make one more than ten years ahead permanent
    /// (`check_expire_time`, `limit_expire_time`).
    static func banExpiry(_ expires: Int?, now: Double, dialect: LemmyDialect) throws -> Double? {
        guard let expires else { return nil }
        // The seconds `chrono` can hold (about ±262,000 years): 0.19 and 1.0 refuse others
        // (`Utc.timestamp_opt`), 0.18 panics on them (`naive_from_unix(...).expect`).
        guard (-8_334_632_937_600...8_210_298_412_799).contains(expires) else {
            throw dialect == .v0_18 ? APIError.panic : APIError.code("invalid_unix_time")
        }
        guard dialect != .v0_18 else { return Double(expires) }
        if Double(expires) < now { throw APIError.code("ban_expiration_in_past") }
        return Double(expires) > now + 10 * 365 * 86_400 ? nil : Double(expires)
    }

    /// `remove_user_data` (0.18, 0.19) and `remove_or_restore_user_data` (1.0) on what this
    /// server keeps: posts and comments, private messages (0.19, 1.0), top-moderated communities,
    /// pictures and bio, and on 1.0 the person's votes. Not kept here: the uploads Lemmy deletes,
    /// the pictures of 0.18's image posts. Like Lemmy,
    /// no modlog entry names each item (1.0's bulk entries, hidden from GetModlog unless asked
    /// for, are not kept here).
    /// Returns how many posts and comments it changed.
    private mutating func removeUserData(of personId: Int, removed: Bool, clearProfile: Bool, now: Double, dialect: LemmyDialect) -> Int {
        var touched = 0
        for post in posts where post.creatorId == personId {
            posts[post.id - 1].removed = removed
            posts[post.id - 1].updated = now
            touched += 1
        }
        for comment in comments where comment.creatorId == personId {
            comments[comment.id - 1].removed = removed
            comments[comment.id - 1].updated = now
            touched += 1
        }
        // 0.19 and 1.0 remove (1.0: or restore) the person's private messages too.
        if dialect != .v0_18 {
            for message in privateMessages where message.creatorId == personId {
                privateMessages[message.id - 1].removed = removed
                privateMessages[message.id - 1].updated = now
            }
        }
        guard clearProfile else { return touched }
        // 1.0 takes back the person's votes with the rest (d274d2bb1); 0.18 and 0.19 keep them.
        if dialect == .v1_0 { takeBackVotes(castBy: personId) }
        persons[personId - 1].avatar = nil
        persons[personId - 1].banner = nil
        if dialect != .v0_18 { persons[personId - 1].bio = nil }
        for community in communities where community.moderators.first == personId {
            communities[community.id - 1].removed = true
            communities[community.id - 1].icon = nil
            communities[community.id - 1].banner = nil
        }
        return touched
    }

    /// Whether `personId` is banned from the instance as `dialect` checks it at `now`: 0.18
    /// compares the expiry (`is_banned`); 0.19 and 1.0 read the flag.
    func isSiteBanned(_ personId: Int, now: Double, dialect: LemmyDialect) -> Bool {
        guard let person = person(personId) else { return false }
        guard dialect == .v0_18 else { return banFlag(person, now: now) }
        return person.banned && (person.banExpires.map { $0 > now } ?? true)
    }

    /// The stored ban flag at `now`, as views show it: set until lifted, or until Lemmy's hourly
    /// job clears an expired ban, here an hour after its expiry.
    func banFlag(_ person: PersonRecord, now: Double) -> Bool {
        guard person.banned else { return false }
        guard let expires = person.banExpires else { return true }
        return now < expires + 3_600
    }

    /// ``banFlag(_:now:)`` of a person by id; false for none.
    func banFlag(_ personId: Int, now: Double) -> Bool { person(personId).map { banFlag($0, now: now) } ?? false }

    /// The viewer a request with `token` acts as, after the version's ban rules: 0.18 refuses a
    /// banned account's request that needs a login (`site_ban`) and serves one that does not as
    /// a guest (`local_user_view_from_jwt_opt`); 1.0 refuses a banned account's writes but those
    /// ``refusesBannedWrite(_:path:)`` lets through. 0.19 ended the sessions at the ban.
    func viewer(
        token: String?, required: Bool, method: LemmyHTTPMethod, path: String, now: Double, dialect: LemmyDialect
    ) throws -> Int? {
        guard let viewer = sessionPerson(token) else { return nil }
        switch dialect {
        case .v0_18 where isSiteBanned(viewer, now: now, dialect: dialect):
            if required { throw APIError.code("site_ban") }
            return nil
        case .v1_0 where required && isSiteBanned(viewer, now: now, dialect: dialect):
            if method == .get ? Self.refusedBannedReads.contains(path) : Self.refusesBannedWrite(method, path: path) {
                throw APIError.code("site_ban")
            }
            return viewer
        default:
            return viewer
        }
    }

    /// Whether 1.0 refuses a banned account's write to `path` (relative to `/api/v4`). The
    /// writes Lemmy lets through are those whose handlers check no ban
    /// (`check_local_user_banned_or_deleted`, `is_admin`, `check_community_user_action` and the
    /// moderator checks all do): logging out, deleting the account, marking posts and
    /// notifications read, notification settings, uploading or deleting one's own images, and
    /// clearing the account's pictures. Clearing a community's picture checks the ban after
    /// reading the community (``Database/checkPictureChange(_:viewer:communityId:now:)``).
    static func refusesBannedWrite(_ method: LemmyHTTPMethod, path: String) -> Bool {
        // `POST /image` is an upload; `DELETE /image`, the admins' delete, checks `is_admin`.
        if path == "/image" { return method != .post }
        return ![
            "/account/auth/logout", "/account", "/account/media", "/post/mark_as_read", "/post/mark_as_read/many",
            "/account/notification/mark_as_read", "/account/notification/mark_as_read/all", "/community/notifications",
            "/post/notifications", "/account/avatar", "/account/banner", "/community/icon", "/community/banner",
        ].contains(path)
    }

    /// The reads 1.0 refuses a banned account with `site_ban`: the admins' and moderators' lists,
    /// whose checks (`is_admin`, `check_community_mod_of_any_or_admin_action`) look at the ban first.
    /// (The report list refuses only when it asks for more than the account's own reports: see
    /// its route.) Not done here: 1.0 also stops counting reports and applications in a banned
    /// admin's unread counts and showing removed content to a banned moderator or admin.
    static let refusedBannedReads: Set<String> = [
        "/admin/users", "/admin/registration_application/list", "/admin/registration_application", "/image/list", "/post/like/list",
        "/comment/like/list",
        "/community/pending_follows/list",
    ]

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
