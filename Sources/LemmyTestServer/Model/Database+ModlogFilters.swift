import LemmyAPI

/// What a modlog entry names besides its moderator, as ids: what GetModlog's `other_person_id`,
/// `post_id` and `comment_id` filters match, and what 1.0 renders as the entry's targets.
struct ModlogTargets: Sendable {
    var person: Int?
    var community: Int?
    var post: Int?
    var comment: Int?
    /// The instance of the admin, for 1.0's site-wide actions; the blocked or allowed instance,
    /// for its federation lists.
    var instance: Int?
}

extension Database {
    /// The targets of `entry` as `dialect` stores and joins them; nil where there is none, or
    /// where a filter on it leaves the entry out.
    ///
    /// - 0.18 and 0.19 (`db_views_moderator/src/*_view.rs`): a post's removal, lock or feature
    ///   names its creator, the post and its community; a comment's removal its creator, the
    ///   comment and its community (a post filter leaves it out); a community ban the banned
    ///   person and the community; a community's removal the community; the purges nothing.
    /// - 1.0 (`db_schema/src/impls/modlog.rs`, each kind's `ModlogInsertForm`, read back with left
    ///   joins in `db_views/modlog`): a feature names no person, a community's removal its top
    ///   moderator and the admin's instance, a comment's removal or purge its post and community.
    ///   Its foreign keys delete the entry with a purged post, comment or community
    ///   (``keepsModlogEntry10(_:)``).
    func modlogTargets(of entry: ModlogRecord, dialect: LemmyDialect) -> ModlogTargets {
        var targets = storedModlogTargets(of: entry, dialect: dialect)
        if let post = targets.post, purged.posts.contains(post) { targets.post = nil }
        if let comment = targets.comment, purged.comments.contains(comment) { targets.comment = nil }
        if let community = targets.community, purged.communities.contains(community) { targets.community = nil }
        return targets
    }

    /// Whether 1.0's modlog still holds `entry` after the purges: its table references every
    /// target `ON DELETE CASCADE` (`migrations/2026-03-08-202630-0000_add_modlog_foreign_keys`),
    /// and a purge deletes the post, comment or community row (a community's with its posts and
    /// comments); a purged person's row stays.
    func keepsModlogEntry10(_ entry: ModlogRecord) -> Bool {
        let targets = storedModlogTargets(of: entry, dialect: .v1_0)
        if let post = targets.post, purged.posts.contains(post) { return false }
        if let comment = targets.comment, purged.comments.contains(comment) { return false }
        if let community = targets.community, purged.communities.contains(community) { return false }
        return true
    }

    /// The targets `dialect` stores for `entry`, purged or not.
    private func storedModlogTargets(of entry: ModlogRecord, dialect: LemmyDialect) -> ModlogTargets {
        let v10 = dialect == .v1_0
        let adminsInstance = v10 ? person(entry.moderatorId)?.instanceId : nil
        var targets = ModlogTargets()
        switch entry.kind {
        case .removePost, .lockPost, .featurePost, .warnPost:
            guard let post = post(entry.targetId) else { break }
            targets.person = v10 && entry.kind == .featurePost ? nil : post.creatorId
            targets.post = post.id
            targets.community = post.communityId
            if entry.kind == .featurePost && entry.onInstance { targets.instance = adminsInstance }
        case .removeComment, .purgeComment, .lockComment, .warnComment:
            guard let comment = comment(entry.targetId), v10 || entry.kind == .removeComment else { break }
            targets.person = comment.creatorId
            targets.comment = entry.kind != .purgeComment ? comment.id : nil
            targets.community = post(comment.postId)?.communityId
            // 0.19's view of comment removals has no post to filter on.
            if v10 { targets.post = comment.postId }
        case .banFromCommunity, .addModerator, .transferCommunity:
            targets.person = entry.targetId
            targets.community = entry.communityId
        case .banFromSite, .addAdmin:
            targets.person = entry.targetId
            targets.instance = adminsInstance
        case .removeCommunity:
            targets.community = entry.targetId
            if v10 {
                targets.person = entry.ownerId
                targets.instance = adminsInstance
            }
        case .changeCommunityVisibility:
            targets.community = entry.targetId
        case .purgePost:
            if v10 { targets.community = post(entry.targetId)?.communityId }
        case .purgeCommunity, .purgePerson:
            break
        case .blockInstance, .allowInstance:
            targets.instance = entry.targetId
        }
        return targets
    }

