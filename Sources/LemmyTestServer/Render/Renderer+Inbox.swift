import LemmyAPI

extension Renderer {
    /// The comment of a reply, mention or report with its text: those views select
    /// `comment::all_columns` and never blank a deleted or removed comment (comment views do).
    private func inboxCommentView(_ id: Int) -> ApiCommentView {
        var view = commentView(id)
        view.comment = comment(id)
        return view
    }

    func replyView(_ entry: InboxRecord) -> ApiCommentReplyView {
        let cv = inboxCommentView(entry.commentId!)
        return ApiCommentReplyView(
            commentReply: ApiCommentReply(
                id: entry.id, recipientId: entry.recipientId, commentId: entry.commentId!,
                read: entry.read, published: date(entry.published)),
            comment: cv.comment, creator: cv.creator, post: cv.post, community: cv.community,
            recipient: person(entry.recipientId), counts: commentAggregates(entry.commentId!),
            creatorBannedFromCommunity: false, bannedFromCommunity: v018 ? nil : false,
            creatorIsModerator: v018 ? nil : cv.creatorIsModerator, creatorIsAdmin: v018 ? nil : cv.creatorIsAdmin,
            subscribed: cv.subscribed ?? .notSubscribed, saved: cv.saved ?? false, creatorBlocked: cv.creatorBlocked ?? false,
            myVote: cv.myVote)
    }

    func mentionView(_ entry: InboxRecord) -> ApiPersonMentionView {
        let cv = inboxCommentView(entry.commentId!)
        return ApiPersonMentionView(
            personMention: ApiPersonMention(
                id: entry.id, recipientId: entry.recipientId, commentId: entry.commentId!,
                read: entry.read, published: date(entry.published)),
            comment: cv.comment, creator: cv.creator, post: cv.post, community: cv.community,
            recipient: person(entry.recipientId), counts: commentAggregates(entry.commentId!),
            creatorBannedFromCommunity: false, bannedFromCommunity: v018 ? nil : false,
            creatorIsModerator: v018 ? nil : cv.creatorIsModerator, creatorIsAdmin: v018 ? nil : cv.creatorIsAdmin,
            subscribed: cv.subscribed ?? .notSubscribed, saved: cv.saved ?? false, creatorBlocked: cv.creatorBlocked ?? false,
            myVote: cv.myVote)
    }

    func privateMessageView(_ id: Int) -> ApiPrivateMessageView {
        let m = db.privateMessage(id)!
        let read = m.inboxId >= 1 && m.inboxId <= db.inbox.count ? db.inbox[m.inboxId - 1].read : false
        var message = ApiPrivateMessage(
            id: m.id, creatorId: m.creatorId, recipientId: m.recipientId, content: m.content,
            deleted: m.deleted, publishedAt: date(m.published), updatedAt: date(m.updated),
            apId: "\(base)/private_message/\(m.id)", local: true)
        if v10 {
            message.removed = m.removed
            message.deletedByRecipient = m.deletedByRecipient
        } else {
            message.read = read
        }
        return ApiPrivateMessageView(privateMessage: message, creator: person(m.creatorId), recipient: person(m.recipientId))
    }

    /// A 1.0 notification for an inbox entry. Its `creator_id` is 0 for anyone but an admin:
    /// Lemmy hides modlog names from them and zeroes it on every notification (`map_to_enum` in
    /// `db_views/notification/src/impls.rs`).
    func notificationView(_ entry: InboxRecord) -> ApiNotificationView {
        let kind: ApiNotificationType
        let data: ApiNotificationData
        var creator = viewer ?? 0
        switch entry.kind {
        case .reply, .mention, .subscribed:
            switch entry.kind {
            case .reply: kind = .reply
            case .mention: kind = .mention
            default: kind = .subscribed
            }
            if let postId = entry.postId {
                let view = postView(postId)
                creator = view.creator.id
                data = .post(view)
            } else {
                let view = commentView(entry.commentId!)
                creator = view.creator.id
                data = .comment(view)
            }
        case .privateMessage:
            kind = .privateMessage
            let view = privateMessageView(entry.privateMessageId!)
            creator = view.creator.id
            data = .privateMessage(view)
        case .modAction:
            kind = .modAction
            let record = db.modlog[entry.modlogId! - 1]
            creator = record.moderatorId
            // Lemmy hides the moderator's name from anyone but an admin (`hide_modlog_names`).
            data = .modAction(modlogView(record, showsNames: db.isAdmin(viewer)))
        }
        let postId = entry.postId ?? entry.commentId.flatMap { db.comment($0)?.postId }
        return ApiNotificationView(
            notification: ApiNotification(
                id: entry.id, recipientId: entry.recipientId, commentId: entry.commentId,
                read: entry.read, publishedAt: date(entry.published), kind: kind, postId: postId,
                privateMessageId: entry.privateMessageId, modlogId: entry.modlogId, creatorId: db.isAdmin(viewer) ? creator : 0),
            data: data)
    }

