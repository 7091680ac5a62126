/// Ids of what admins purged. Lemmy deletes the rows; here they stay (ids are indices) but are
/// marked deleted and removed, so every listing leaves them out, and the single reads answer
/// not found.
struct PurgedContent: Sendable {
    var posts: Set<Int> = []
    var comments: Set<Int> = []
    var communities: Set<Int> = []
    /// People whose row Lemmy deleted (0.18); later versions keep the person, deleted and banned.
    var persons: Set<Int> = []
}

/// Admin purges, as each version's Lemmy does them (`crates/api/src/site/purge`): only admins
/// (`not_an_admin`); 0.19 and 1.0 also refuse to purge a person who became an admin earlier
/// than the caller (`not_higher_admin`). Each purge is logged (`admin_purge_*`), with its reason.
extension Database {
    /// The text 0.19 and later put in a purged person's posts and comments.
    static let permanentlyDeleted = "*Permanently Deleted*"

    mutating func purgePost(_ id: Int, by adminId: Int, reason: String?, now: Double, dialect: LemmyDialect) throws {
        try requireAdmin(adminId)
        guard let post = post(id), !purged.posts.contains(id) else { throw APIError.notFound("post") }
        try requireHigherAdmin(adminId, than: post.creatorId, dialect: dialect)
        erasePost(id)
        appendModlog(.purgePost, by: adminId, target: id, reason: reason, flag: true, now: now)
    }

    mutating func purgeComment(_ id: Int, by adminId: Int, reason: String?, now: Double, dialect: LemmyDialect) throws {
        try requireAdmin(adminId)
        guard let comment = comment(id), !purged.comments.contains(id) else { throw APIError.notFound("comment") }
        try requireHigherAdmin(adminId, than: comment.creatorId, dialect: dialect)
        eraseComment(id)
        appendModlog(.purgeComment, by: adminId, target: id, reason: reason, flag: true, now: now)
    }

    mutating func purgeCommunity(_ id: Int, by adminId: Int, reason: String?, now: Double) throws {
        try requireAdmin(adminId)
        guard community(id) != nil, !purged.communities.contains(id) else { throw APIError.notFound("community") }
        for post in posts where post.communityId == id && !purged.posts.contains(post.id) { erasePost(post.id) }
        communities[id - 1].deleted = true
        communities[id - 1].removed = true
        communities[id - 1].subscribers = []
        // The row goes, and with it its multi-community entries (whose trigger lowers each count).
        for index in multiCommunities.indices where multiCommunities[index].entries.contains(id) {
            multiCommunities[index].entries.removeAll { $0 == id }
        }
        purged.communities.insert(id)
        appendModlog(.purgeCommunity, by: adminId, target: id, reason: reason, flag: true, now: now)
    }

    /// 0.18 deletes the person and, with the row, everything they wrote, and by the foreign
    /// keys' cascades their votes (the scores of what they voted on drop), follows (subscriber
    /// counts drop), moderatorships, community bans and others' blocks of them. 0.19 and 1.0
    /// keep the person (deleted, banned, profile cleared), overwrite their posts and comments with
    /// "*Permanently Deleted*" and mark them deleted, and end their moderatorships; their votes
    /// and follows stay.
    mutating func purgePerson(_ id: Int, by adminId: Int, reason: String?, now: Double, dialect: LemmyDialect) throws {
        try requireAdmin(adminId)
        guard person(id) != nil, !purged.persons.contains(id) else { throw APIError.notFound("person") }
        try requireHigherAdmin(adminId, than: id, dialect: dialect)
        if dialect == .v0_18 {
            for post in posts where post.creatorId == id && !purged.posts.contains(post.id) { erasePost(post.id) }
            for comment in comments where comment.creatorId == id && !purged.comments.contains(comment.id) { eraseComment(comment.id) }
            takeBackVotes(castBy: id)
            for index in communities.indices {
                communities[index].subscribers.remove(id)
                communities[index].moderators.removeAll { $0 == id }
                communities[index].bannedPersons.remove(id)
            }
            for other in users.keys where users[other]?.blockedPersons[id] != nil { users[other]?.blockedPersons[id] = nil }
            // With the row go their private messages (sent and received) and the reports they
            // made or resolved: ``isPurged(_:)`` and ``privateMessage(_:)`` leave them out.
            purged.persons.insert(id)
        } else {
            for post in posts where post.creatorId == id {
                posts[post.id - 1].name = Self.permanentlyDeleted
                posts[post.id - 1].body = nil
                posts[post.id - 1].url = nil
                posts[post.id - 1].media = nil
                posts[post.id - 1].deleted = true
            }
            for comment in comments where comment.creatorId == id {
                comments[comment.id - 1].content = Self.permanentlyDeleted
                comments[comment.id - 1].deleted = true
            }
            for index in communities.indices { communities[index].moderators.removeAll { $0 == id } }
        }
        persons[id - 1].deleted = true
        persons[id - 1].banned = true
        persons[id - 1].displayName = nil
        persons[id - 1].bio = nil
        persons[id - 1].avatar = nil
        persons[id - 1].banner = nil
        endSessions(of: id)
        appendModlog(.purgePerson, by: adminId, target: id, reason: reason, flag: true, now: now)
    }

