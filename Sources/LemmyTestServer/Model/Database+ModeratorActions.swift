/// Moderator and admin actions beyond removing posts. Each checks the
/// actor's rights the way Lemmy does and writes a modlog entry.
extension Database {
    /// Locks or unlocks a post. Only 1.0's LockPost carries a reason (and its modlog keeps it).
    mutating func lockPost(_ postId: Int, locked: Bool, reason: String? = nil, by personId: Int, now: Double, dialect: LemmyDialect) throws
    {
        // 1.0 reads the post as a non-moderator sees it, so not even a moderator locks a removed
        // post there; 0.18's `Post::read` fails bare.
        if dialect == .v1_0 { try requirePostView(postId, by: personId, dialect: dialect) }
        guard let post = post(postId) else { throw APIError.notFound("post", in: dialect) }
        // 0.18 checks the ban and the community's state before the moderator.
        if dialect == .v0_18 { try checkCommunityAction(by: personId, in: post.communityId, dialect: dialect, alsoStateIn018: true) }
        try checkCommunityModAction(personId, in: post.communityId, dialect: dialect)
        posts[postId - 1].locked = locked
        appendModlog(.lockPost, by: personId, target: postId, reason: reason, flag: locked, now: now)
    }

    /// Pins a post in its community (moderators) or on the instance (admins only).
    /// 0.19 and 1.0 check the community's moderators first for either kind
    /// (`check_community_mod_action`, then `is_admin`); 0.18 one or the other.
    mutating func featurePost(
        _ postId: Int, featured: Bool, onInstance: Bool, by personId: Int, now: Double, dialect: LemmyDialect
    ) throws {
        guard let post = post(postId) else { throw APIError.notFound("post") }
        if dialect == .v0_18 { try checkCommunityAction(by: personId, in: post.communityId, dialect: dialect, alsoStateIn018: true) }
        let modOrAdmin = isModOrAdmin(personId, of: post.communityId)
        if !modOrAdmin && (!onInstance || dialect != .v0_18) { throw APIError.code("not_a_mod_or_admin") }
        try checkModeratorStanding(personId, in: post.communityId, dialect: dialect)
        if onInstance && person(personId)?.isAdmin != true { throw APIError.code("not_an_admin") }
        if onInstance { posts[postId - 1].featuredLocal = featured } else { posts[postId - 1].featuredCommunity = featured }
        var entry = entry(.featurePost, by: personId, target: postId, reason: nil, flag: featured, now: now)
        entry.onInstance = onInstance
        modlog.append(entry)
    }

    /// Bans or unbans a person from a community, in Lemmy's order. 0.19 and 1.0: the expiry
    /// (`ban_expiration_in_past`; a time `chrono` cannot hold is `invalid_unix_time`), the
    /// moderator, the higher-moderator check (an admin or a more senior moderator cannot be
    /// banned, or unbanned, by a junior: `not_higher_mod`), the reason's length. 0.18: the
    /// moderator and the reason only, so a moderator may ban an admin there.
    ///
    /// A ban unfollows the person from the community, in every version. With `removeData` the
    /// person's content there goes (``removeUserData(of:in:removed:now:dialect:)``).
    ///
    /// A person who does not exist fails at a write: the ban's, on the table's foreign key (0.18
    /// and 0.19 `community_user_already_banned`, 1.0 `couldnt_update`); an unban deletes
    /// nothing, and then the modlog entry's foreign key fails (0.18 and 0.19 with the database's
    /// text; 1.0 `couldnt_create`, its modlog's keys added in Lemmy's 2026-03-08 migration), in
    /// the same transaction, so nothing is kept. 0.19 then reads the person back with a view that
    /// leaves deleted accounts out: banning one is done, and answered `couldnt_find_person`.
    mutating func banFromCommunity(
        _ communityId: Int, personId targetId: Int, ban: Bool, removeData: Bool, reason: String?, expires: Int?,
        by personId: Int, now: Double, dialect: LemmyDialect
    ) throws {
        let expiry = try Self.banExpiry(expires, now: now, dialect: dialect)
        guard community(communityId) != nil, !purged.communities.contains(communityId) else {
            throw missingCommunityInBan(communityId, ban: ban, reason: reason, by: personId, dialect: dialect)
        }
        try checkCommunityModAction(personId, in: communityId, dialect: dialect)
        if dialect != .v0_18 { try checkHigherModOrAdmin(personId, in: communityId, than: [targetId]) }
        try ContentRules.checkBody(reason, post: false, dialect: dialect)
        guard let target = person(targetId), !purged.persons.contains(targetId) else {
            switch (dialect, ban) {
            case (.v1_0, true): throw APIError.code("couldnt_update", cause: Self.foreignKeyCause("community_actions", "person_id"))
            case (.v1_0, false): throw APIError.code("couldnt_create", cause: Self.foreignKeyCause("modlog", "target_person"))
            case (_, true): throw APIError.code("community_user_already_banned")
            case (_, false): throw APIError.foreign(Self.foreignKeyCause("mod_ban_from_community", "other_person_id"))
            }
        }
        if ban { try? follow(communityId, by: targetId, follow: false, now: now) }
        recordCommunityBan(
            communityId, personId: targetId, ban: ban, reason: dialect.stored(reason), expires: expiry, by: personId, now: now)
        if removeData {
            // 0.18 and 0.19 remove whatever `ban` is, and never restore; 1.0 restores on an unban,
            // and counts the removed or restored posts and comments on the ban's entry.
            let touched = removeUserData(
                of: targetId, in: communityId, removed: dialect == .v1_0 ? ban : true, now: now, dialect: dialect)
            if dialect == .v1_0 { modlog[modlog.count - 1].childCount = touched }
        }
        if dialect == .v0_19 && target.deleted { throw APIError.notFound("person") }
    }