    /// Whether `entry`, naming `targets`, passes GetModlog's person, post, comment and community
    /// filters. Up to 0.19 a purge has no community; 1.0 stores that of a purged post or comment.
    func modlogEntry(
        _ entry: ModlogRecord, naming targets: ModlogTargets, matches form: ApiGetModlog, dialect: LemmyDialect
    ) -> Bool {
        if let community = form.communityId, targets.community != community { return false }
        if let person = form.otherPersonId, targets.person != person { return false }
        if let post = form.postId, targets.post != post { return false }
        if let comment = form.commentId, targets.comment != comment { return false }
        // 0.18 and 0.19 list a community's removal, and the purges, only in the whole modlog.
        if dialect != .v1_0, form.communityId != nil, entry.kind == .removeCommunity { return false }
        return true
    }
}

extension ModlogRecord {
    /// The entry's kind as 1.0 names it (`ModlogKind`).
    var kind10: ApiModlogKind {
        switch kind {
        case .removePost: .modRemovePost
        case .removeComment: .modRemoveComment
        case .lockComment: .modLockComment
        case .warnPost: .modWarnPost
        case .warnComment: .modWarnComment
        case .lockPost: .modLockPost
        case .featurePost: onInstance ? .adminFeaturePostSite : .modFeaturePostCommunity
        case .banFromCommunity: .modBanFromCommunity
        case .banFromSite: .adminBan
        case .removeCommunity: .adminRemoveCommunity
        case .changeCommunityVisibility: .modChangeCommunityVisibility
        case .purgePost: .adminPurgePost
        case .purgeComment: .adminPurgeComment
        case .purgeCommunity: .adminPurgeCommunity
        case .purgePerson: .adminPurgePerson
        case .addModerator: .modAddToCommunity
        case .transferCommunity: .modTransferCommunity
        case .addAdmin: .adminAdd
        case .blockInstance: .adminBlockInstance
        case .allowInstance: .adminAllowInstance
        }
    }

    /// Whether 1.0 writes the entry as a revert. Lemmy main writes an appointment (of a moderator
    /// or an admin) the wrong way round: its handlers pass `!added` to a form that negates it
    /// again (`ModlogInsertForm::mod_add_to_community`, `admin_add`), so an appointment is
    /// `is_revert: true` and a dismissal `false`. Imitated, since a client reads what Lemmy sends.
    var isRevert10: Bool {
        switch kind {
        case .addModerator, .addAdmin: flag
        default: !flag
        }
    }

    /// The entry's kind as GetModlog's `type_` names it in `dialect`: 0.18's and 0.19's
    /// `ModlogActionType` (one table per kind), 1.0's `ModlogKind`.
    func kindName(_ dialect: LemmyDialect) -> String {
        // 1.0 alone writes a visibility change, a comment's lock and warnings.
        guard dialect != .v1_0, !kind.isOnly10 else { return kind10.wireValue(for: .v4) }
        let type: ApiModlogActionType =
            switch kind {
            case .removePost: .modRemovePost
            case .removeComment: .modRemoveComment
            case .lockPost: .modLockPost
            case .featurePost: .modFeaturePost
            case .banFromCommunity: .modBanFromCommunity
            case .banFromSite: .modBan
            // The kinds of 1.0 alone never get here (the guard above).
            case .removeCommunity, .changeCommunityVisibility, .lockComment, .warnPost, .warnComment, .blockInstance, .allowInstance:
                .modRemoveCommunity
            case .purgePost: .adminPurgePost
            case .purgeComment: .adminPurgeComment
            case .purgeCommunity: .adminPurgeCommunity
            case .purgePerson: .adminPurgePerson
            case .addModerator: .modAddCommunity
            case .transferCommunity: .modTransferCommunity
            case .addAdmin: .modAdd
            }
        return type.wireValue(for: .v3)
    }

    /// The kind GetModlog's `type_` asks for, nil for every kind (absent, `All`, `all`). A value
    /// that is not one of the version's spellings fails to deserialize, as Lemmy's form does.
    static func kindFilter(_ value: LemmyJSONValue?, dialect: LemmyDialect) throws -> String? {
        guard let value else { return nil }
        let known: [String] =
            dialect == .v1_0
            ? ["all"] + ApiModlogKind.knownCases.map { $0.wireValue(for: .v4) }
            : ApiModlogActionType.knownCases.compactMap { $0.wireValue(in: dialect.apiVersion) }
        let text = try APIError.variant(value, of: known)
        return text == "All" || text == "all" ? nil : text
    }
}
