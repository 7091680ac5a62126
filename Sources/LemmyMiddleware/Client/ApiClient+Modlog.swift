internal import LemmyAPI

/// The modlog.
extension ApiClient {
    /// A page of moderator actions, newest first, of one community or the whole instance, of one
    /// kind of action or all.
    ///
    /// On 0.18 and 0.19 removed posts and comments, locked and pinned posts, community and site
    /// bans, removed communities, moderator and admin appointments, transfers and admin purges
    /// are listed; other actions (hidden communities) are left out (but still count towards the
    /// page, so paging stays right). There each kind is its own table, paged on
    /// its own: a page holds up to `limit` actions of every kind, and an action on page 2 may be
    /// newer than one of another kind on page 1. To read them in order, page one `action` at a
    /// time, as ``ModlogFeed`` does.
    /// A purge names what is left of its target: a purged post's community, a purged comment's post.
    ///
    /// - Parameters:
    ///   - communityId: one community's actions, or nil for the whole instance.
    ///   - action: one kind of action, or nil for all. 1.0 names a pin on the instance and in a
    ///     community apart, so there `.featurePost` is not sent as a filter: the page is filtered
    ///     here, and may hold fewer than `limit` actions, even none, with a next page. `.other`
    ///     takes Lemmy's name of the kind (`ModHideCommunity`; 1.0 `admin_block_instance`); on 0.18 and
    ///     0.19 those kinds are not turned into entries, so it lists nothing, as it does for the kinds
    ///     1.0 alone records (`.lockComment`, `.warnPost`, `.warnComment`).
    ///   - limit: the page size.
    ///   - cursor: where the page starts (``ContentPage/next`` of the previous page).
    public func getModlog(
        communityId: Int? = nil, action: ModlogAction? = nil, limit: Int = 20, cursor: PageCursor?
    ) async throws(ApiClientError) -> ContentPage<ModlogEntry> {
        // Explicit per generation: different responses: 1.0 one cursor-paged list, 0.18/0.19 one list per action.
        if try await generation() == .v4 {
            var form = ApiGetModlog(communityId: communityId, limit: limit)
            form.type = action.flatMap(\.kind10).map(LemmyJSONValue.string)
            let response = try await send(LemmyV4.GetModlog(form).moved(to: cursor?.opaque), mutation: false)
            let entries = response.items.map(modlogEntry).filter { action != .featurePost || $0.action == .featurePost }
            return ContentPage(items: entries, next: .opaque(response.nextPage))
        }
        var form = ApiGetModlog(communityId: communityId, limit: limit)
        if let action {
            // A kind 0.18 and 0.19 have no table for lists nothing there.
            guard let type = action.actionType3 else { return ContentPage(items: [], next: nil) }
            form.type = .string(type)
        }
        form.page = cursor?.pageNumber
        let response = try await send(LemmyV3.GetModlog(form), mutation: false)
        var entries = response.removedPosts.map { view in
            ModlogEntry(
                id: view.modRemovePost.id, action: .removePost, date: view.modRemovePost.when.date,
                reason: escapedText.unescape(view.modRemovePost.reason), isRevert: !view.modRemovePost.removed,
                moderator: view.moderator.map { person1($0) }, targetPerson: nil,
                community: community1(view.community), post: post1(view.post), comment: nil)
        }
        entries += response.removedComments.map { view in
            ModlogEntry(
                id: view.modRemoveComment.id, action: .removeComment, date: view.modRemoveComment.when.date,
                reason: escapedText.unescape(view.modRemoveComment.reason), isRevert: !view.modRemoveComment.removed,
                moderator: view.moderator.map { person1($0) }, targetPerson: person1(view.commenter),
                community: community1(view.community), post: post1(view.post), comment: comment1(view.comment))
        }
        entries += response.lockedPosts.map { view in
            ModlogEntry(
                id: view.modLockPost.id, action: .lockPost, date: view.modLockPost.when.date, reason: nil,
                isRevert: !view.modLockPost.locked, moderator: view.moderator.map { person1($0) }, targetPerson: nil,
                community: community1(view.community), post: post1(view.post), comment: nil)
        }
        entries += response.featuredPosts.map { view in
            ModlogEntry(
                id: view.modFeaturePost.id, action: .featurePost, date: view.modFeaturePost.when.date, reason: nil,
                isRevert: !view.modFeaturePost.featured, moderator: view.moderator.map { person1($0) }, targetPerson: nil,
                community: community1(view.community), post: post1(view.post), comment: nil)
        }
        entries += response.bannedFromCommunity.map { view in
            ModlogEntry(
                id: view.modBanFromCommunity.id, action: .banFromCommunity, date: view.modBanFromCommunity.when.date,
                reason: escapedText.unescape(view.modBanFromCommunity.reason), isRevert: !view.modBanFromCommunity.banned,
                moderator: view.moderator.map { person1($0) }, targetPerson: person1(view.bannedPerson),
                community: community1(view.community), post: nil, comment: nil, expires: view.modBanFromCommunity.expires?.date)
        }
        entries += response.removedCommunities.map { view in
            ModlogEntry(
                id: view.modRemoveCommunity.id, action: .removeCommunity, date: view.modRemoveCommunity.when.date,
                reason: escapedText.unescape(view.modRemoveCommunity.reason), isRevert: !view.modRemoveCommunity.removed,
                moderator: view.moderator.map { person1($0) }, targetPerson: nil,
                community: community1(view.community), post: nil, comment: nil)
        }
        entries += response.adminPurgedPosts.map { view in
            ModlogEntry(
                id: view.adminPurgePost.id, action: .purgePost, date: view.adminPurgePost.when.date,
                reason: escapedText.unescape(view.adminPurgePost.reason), isRevert: false, moderator: view.admin.map { person1($0) },
                targetPerson: nil,
                community: community1(view.community), post: nil, comment: nil)
        }
        entries += response.adminPurgedComments.map { view in
            ModlogEntry(
                id: view.adminPurgeComment.id, action: .purgeComment, date: view.adminPurgeComment.when.date,
                reason: escapedText.unescape(view.adminPurgeComment.reason), isRevert: false, moderator: view.admin.map { person1($0) },
                targetPerson: nil,
                community: nil, post: post1(view.post), comment: nil)
        }
        entries += response.adminPurgedCommunities.map { view in
            ModlogEntry(
                id: view.adminPurgeCommunity.id, action: .purgeCommunity, date: view.adminPurgeCommunity.when.date,
                reason: escapedText.unescape(view.adminPurgeCommunity.reason), isRevert: false, moderator: view.admin.map { person1($0) },
                targetPerson: nil, community: nil, post: nil, comment: nil)
        }
        entries += response.adminPurgedPersons.map { view in
            ModlogEntry(
                id: view.adminPurgePerson.id, action: .purgePerson, date: view.adminPurgePerson.when.date,
                reason: escapedText.unescape(view.adminPurgePerson.reason), isRevert: false, moderator: view.admin.map { person1($0) },
                targetPerson: nil, community: nil, post: nil, comment: nil)
        }
        entries += response.banned.map { view in
            ModlogEntry(
                id: view.modBan.id, action: .banFromSite, date: view.modBan.when.date,
                reason: escapedText.unescape(view.modBan.reason), isRevert: !view.modBan.banned,
                moderator: view.moderator.map { person1($0) }, targetPerson: person1(view.bannedPerson),
                community: nil, post: nil, comment: nil, expires: view.modBan.expires?.date)
        }
        entries += response.addedToCommunity.map { view in
            ModlogEntry(
                id: view.modAddCommunity.id, action: .addModerator, date: view.modAddCommunity.when.date, reason: nil,
                isRevert: view.modAddCommunity.removed, moderator: view.moderator.map { person1($0) },
                targetPerson: person1(view.moddedPerson), community: community1(view.community), post: nil, comment: nil)
        }
        entries += response.transferredToCommunity.map { view in
            ModlogEntry(
                id: view.modTransferCommunity.id, action: .transferCommunity, date: view.modTransferCommunity.when.date,
                reason: nil, isRevert: false, moderator: view.moderator.map { person1($0) },
                targetPerson: person1(view.moddedPerson), community: community1(view.community), post: nil, comment: nil)
        }
        entries += response.added.map { view in
            ModlogEntry(
                id: view.modAdd.id, action: .addAdmin, date: view.modAdd.when.date, reason: nil, isRevert: view.modAdd.removed,
                moderator: view.moderator.map { person1($0) }, targetPerson: person1(view.moddedPerson), community: nil, post: nil,
                comment: nil)
        }
        // Whether another page follows depends on every action in the answer, mapped or not.
        let counts: [Int] = [
            response.removedPosts.count, response.lockedPosts.count, response.featuredPosts.count,
            response.removedComments.count, response.removedCommunities.count, response.bannedFromCommunity.count,
            response.banned.count, response.addedToCommunity.count, response.transferredToCommunity.count,
            response.added.count, response.adminPurgedPersons.count, response.adminPurgedCommunities.count,
            response.adminPurgedPosts.count, response.adminPurgedComments.count, response.hiddenCommunities.count,
        ]
        let count = counts.reduce(0, +)
        entries.sort { $0.date > $1.date }
        return ContentPage(items: entries, next: .nextPage(after: cursor, count: count, limit: limit))
    }

