import LemmyAPI

/// Reports (list, create, resolve), removing posts, and the modlog (every kind the server records).
extension APIRoutes {
    func addModerationRoutes() {
        addPurgeRoutes()
        addCommunityReportRoutes()
        add(LemmyV3.ListPostReports.self, auth: true) { db, call in
            let listing = ReportListing(
                kind: .post, unresolvedOnly: call.form.unresolvedOnly ?? false, communityId: call.form.communityId,
                postId: call.form.postId)
            let reports = try pageOfReports(db, call, listing, page: call.form.page, limit: call.form.limit)
            return ApiListPostReportsResponse(postReports: reports.map(call.renderer(db).postReportView))
        }
        add(LemmyV3.ListCommentReports.self, auth: true) { db, call in
            let listing = ReportListing(
                kind: .comment, unresolvedOnly: call.form.unresolvedOnly ?? false, communityId: call.form.communityId,
                commentId: call.form.commentId)
            let reports = try pageOfReports(db, call, listing, page: call.form.page, limit: call.form.limit)
            return ApiListCommentReportsResponse(commentReports: reports.map(call.renderer(db).commentReportView))
        }
        add(LemmyV3.GetReportCount.self, auth: true) { db, call in
            // Every open report, counted without a page (`PostReportView::get_report_count`).
            let viewer = try call.requireViewer()
            let open = try db.reports(
                ReportListing(unresolvedOnly: true, communityId: call.form.communityId), viewer: viewer, dialect: call.dialect,
                now: call.now)
            // Admins also get the open message reports, unless they asked about one community.
            let isAdmin = db.person(viewer)?.isAdmin == true
            let messageReports = db.privateMessageReports.filter { !$0.resolved && !db.isPurged(messageReport: $0) }.count
            return ApiGetReportCountResponse(
                communityId: call.form.communityId, commentReports: open.count { $0.kind == .comment },
                postReports: open.count { $0.kind == .post },
                privateMessageReports: !isAdmin || call.form.communityId != nil ? nil : messageReports)
        }
        add(LemmyV4.ListReports.self, auth: true) { db, call in
            // `type_` narrows the combined list. Message reports go to admins only (moderators get
            // none), and belong to no community; so do community reports, which belong to one.
            let viewer = try call.requireViewer()
            let form = call.form
            // A banned account's own reports are served; anything more asks for a moderator or
            // admin, whose check looks at the ban first (`report_combined/list.rs`).
            if form.myReportsOnly != true && db.isSiteBanned(viewer, now: call.now, dialect: call.dialect) {
                throw APIError.code("site_ban")
            }
            let listing = ReportListing(
                unresolvedOnly: form.unresolvedOnly ?? false, communityId: form.communityId, postId: form.postId,
                mineOnly: form.myReportsOnly ?? false, showCommunityRuleViolations: form.showCommunityRuleViolations ?? false,
                sort: form.sort)
            let all = try db.reports(listing, viewer: viewer, dialect: call.dialect, now: call.now)
            var reports: [ReportCombinedKey] = []
            switch form.type {
            case .posts: reports = all.filter { $0.kind == .post }.map { .content($0) }
            case .comments: reports = all.filter { $0.kind == .comment }.map { .content($0) }
            case .communities: reports = all.filter { $0.kind == .community }.map { .content($0) }
            case .privateMessages: break
            case .all, nil: reports = all.map { .content($0) }
            default: return ApiPagedResponse(items: [ApiReportCombinedView](), nextPage: nil, prevPage: nil)
            }
            if [.all, .privateMessages, nil].contains(form.type), form.communityId == nil, form.postId == nil,
                db.person(viewer)?.isAdmin == true
            {
                reports += db.privateMessageReports.filter { report in
                    (!listing.unresolvedOnly || !report.resolved) && (!listing.mineOnly || report.creatorId == viewer)
                        && !db.isPurged(messageReport: report)
                }.map { .message($0) }
            }
            // Content and message reports are numbered apart: the tiebreak keeps them apart too.
            // Paging lists the highest key first, so an oldest-first list negates the key.
            let sign = listing.oldestFirst(call.dialect) ? -1.0 : 1.0
            let keyed = reports.enumerated().map { index, report in
                (id: index, key: SortKey(featured: 0, primary: sign * report.record.published, tiebreak: Int(sign) * report.tiebreak))
            }
            let page = try Paging.page(
                keyed, page: nil, limit: try call.limit(form.limit), cursor: form.pageCursor, fullPages: call.dialect == .v1_0)
            let renderer = call.renderer(db)
            let items: [ApiReportCombinedView] = page.ids.map { index in
                switch reports[index] {
                case .content(let report):
                    switch report.kind {
                    case .post: .post(renderer.postReportView(report))
                    case .comment: .comment(renderer.commentReportView(report))
                    case .community: .community(renderer.communityReportView(report))
                    }
                case .message(let report): .privateMessage(renderer.privateMessageReportView(report))
                }
            }
            return ApiPagedResponse(items: items, nextPage: page.next, prevPage: page.previous)
        }
        add(LemmyV3.CreatePostReport.self, auth: true) { db, call in
            let id = try db.report(
                .post, targetId: call.form.postId, reason: call.form.reason, by: try call.requireViewer(), now: call.now,
                dialect: call.dialect)
            return ApiPostReportResponse(postReportView: call.renderer(db).postReportView(db.reports[id - 1]))
        }
        add(LemmyV4.CreatePostReport.self, auth: true) { db, call in
            let id = try db.report(
                .post, targetId: call.form.postId, reason: call.form.reason, by: try call.requireViewer(), now: call.now,
                dialect: call.dialect, violatesInstanceRules: call.form.violatesInstanceRules ?? false)
            return ApiPostReportResponse(postReportView: call.renderer(db).postReportView(db.reports[id - 1]))
        }
        add(LemmyV3.CreateCommentReport.self, auth: true) { db, call in
            let id = try db.report(
                .comment, targetId: call.form.commentId, reason: call.form.reason, by: try call.requireViewer(), now: call.now,
                dialect: call.dialect)
            return ApiCommentReportResponse(commentReportView: call.renderer(db).commentReportView(db.reports[id - 1]))
        }
        add(LemmyV4.CreateCommentReport.self, auth: true) { db, call in
            let id = try db.report(
                .comment, targetId: call.form.commentId, reason: call.form.reason, by: try call.requireViewer(), now: call.now,
                dialect: call.dialect, violatesInstanceRules: call.form.violatesInstanceRules ?? false)
            return ApiCommentReportResponse(commentReportView: call.renderer(db).commentReportView(db.reports[id - 1]))
        }
        add(LemmyV3.ResolvePostReport.self, auth: true) { db, call in
            let report = try resolveReport(&db, call, kind: .post, id: call.form.reportId, resolved: call.form.resolved)
            return ApiPostReportResponse(postReportView: call.renderer(db).postReportView(report))
        }
        add(LemmyV4.ResolvePostReport.self, auth: true) { db, call in
            let report = try resolveReport(&db, call, kind: .post, id: call.form.reportId, resolved: call.form.resolved)
            return ApiPostReportResponse(postReportView: call.renderer(db).postReportView(report))
        }
        add(LemmyV3.ResolveCommentReport.self, auth: true) { db, call in
            let report = try resolveReport(&db, call, kind: .comment, id: call.form.reportId, resolved: call.form.resolved)
            return ApiCommentReportResponse(commentReportView: call.renderer(db).commentReportView(report))
        }
        add(LemmyV4.ResolveCommentReport.self, auth: true) { db, call in
            let report = try resolveReport(&db, call, kind: .comment, id: call.form.reportId, resolved: call.form.resolved)
            return ApiCommentReportResponse(commentReportView: call.renderer(db).commentReportView(report))
        }
        add(LemmyV3.RemovePost.self, auth: true) { db, call in
            try db.removePost(
                call.form.postId, removed: call.form.removed, reason: call.form.reason, by: try call.requireViewer(), now: call.now,
                dialect: call.dialect)
            return ApiPostResponse(postView: call.renderer(db).postView(call.form.postId))
        }
        add(LemmyV4.RemovePost.self, auth: true) { db, call in
            try db.removePost(
                call.form.postId, removed: call.form.removed, removeChildren: call.form.removeChildren, reason: call.form.reason,
                by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return ApiPostResponse(postView: call.renderer(db).postView(call.form.postId))
        }
        add(LemmyV3.GetModlog.self) { db, call in
            let renderer = call.renderer(db)
            let limit = try call.limit(call.form.limit, page: call.form.page)
            // Offset paging of each kind's table on its own, as 0.18 and 0.19 query one table per
            // kind (`db_views_moderator/src/*_view.rs`): a page holds up to `limit` entries of every
            // kind. Past the end a page is empty (a suffix would repeat the last page forever).
            let showsNames = db.showsModlogNames(to: call.viewer, communityFilter: call.form.communityId, dialect: call.dialect)
            let offset = Paging.offset(page: call.form.page, limit: limit)
            let entries = Dictionary(
                grouping: try modlogEntries(db, call.form, viewer: call.viewer, dialect: call.dialect, showsNames: showsNames), by: \.kind
            ).values.flatMap { $0.dropFirst(offset).prefix(limit) }
            func moderator(_ entry: ModlogRecord) -> ApiPerson? { showsNames ? renderer.person(entry.moderatorId) : nil }
            let removedPosts = entries.filter { $0.kind == .removePost }.map {
                ApiModRemovePostView(
                    modRemovePost: ApiModRemovePost(
                        id: $0.id, modPersonId: $0.moderatorId, postId: $0.targetId,
                        reason: $0.reason, removed: $0.flag, when: renderer.date($0.when)),
                    moderator: moderator($0),
                    post: renderer.post($0.targetId), community: renderer.community(db.post($0.targetId)!.communityId))
            }
            let removedComments = entries.filter { $0.kind == .removeComment }.map { entry -> ApiModRemoveCommentView in
                let comment = db.comment(entry.targetId)!
                return ApiModRemoveCommentView(
                    modRemoveComment: ApiModRemoveComment(
                        id: entry.id, modPersonId: entry.moderatorId, commentId: entry.targetId,
                        reason: entry.reason, removed: entry.flag, when: renderer.date(entry.when)),
                    moderator: moderator(entry), comment: renderer.comment(entry.targetId),
                    commenter: renderer.person(comment.creatorId),
                    post: renderer.post(comment.postId), community: renderer.community(db.post(comment.postId)!.communityId))
            }
            let lockedPosts = entries.filter { $0.kind == .lockPost }.map { entry in
                ApiModLockPostView(
                    modLockPost: ApiModLockPost(
                        id: entry.id, modPersonId: entry.moderatorId, postId: entry.targetId,
                        locked: entry.flag, when: renderer.date(entry.when)),
                    moderator: moderator(entry), post: renderer.post(entry.targetId),
                    community: renderer.community(db.post(entry.targetId)!.communityId))
            }
            let featuredPosts = entries.filter { $0.kind == .featurePost }.map { entry in
                ApiModFeaturePostView(
                    modFeaturePost: ApiModFeaturePost(
                        id: entry.id, modPersonId: entry.moderatorId, postId: entry.targetId,
                        featured: entry.flag, when: renderer.date(entry.when),
                        isFeaturedCommunity: !entry.onInstance),
                    moderator: moderator(entry), post: renderer.post(entry.targetId),
                    community: renderer.community(db.post(entry.targetId)!.communityId))
            }
            let bans = entries.filter { $0.kind == .banFromCommunity }.map { entry in
                ApiModBanFromCommunityView(
                    modBanFromCommunity: ApiModBanFromCommunity(
                        id: entry.id, modPersonId: entry.moderatorId,
                        otherPersonId: entry.targetId,
                        communityId: entry.communityId ?? 0, reason: entry.reason,
                        banned: entry.flag, expires: renderer.date(entry.expires), when: renderer.date(entry.when)),
                    moderator: moderator(entry), community: renderer.community(entry.communityId ?? 1),
                    bannedPerson: renderer.person(entry.targetId))
            }
            let siteBans = entries.filter { $0.kind == .banFromSite }.map { entry in
                ApiModBanView(
                    modBan: ApiModBan(
                        id: entry.id, modPersonId: entry.moderatorId, otherPersonId: entry.targetId, reason: entry.reason,
                        banned: entry.flag, expires: renderer.date(entry.expires), when: renderer.date(entry.when)),
                    moderator: moderator(entry), bannedPerson: renderer.person(entry.targetId))
            }
            let removedCommunities = entries.filter { $0.kind == .removeCommunity }.map { entry in
                ApiModRemoveCommunityView(
                    modRemoveCommunity: ApiModRemoveCommunity(
                        id: entry.id, modPersonId: entry.moderatorId, communityId: entry.targetId, reason: entry.reason,
                        removed: entry.flag, when: renderer.date(entry.when)),
                    moderator: moderator(entry), community: renderer.community(entry.targetId))
            }
            // Purges have no community here: like Lemmy, a modlog filtered by community leaves them out.
            let purgedPersons = entries.filter { $0.kind == .purgePerson }.map { entry in
                ApiAdminPurgePersonView(
                    adminPurgePerson: ApiAdminPurgePerson(
                        id: entry.id, adminPersonId: entry.moderatorId, reason: entry.reason, when: renderer.date(entry.when)),
                    admin: moderator(entry))
            }
            let purgedCommunities = entries.filter { $0.kind == .purgeCommunity }.map { entry in
                ApiAdminPurgeCommunityView(
                    adminPurgeCommunity: ApiAdminPurgeCommunity(
                        id: entry.id, adminPersonId: entry.moderatorId, reason: entry.reason, when: renderer.date(entry.when)),
                    admin: moderator(entry))
            }
            let purgedPosts = entries.filter { $0.kind == .purgePost }.map { entry in
                let community = db.post(entry.targetId)!.communityId
                return ApiAdminPurgePostView(
                    adminPurgePost: ApiAdminPurgePost(
                        id: entry.id, adminPersonId: entry.moderatorId, communityId: community, reason: entry.reason,
                        when: renderer.date(entry.when)),
                    admin: moderator(entry), community: renderer.community(community))
            }
            let purgedComments = entries.filter { $0.kind == .purgeComment }.map { entry in
                let post = db.comment(entry.targetId)!.postId
                return ApiAdminPurgeCommentView(
                    adminPurgeComment: ApiAdminPurgeComment(
                        id: entry.id, adminPersonId: entry.moderatorId, postId: post, reason: entry.reason,
                        when: renderer.date(entry.when)),
                    admin: moderator(entry), post: renderer.post(post))
            }
            let addedToCommunity = entries.filter { $0.kind == .addModerator }.map { entry in
                ApiModAddCommunityView(
                    modAddCommunity: ApiModAddCommunity(
                        id: entry.id, modPersonId: entry.moderatorId, otherPersonId: entry.targetId,
                        communityId: entry.communityId ?? 0, removed: !entry.flag, when: renderer.date(entry.when)),
                    moderator: moderator(entry), community: renderer.community(entry.communityId ?? 1),
                    moddedPerson: renderer.person(entry.targetId))
            }
            let transfers = entries.filter { $0.kind == .transferCommunity }.map { entry in
                ApiModTransferCommunityView(
                    modTransferCommunity: ApiModTransferCommunity(
                        id: entry.id, modPersonId: entry.moderatorId, otherPersonId: entry.targetId,
                        communityId: entry.communityId ?? 0, when: renderer.date(entry.when)),
                    moderator: moderator(entry), community: renderer.community(entry.communityId ?? 1),
                    moddedPerson: renderer.person(entry.targetId))
            }
            let adminsAdded = entries.filter { $0.kind == .addAdmin }.map { entry in
                ApiModAddView(
                    modAdd: ApiModAdd(
                        id: entry.id, modPersonId: entry.moderatorId, otherPersonId: entry.targetId, removed: !entry.flag,
                        when: renderer.date(entry.when)),
                    moderator: moderator(entry), moddedPerson: renderer.person(entry.targetId))
            }
            return ApiGetModlogResponse(
                removedPosts: removedPosts, lockedPosts: lockedPosts, featuredPosts: featuredPosts,
                removedComments: removedComments,
                removedCommunities: removedCommunities, bannedFromCommunity: bans, banned: siteBans,
                addedToCommunity: addedToCommunity, transferredToCommunity: transfers, added: adminsAdded,
                adminPurgedPersons: purgedPersons,
                adminPurgedCommunities: purgedCommunities, adminPurgedPosts: purgedPosts,
                adminPurgedComments: purgedComments, hiddenCommunities: [])
        }
        add(LemmyV4.GetModlog.self) { db, call in
            let renderer = call.renderer(db)
            let showsNames = db.showsModlogNames(to: call.viewer, communityFilter: call.form.communityId, dialect: call.dialect)
            let entries = try modlogEntries(db, call.form, viewer: call.viewer, dialect: call.dialect, showsNames: showsNames)
            let keyed = entries.map { (id: $0.id, key: SortKey(featured: 0, primary: $0.when, tiebreak: $0.id)) }
            let page = try Paging.page(
                keyed, page: nil, limit: try call.limit(call.form.limit), cursor: call.form.pageCursor, fullPages: call.dialect == .v1_0)
            let items = page.ids.map { renderer.modlogView(db.modlog[$0 - 1], showsNames: showsNames) }
            return ApiPagedResponse(items: items, nextPage: page.next, prevPage: page.previous)
        }
    }
}

/// A report of 1.0's combined list: of a post, comment or community, or of a private message.
private enum ReportCombinedKey {
    case content(ReportRecord)
    case message(ReportRecord)