    /// `not_higher_admin` (0.19+) when `targetId` is an admin appointed before `adminId`
    /// (seeded admins are appointed in id order).
    func requireHigherAdmin(_ adminId: Int, than targetId: Int, dialect: LemmyDialect) throws {
        guard dialect != .v0_18, targetId != adminId, person(targetId)?.isAdmin == true, targetId < adminId else { return }
        throw APIError.code("not_higher_admin")
    }

    /// Takes a post and its comments out of every listing and count.
    private mutating func erasePost(_ id: Int) {
        guard let post = post(id) else { return }
        for commentId in commentsByPost[id - 1] where !purged.comments.contains(commentId) { eraseComment(commentId) }
        posts[id - 1].deleted = true
        posts[id - 1].removed = true
        purged.posts.insert(id)
        if let creator = person(post.creatorId) { persons[creator.id - 1].postCount = max(0, creator.postCount - 1) }
        if community(post.communityId) != nil {
            communities[post.communityId - 1].postCount = max(0, communities[post.communityId - 1].postCount - 1)
        }
    }

    private mutating func eraseComment(_ id: Int) {
        guard let comment = comment(id) else { return }
        comments[id - 1].deleted = true
        comments[id - 1].removed = true
        purged.comments.insert(id)
        if let creator = person(comment.creatorId) { persons[creator.id - 1].commentCount = max(0, creator.commentCount - 1) }
        if let post = post(comment.postId) {
            posts[post.id - 1].commentCount = max(0, post.commentCount - 1)
            communities[post.communityId - 1].commentCount = max(0, communities[post.communityId - 1].commentCount - 1)
        }
    }

    /// Whether 0.18's or 0.19's modlog still holds `entry` after the purges. Their modlog tables
    /// reference the entry's post, comment, community and people `ON DELETE CASCADE`
    /// (`migrations/2019-04-07-003142_create_moderation_logs`, `2021-10-01-141650_create_admin_purge`),
    /// so purging one deletes the entries about it; 0.18 also deletes a purged person's row, and
    /// with it what they did as a moderator. (1.0: ``keepsModlogEntry10(_:)``.)
    func keepsModlogEntry(_ entry: ModlogRecord) -> Bool {
        if purged.persons.contains(entry.moderatorId) { return false }
        switch entry.kind {
        case .removePost, .lockPost, .featurePost, .warnPost: return !purged.posts.contains(entry.targetId)
        case .removeComment, .lockComment, .warnComment: return !purged.comments.contains(entry.targetId)
        case .banFromCommunity, .addModerator, .transferCommunity:
            return !purged.persons.contains(entry.targetId) && !(entry.communityId.map(purged.communities.contains) ?? false)
        case .banFromSite, .addAdmin: return !purged.persons.contains(entry.targetId)
        case .removeCommunity, .changeCommunityVisibility: return !purged.communities.contains(entry.targetId)
        // `admin_purge_post` names the post's community, `admin_purge_comment` the comment's post.
        case .purgePost: return post(entry.targetId).map { !purged.communities.contains($0.communityId) } ?? true
        case .purgeComment: return comment(entry.targetId).map { !purged.posts.contains($0.postId) } ?? true
        case .purgeCommunity, .purgePerson, .blockInstance, .allowInstance: return true
        }
    }

    /// Whether a report's post or comment was purged (Lemmy deletes such reports with the row),
    /// or its creator or resolver was (0.18 deletes the person's row, and the report with it:
    /// `creator_id` and `resolver_id` reference it `ON DELETE CASCADE`,
    /// `migrations/2020-10-13-212240_create_report_tables`).
    func isPurged(_ report: ReportRecord) -> Bool {
        if lostParty(report) { return true }
        switch report.kind {
        case .post: return purged.posts.contains(report.targetId)
        case .comment: return purged.comments.contains(report.targetId)
        // The community's row goes, and its reports with it (`ON DELETE CASCADE`).
        case .community: return purged.communities.contains(report.targetId)
        }
    }

    /// Whether 0.18's purge of its creator or recipient deleted the message (both reference the
    /// person `ON DELETE CASCADE`, `migrations/2020-01-21-001001_create_private_message`).
    func isPurged(_ message: PrivateMessageRecord) -> Bool {
        purged.persons.contains(message.creatorId) || purged.persons.contains(message.recipientId)
    }

    /// Whether a message report went with its message, its creator or its resolver (0.18's
    /// purge of a person; `migrations/2022-09-07-114618_pm-reports`).
    func isPurged(messageReport report: ReportRecord) -> Bool {
        privateMessage(report.targetId) == nil || lostParty(report)
    }

    /// Whether 0.18's purge of the report's creator or resolver deleted it.
    private func lostParty(_ report: ReportRecord) -> Bool {
        purged.persons.contains(report.creatorId) || report.resolverId.map(purged.persons.contains) == true
    }
}