    func postReportView(_ report: ReportRecord) -> ApiPostReportView {
        let p = db.post(report.targetId)!
        let pv = postView(p.id)
        var view = ApiPostReportView(
            postReport: ApiPostReport(
                id: report.id, creatorId: report.creatorId, postId: p.id, originalPostName: report.originalText,
                originalPostUrl: p.url, originalPostBody: p.body, reason: report.reason,
                resolved: report.resolved, resolverId: report.resolverId,
                publishedAt: date(report.published), updatedAt: date(report.updated),
                violatesInstanceRules: v10 ? report.violatesInstanceRules : nil),
            post: post(p.id), community: pv.community, creator: person(report.creatorId), postCreator: pv.creator,
            resolver: report.resolverId.map(person), creatorBannedFromCommunity: false)
        view.creatorIsAdmin = pv.creatorIsAdmin ?? isAdmin(p.creatorId)
        view.creatorIsModerator = pv.creatorIsModerator ?? db.isModerator(p.creatorId, of: p.communityId)
        if v10 {
            view.postActions = pv.postActions
            // The viewer's actions about the post's creator (`report_combined_sql` joins them).
            view.personActions = pv.personActions
            view.communityActions = pv.communityActions
            view.creatorBanned = pv.creatorBanned
            view.tags = pv.tags ?? []
        } else {
            view.counts = pv.counts
            view.myVote = pv.myVote
            if dialect == .v0_19 {
                view.subscribed = pv.subscribed
                view.saved = pv.saved
                view.read = pv.read
                view.hidden = pv.hidden
                view.creatorBlocked = pv.creatorBlocked
                view.unreadComments = pv.unreadComments
            }
        }
        return view
    }

    func commentReportView(_ report: ReportRecord) -> ApiCommentReportView {
        let cv = inboxCommentView(report.targetId)
        var view = ApiCommentReportView(
            commentReport: ApiCommentReport(
                id: report.id, creatorId: report.creatorId, commentId: report.targetId,
                originalCommentText: report.originalText, reason: report.reason,
                resolved: report.resolved, resolverId: report.resolverId,
                publishedAt: date(report.published), updatedAt: date(report.updated),
                violatesInstanceRules: v10 ? report.violatesInstanceRules : nil),
            comment: cv.comment, post: cv.post, community: cv.community, creator: person(report.creatorId),
            commentCreator: cv.creator, resolver: report.resolverId.map(person), creatorBannedFromCommunity: false)
        view.creatorIsAdmin = cv.creatorIsAdmin ?? isAdmin(cv.comment.creatorId)
        view.creatorIsModerator = cv.creatorIsModerator ?? db.isModerator(cv.comment.creatorId, of: cv.community.id)
        if v10 {
            view.commentActions = cv.commentActions
            view.personActions = cv.personActions
            view.communityActions = cv.communityActions
            view.creatorBanned = cv.creatorBanned
            view.tags = cv.tags ?? []
        } else {
            view.counts = cv.counts
            view.myVote = cv.myVote
            if dialect == .v0_19 {
                view.subscribed = cv.subscribed
                view.saved = cv.saved
                view.creatorBlocked = cv.creatorBlocked
            }
        }
        return view
    }
}