    var record: ReportRecord {
        switch self {
        case .content(let report), .message(let report): report
        }
    }

    /// Unique across both kinds: message report ids count down from the bottom.
    var tiebreak: Int {
        switch self {
        case .content(let report): report.id
        case .message(let report): -report.id
        }
    }
}

/// One page (by number: 0.18, 0.19) of the reports `listing` shows the caller.
private func pageOfReports<F>(_ db: Database, _ call: Call<F>, _ listing: ReportListing, page: Int?, limit: Int?) throws
    -> ArraySlice<ReportRecord>
{
    let reports = try db.reports(listing, viewer: try call.requireViewer(), dialect: call.dialect, now: call.now)
    let limit = try call.limit(limit, page: page)
    return Paging.numbered(reports, page: page, limit: limit)
}

private func resolveReport<F>(_ db: inout Database, _ call: Call<F>, kind: ReportRecord.Kind, id: Int, resolved: Bool) throws
    -> ReportRecord
{
    let viewer = try call.requireViewer()
    // Lemmy keeps post and comment reports in separate tables: a post report's id names no comment report.
    // A purge that took the report's post, comment, creator or resolver (0.18) took the report.
    guard id >= 1, id <= db.reports.count, db.reports[id - 1].kind == kind, !db.isPurged(db.reports[id - 1]) else {
        throw APIError.notFound(kind == .post ? "post_report" : "comment_report", in: call.dialect)
    }
    guard let community = db.communityId(of: db.reports[id - 1]), db.isModOrAdmin(viewer, of: community) else {
        throw APIError.code("not_a_mod_or_admin")
    }
    db.reports[id - 1].resolved = resolved
    db.reports[id - 1].resolverId = resolved ? viewer : nil
    db.reports[id - 1].updated = call.now
    return db.reports[id - 1]
}

/// The entries a GetModlog lists, newest first: those still there after purges (0.18, 0.19), of
/// the kind asked for, by the moderator asked for if names are shown, of the community asked for
/// (1.0 stores one for purged posts and comments too).
private func modlogEntries(
    _ db: Database, _ form: ApiGetModlog, viewer: Int?, dialect: LemmyDialect, showsNames: Bool
) throws -> [ModlogRecord] {
    let kind = try ModlogRecord.kindFilter(form.type, dialect: dialect)
    return db.modlog.filter { entry in
        if let kind, entry.kindName(dialect) != kind { return false }
        if dialect == .v1_0 ? !db.keepsModlogEntry10(entry) : !db.keepsModlogEntry(entry) { return false }
        if showsNames, let mod = form.modPersonId, entry.moderatorId != mod { return false }
        let targets = db.modlogTargets(of: entry, dialect: dialect)
        if !db.modlogEntry(entry, naming: targets, matches: form, dialect: dialect) { return false }
        // 1.0 shows someone who is no admin nothing of a private community they do not follow.
        if dialect == .v1_0, let community = targets.community, !db.seesModlog(of: community, viewer: viewer) { return false }
        // 1.0's `listing_type` reads the entry's community: an entry without one is only in All.
        if dialect == .v1_0, let listing = form.listingType, listing != .all {
            guard let community = targets.community else { return false }
            let scope = db.listingScope(listing, communityId: nil, viewer: viewer, dialect: dialect)
            if !db.isInScope(scope, communityId: community, viewer: viewer) { return false }
        }
        return true
    }.sorted { $0.when > $1.when }
}