    /// The entry `view` records, its people, community, post and comment merged into live models.
    func modlogEntry(_ view: ApiModlogView) -> ModlogEntry {
        let action: ModlogAction =
            switch view.modlog.kind {
            case .modRemovePost: .removePost
            case .modRemoveComment: .removeComment
            case .modLockPost: .lockPost
            case .modFeaturePostCommunity, .adminFeaturePostSite: .featurePost
            case .modBanFromCommunity: .banFromCommunity
            case .adminRemoveCommunity: .removeCommunity
            case .adminPurgePost: .purgePost
            case .adminPurgeComment: .purgeComment
            case .adminPurgeCommunity: .purgeCommunity
            case .adminPurgePerson: .purgePerson
            case .adminBan: .banFromSite
            case .modAddToCommunity: .addModerator
            case .modTransferCommunity: .transferCommunity
            case .adminAdd: .addAdmin
            case .modLockComment: .lockComment
            case .modWarnPost: .warnPost
            case .modWarnComment: .warnComment
            default: .other(view.modlog.kind.wireValue(for: .v4))
            }
        // Lemmy 1.0 writes appointments the wrong way round: its handlers pass `!added` to a form
        // that negates it again (`ModlogInsertForm::mod_add_to_community`, `admin_add`), so an
        // appointment says `is_revert: true`. Read as meant; a Lemmy that fixes it needs a version gate here.
        let writesAppointmentsInverted = action == .addModerator || action == .addAdmin
        return ModlogEntry(
            id: view.modlog.id, action: action, date: view.modlog.publishedAt.date, reason: escapedText.unescape(view.modlog.reason),
            isRevert: view.modlog.isRevert != writesAppointmentsInverted, moderator: view.moderator.map { person1($0) },
            targetPerson: view.targetPerson.map { person1($0) }, community: view.targetCommunity.map { community1($0) },
            post: view.targetPost.map { post1($0) }, comment: view.targetComment.map { comment1($0) },
            expires: view.modlog.expiresAt?.date)
    }
}