    /// A ban in a community that does not exist: 1.0 reads it first (`not_found`); 0.18 and 0.19
    /// check the caller first (`not_a_mod_or_admin`, which an admin passes), then 0.19 reads it
    /// (`couldnt_find_community`), while 0.18 checks the reason and fails at the write: the ban's
    /// foreign key (`community_user_already_banned`), or for an unban, which deletes nothing, the
    /// modlog entry's (the database's text).
    private func missingCommunityInBan(_ communityId: Int, ban: Bool, reason: String?, by personId: Int, dialect: LemmyDialect) -> any Error
    {
        if dialect == .v1_0 { return APIError.notFound("community") }
        guard isModOrAdmin(personId, of: communityId) else { return APIError.code("not_a_mod_or_admin") }
        if dialect == .v0_19 { return APIError.notFound("community") }
        do { try ContentRules.checkBody(reason, post: false, dialect: dialect) } catch { return error }
        return ban
            ? APIError.code("community_user_already_banned")
            : APIError.foreign(Self.foreignKeyCause("mod_ban_from_community", "community_id"))
    }

    /// The ids of the posts and comments `personId` wrote in `communityId`, deleted and removed
    /// ones too (purged ones are gone).
    private func contentIds(of personId: Int, in communityId: Int) -> (posts: [Int], comments: [Int]) {
        let postIds = posts.filter { $0.creatorId == personId && $0.communityId == communityId && !purged.posts.contains($0.id) }
        let commentIds = comments.filter {
            $0.creatorId == personId && !purged.comments.contains($0.id) && post($0.postId)?.communityId == communityId
        }
        return (postIds.map(\.id), commentIds.map(\.id))
    }

    /// PostgreSQL's refusal of a row in `table` whose `column` names nothing, with the
    /// constraint named as Lemmy's migrations name it (`TABLE_COLUMN_fkey`).
    static func foreignKeyCause(_ table: String, _ column: String) -> String {
        #"insert or update on table "\#(table)" violates foreign key constraint "\#(table)_\#(column)_fkey""#
    }