extension LemmyV4.GetModlog {
    /// The request at `cursor` (nil: the first page).
    func moved(to cursor: String?) -> Self {
        var copy = self
        copy.form.pageCursor = cursor
        return copy
    }
}

extension ModlogAction {
    /// The 0.18/0.19 `ModlogActionType` of the action's table; nil for the kinds only 1.0
    /// records, and for ``other(_:)``, whose kinds 0.18 and 0.19 do not turn into entries.
    var actionType3: String? {
        let type: ApiModlogActionType? =
            switch self {
            case .removePost: .modRemovePost
            case .removeComment: .modRemoveComment
            case .lockPost: .modLockPost
            case .featurePost: .modFeaturePost
            case .banFromCommunity: .modBanFromCommunity
            case .removeCommunity: .modRemoveCommunity
            case .purgePost: .adminPurgePost
            case .purgeComment: .adminPurgeComment
            case .purgeCommunity: .adminPurgeCommunity
            case .purgePerson: .adminPurgePerson
            case .banFromSite: .modBan
            case .addModerator: .modAddCommunity
            case .transferCommunity: .modTransferCommunity
            case .addAdmin: .modAdd
            case .lockComment, .warnPost, .warnComment, .other: nil
            }
        return type?.wireValue(for: .v3)
    }

    /// The 1.0 `ModlogKind`, or nil for a pin (two kinds: on the instance, in a community).
    var kind10: String? {
        let kind: ApiModlogKind? =
            switch self {
            case .removePost: .modRemovePost
            case .removeComment: .modRemoveComment
            case .lockPost: .modLockPost
            case .featurePost: nil
            case .banFromCommunity: .modBanFromCommunity
            case .removeCommunity: .adminRemoveCommunity
            case .purgePost: .adminPurgePost
            case .purgeComment: .adminPurgeComment
            case .purgeCommunity: .adminPurgeCommunity
            case .purgePerson: .adminPurgePerson
            case .banFromSite: .adminBan
            case .addModerator: .modAddToCommunity
            case .transferCommunity: .modTransferCommunity
            case .addAdmin: .adminAdd
            case .lockComment: .modLockComment
            case .warnPost: .modWarnPost
            case .warnComment: .modWarnComment
            case .other(let name): .unknown(name)
            }
        return kind?.wireValue(for: .v4)
    }

    /// Whether 0.18 and 0.19 list the action only in the whole modlog, never in a community's
    /// (`crates/api/src/site/mod_log.rs`).
    var isListedInWholeModlogOnly3: Bool {
        switch self {
        case .removeCommunity, .purgePost, .purgeComment, .purgeCommunity, .purgePerson, .banFromSite, .addAdmin: true
        default: false
        }
    }

    /// The actions a modlog read turns into entries (see ``ApiClient/getModlog(communityId:action:limit:cursor:)``).
    static let listed: [ModlogAction] = [
        .removePost, .removeComment, .lockPost, .featurePost, .banFromCommunity, .removeCommunity, .purgePost, .purgeComment,
        .purgeCommunity, .purgePerson, .banFromSite, .addModerator, .transferCommunity, .addAdmin,
    ]
}