    /// `remove_user_data_in_community` (0.18, 0.19) and `remove_or_restore_user_data_in_community`
    /// (1.0): every post of the person in the community, dated now. The comments:
    /// - 0.18 and 0.19 remove those of a default `CommentQuery`, a guest's first page of 10 by
    ///   Hot, so at most 10 a ban: 0.18 leaves already deleted or removed comments out of it (a
    ///   ban again removes the next 10) and ranks by its stored integer; 0.19 does not (the same
    ///   10 again) and leaves out comments in communities a guest cannot see. Their dates stay.
    /// - 1.0 removes or restores all of them, dated now, and when removing takes back everyone's
    ///   votes on the person's posts and comments there (``takeBackVotes(onPosts:comments:)``).
    /// Lemmy leaves ties in Hot to the database; this server breaks them by id. 0.19 ranks by the
    /// `hot_rank` it stores, which a local comment gets only from the job that refreshes ranks
    /// every 10 minutes (0.0001 until then); this server ranks 0.19's comments live, as its
    /// GetComments does, so a burst of fresh comments goes first here and last there.
    /// Returns how many posts and comments it changed.
    private mutating func removeUserData(of personId: Int, in communityId: Int, removed: Bool, now: Double, dialect: LemmyDialect) -> Int {
        let content = contentIds(of: personId, in: communityId)
        if dialect == .v1_0 && removed { takeBackVotes(onPosts: Set(content.posts), comments: Set(content.comments)) }
        for id in content.posts {
            posts[id - 1].removed = removed
            posts[id - 1].updated = now
        }
        var touched = content.posts.count
        let commentIds: [Int]
        if dialect == .v1_0 {
            commentIds = content.comments
        } else {
            var query = CommentQuery()
            query.creatorId = personId
            query.communityId = communityId
            query.hidesRemoved = dialect == .v0_18
            query.storedHotRanks = dialect == .v0_18
            query.outOfSight = communitiesOutOfSight(viewer: nil, dialect: dialect, scope: .all, inCommunity: true, comments: true)
            commentIds = (try? listComments(query, viewer: nil, now: now).ids) ?? []
        }
        for id in commentIds {
            comments[id - 1].removed = removed
            if dialect == .v1_0 { comments[id - 1].updated = now }
            touched += 1
        }
        return touched
    }

    /// Puts `targetId` into (or takes them out of) the community's bans, with its modlog entry:
    /// what a moderator's ban and 0.19's site ban of a remote person both write.
    mutating func recordCommunityBan(
        _ communityId: Int, personId targetId: Int, ban: Bool, reason: String?, expires: Double?, by personId: Int, now: Double
    ) {
        if ban {
            communities[communityId - 1].bannedPersons.insert(targetId)
        } else {
            communities[communityId - 1].bannedPersons.remove(targetId)
        }
        var entry = entry(.banFromCommunity, by: personId, target: targetId, reason: reason, flag: ban, now: now)
        entry.communityId = communityId
        entry.expires = expires
        modlog.append(entry)
    }

    /// Removes or restores a comment. 0.19 and 1.0 refuse one its author deleted (restoring it
    /// would reveal what the author took back) and resolve the comment's reports.
    /// Removes or restores a comment; with 1.0's `remove_children` (`children`), which then
    /// decides alone whether to remove or restore, the comment and every comment below it
    /// (`api_crud/src/comment/remove.rs`).
    mutating func removeComment(
        _ commentId: Int, removed: Bool, reason: String?, children: Bool? = nil, by personId: Int, now: Double, dialect: LemmyDialect
    ) throws {
        guard let comment = comment(commentId), let post = post(comment.postId) else { throw APIError.notFound("comment") }
        try checkCommunityModAction(personId, in: post.communityId, dialect: dialect)
        if dialect != .v0_18 { try checkHigherModOrAdmin(personId, in: post.communityId, than: [comment.creatorId]) }
        if dialect != .v0_18 && comment.deleted { throw APIError.code(dialect == .v1_0 ? "couldnt_update" : "couldnt_update_comment") }
        guard let children else {
            comments[commentId - 1].removed = removed
            if dialect != .v0_18 { resolveReports(.comment, of: commentId, by: personId, now: now) }
            appendModlog(.removeComment, by: personId, target: commentId, reason: reason, flag: removed, now: now)
            return
        }
        // `update_removed_for_comment_and_children`: every comment whose path starts with this
        // one's; `resolve_all_for_thread`: their reports. The modlog gets an entry for each
        // comment but the deleted ones, so that their text does not show there.
        let path = pathIds(of: comment)
        let thread = commentsByPost[comment.postId - 1].filter { id in
            self.comment(id).map { pathIds(of: $0).starts(with: path) } == true
        }
        for id in thread {
            comments[id - 1].removed = children
            resolveReports(.comment, of: id, by: personId, now: now)
        }
        for id in thread where !comments[id - 1].deleted {
            appendModlog(.removeComment, by: personId, target: id, reason: reason, flag: children, now: now)
        }
    }

    /// Locks or unlocks a comment and every comment below it (1.0's LockComment,
    /// `api/api/src/comment/lock.rs`): the comment as a guest reads it (`not_found`, also in a
    /// private community), then `check_community_mod_action`; a deleted or removed comment may
    /// be locked. The modlog's `mod_lock_comment` names the comment, its post, community and
    /// creator (reverted when unlocking), whose mod-action notification the route's wrapper
    /// sends (``notifyModActions(since:now:)``).
    mutating func lockComment(_ commentId: Int, locked: Bool, reason: String, by personId: Int, now: Double) throws {
        let (comment, post) = try commentAsGuestReads(commentId)
        try checkCommunityModAction(personId, in: post.communityId, dialect: .v1_0)
        // `update_locked_for_comment_and_children`: every comment whose path is below this one's.
        let path = pathIds(of: comment)
        for id in commentsByPost[comment.postId - 1] where self.comment(id).map({ pathIds(of: $0).starts(with: path) }) == true {
            comments[id - 1].locked = locked
        }
        appendModlog(.lockComment, by: personId, target: commentId, reason: reason, flag: locked, now: now)
    }

    /// Marks a comment as speaking for the moderators. 0.18: the community ban, then moderator or
    /// admin (anyone's comment). 0.19 and 1.0: the person's community checks, then only the
    /// comment's author, then moderator or admin (`distinguish.rs`).
    mutating func distinguishComment(_ commentId: Int, distinguished: Bool, by personId: Int, dialect: LemmyDialect) throws {
        guard let comment = comment(commentId), let post = post(comment.postId) else {
            throw APIError.notFound("comment", in: dialect)
        }
        if dialect == .v0_18 {
            if isBanned(personId, from: post.communityId) { throw APIError.code("community_ban") }
        } else {
            try checkCommunityAction(by: personId, in: post.communityId, dialect: dialect)
            guard comment.creatorId == personId else { throw APIError.code("no_comment_edit_allowed") }
        }
        guard isModOrAdmin(personId, of: post.communityId) else { throw APIError.code("not_a_mod_or_admin") }
        comments[commentId - 1].distinguished = distinguished
    }

    /// Appoints or dismisses a moderator (admins and the community's moderators). A dismissal
    /// takes a higher moderator (0.19, 1.0), and 1.0 keeps a community's last moderator unless an
    /// admin acts (`cannot_leave_mod`). An admin acts on a remote community only as one of its
    /// moderators (0.19, 1.0: `not_a_moderator`). Appointing a moderator twice is refused by the
    /// table's key in 0.18 and 0.19 (`community_moderator_already_exists`); 1.0 upserts, with a
    /// new `became_moderator_at`, so a moderator appointed again goes to the end of the list.
    /// Each writes a modlog entry (`mod_add_community`; 1.0 `mod_add_to_community`), dismissals
    /// of someone who is no moderator too.
    ///
    /// A missing community: 0.18 checks the caller first (`is_mod_or_admin`), then reads it (404
    /// `Record not found`); 0.19 checks the caller, then `couldnt_find_community`; 1.0 reads it
    /// first (`not_found`). A missing person fails the table's foreign key at the write (0.18 and
    /// 0.19 `community_moderator_already_exists`, 1.0 `already_exists`).
    mutating func setModerator(
        _ targetId: Int, of communityId: Int, added: Bool, by personId: Int, now: Double, dialect: LemmyDialect
    ) throws {
        let found = community(communityId).flatMap { purged.communities.contains($0.id) ? nil : $0 }
        guard let record = found else {
            if dialect != .v1_0 && !isModOrAdmin(personId, of: communityId) { throw APIError.code("not_a_mod_or_admin") }
            throw APIError.notFound("community", in: dialect)
        }
        try checkCommunityModAction(personId, in: communityId, dialect: dialect)
        let actorIsAdmin = person(personId)?.isAdmin == true
        if !added && dialect != .v0_18 {
            try checkHigherModOrAdmin(personId, in: communityId, than: [targetId])
            if dialect == .v1_0 && !actorIsAdmin && record.moderators.count == 1 { throw APIError.code("cannot_leave_mod") }
        }
        if dialect != .v0_18 && actorIsAdmin && record.instanceId != 1 && !record.moderators.contains(personId) {
            throw APIError.code("not_a_moderator")
        }
        if added && dialect != .v1_0 && record.moderators.contains(targetId) {
            throw APIError.code("community_moderator_already_exists")
        }
        guard person(targetId) != nil, !purged.persons.contains(targetId) else {
            throw APIError.code(dialect == .v1_0 ? "already_exists" : "community_moderator_already_exists")
        }
        var moderators = communities[communityId - 1].moderators
        moderators.removeAll { $0 == targetId }
        if added { moderators.append(targetId) }
        communities[communityId - 1].moderators = moderators
        var appointment = entry(.addModerator, by: personId, target: targetId, reason: nil, flag: added, now: now)
        appointment.communityId = communityId
        modlog.append(appointment)
    }

    /// Lemmy's `check_community_mod_action`: a moderator of the community or an admin
    /// (`not_a_mod_or_admin`), then ``checkModeratorStanding(_:in:dialect:allowDeleted:)``.
    func checkCommunityModAction(_ personId: Int, in communityId: Int, dialect: LemmyDialect, allowDeleted: Bool = false) throws {
        guard isModOrAdmin(personId, of: communityId) else { throw APIError.code("not_a_mod_or_admin") }
        try checkModeratorStanding(personId, in: communityId, dialect: dialect, allowDeleted: allowDeleted)
    }

    /// What `check_community_mod_action` (0.19, 1.0) checks after the moderator: one
    /// banned from the community is refused (`banned_from_community`; 1.0
    /// `person_is_banned_from_community`, and lets admins through), and, unless `allowDeleted`
    /// (restoring a community, resolving reports), any action in a deleted or removed community
    /// (`deleted`). 0.18 has no such step.
    func checkModeratorStanding(_ personId: Int, in communityId: Int, dialect: LemmyDialect, allowDeleted: Bool = false) throws {
        guard dialect != .v0_18, let community = community(communityId) else { return }
        let exempt = dialect == .v1_0 && person(personId)?.isAdmin == true
        if !exempt && isBanned(personId, from: communityId) {
            throw APIError.code(dialect == .v1_0 ? "person_is_banned_from_community" : "banned_from_community")
        }
        if !allowDeleted && (community.deleted || community.removed) { throw APIError.code("deleted") }
    }

    /// Lemmy's `is_higher_mod_or_admin_check` (0.19, 1.0): of the actor and the targets, the
    /// admins (oldest account first) and then the community's moderators (longest serving
    /// first) are listed, and the actor must come first, else `not_higher_mod`.
    func checkHigherModOrAdmin(_ actorId: Int, in communityId: Int, than targets: [Int]) throws {
        let people = Set(targets + [actorId])
        let admins = persons.filter { $0.isAdmin && people.contains($0.id) }.map(\.id)
        let moderators = community(communityId)?.moderators.filter(people.contains) ?? []
        guard (admins + moderators).first == actorId else { throw APIError.code("not_higher_mod") }
    }

    /// Whether `personId` may post or comment in `communityId`.
    func isBanned(_ personId: Int, from communityId: Int) -> Bool {
        community(communityId)?.bannedPersons.contains(personId) ?? false
    }

    /// A modlog record of `kind`, numbered next, not yet appended.
    func entry(
        _ kind: ModlogRecord.Kind, by personId: Int, target: Int, reason: String?, flag: Bool,
        now: Double
    ) -> ModlogRecord {
        ModlogRecord(id: modlog.count + 1, kind: kind, moderatorId: personId, targetId: target, reason: reason, flag: flag, when: now)
    }

    mutating func appendModlog(_ kind: ModlogRecord.Kind, by personId: Int, target: Int, reason: String?, flag: Bool, now: Double) {
        modlog.append(entry(kind, by: personId, target: target, reason: reason, flag: flag, now: now))
    }
}
