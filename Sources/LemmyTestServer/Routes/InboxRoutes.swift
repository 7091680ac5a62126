import LemmyAPI

/// Replies, mentions, private messages, unread counts (0.18/0.19) and notifications (1.0).
extension APIRoutes {
    func addInboxRoutes() {
        add(LemmyV3.GetUnreadCount.self, auth: true) { db, call in
            let counts = db.unreadCounts(for: try call.requireViewer(), dialect: call.dialect)
            return ApiGetUnreadCountResponse(replies: counts.replies, mentions: counts.mentions, privateMessages: counts.messages)
        }
        add(LemmyV3.GetReplies.self, auth: true) { db, call in
            let entries = try inboxPage(
                db, call, kind: .reply, unreadOnly: call.form.unreadOnly ?? false,
                page: call.form.page, limit: call.form.limit, sort: call.form.sort)
            return ApiGetRepliesResponse(replies: entries.map(call.renderer(db).replyView))
        }
        add(LemmyV3.GetPersonMentions.self, auth: true) { db, call in
            let entries = try inboxPage(
                db, call, kind: .mention, unreadOnly: call.form.unreadOnly ?? false,
                page: call.form.page, limit: call.form.limit, sort: call.form.sort)
            return ApiGetPersonMentionsResponse(mentions: entries.map(call.renderer(db).mentionView))
        }
        add(LemmyV3.GetPrivateMessages.self, auth: true) { db, call in
            let viewer = try call.requireViewer()
            let limit = try call.limit(call.form.limit, page: call.form.page)
            var messages = db.privateMessages.filter {
                ($0.recipientId == viewer || $0.creatorId == viewer) && !$0.deleted && !$0.removed && !db.isPurged($0)
            }
            // 0.19 leaves out messages whose recipient blocks their creator or the creator's
            // instance, in either person's list (`private_message_view.rs`, 0.19.13).
            if call.dialect == .v0_19 {
                messages.removeAll { message in
                    guard let blocks = db.users[message.recipientId] else { return false }
                    let instance = db.person(message.creatorId)?.instanceId ?? 0
                    return blocks.blockedPersons[message.creatorId] != nil || blocks.blockedInstances[instance] != nil
                }
            }
            // 0.19's `creator_id` is the other person of a conversation: every message between the two
            // (to the viewer only, when unread only).
            if let other = call.form.creatorId {
                messages = messages.filter { $0.creatorId == other || (call.form.unreadOnly != true && $0.recipientId == other) }
            }
            if call.form.unreadOnly == true {
                let unread = Set(
                    (db.inboxByRecipient[viewer] ?? []).map { db.inbox[$0 - 1] }.filter { $0.kind == .privateMessage && !$0.read }
                        .compactMap(\.privateMessageId))
                messages = messages.filter { unread.contains($0.id) }
            }
            messages.sort { $0.published > $1.published }
            let page = Paging.numbered(messages, page: call.form.page, limit: limit)
            return ApiPrivateMessagesResponse(
                privateMessages: page.map { message in
                    var view = call.renderer(db).privateMessageView(message.id)
                    // 0.18 shows its own messages to the sender as read (`read.rs`: the column is
                    // the recipient's).
                    if call.dialect == .v0_18 && message.creatorId == viewer { view.privateMessage.read = true }
                    return view
                })
        }
        add(LemmyV3.MarkCommentReplyAsRead.self, auth: true) { db, call in
            try db.markInbox(
                call.form.commentReplyId, kind: .reply, read: call.form.read, by: try call.requireViewer(), dialect: call.dialect)
            return ApiCommentReplyResponse(commentReplyView: call.renderer(db).replyView(db.inbox[call.form.commentReplyId - 1]))
        }
        add(LemmyV3.MarkPersonMentionAsRead.self, auth: true) { db, call in
            try db.markInbox(
                call.form.personMentionId, kind: .mention, read: call.form.read, by: try call.requireViewer(), dialect: call.dialect)
            return ApiPersonMentionResponse(personMentionView: call.renderer(db).mentionView(db.inbox[call.form.personMentionId - 1]))
        }
        add(LemmyV3.MarkPrivateMessageAsRead.self, auth: true) { db, call in
            let viewer = try call.requireViewer()
            guard let message = db.privateMessage(call.form.privateMessageId) else {
                throw APIError.notFound("private_message", in: call.dialect)
            }
            try db.markInbox(message.inboxId, kind: .privateMessage, read: call.form.read, by: viewer, dialect: call.dialect)
            return ApiPrivateMessageResponse(privateMessageView: call.renderer(db).privateMessageView(call.form.privateMessageId))
        }
        add(LemmyV3.MarkAllAsRead.self, auth: true) { db, call in
            db.markAllInboxRead(by: try call.requireViewer())
            return ApiGetRepliesResponse(replies: [])
        }
        add(LemmyV3.CreatePrivateMessage.self, auth: true) { db, call in
            let id = try sendMessage(&db, call, to: call.form.recipientId, content: call.form.content)
            return ApiPrivateMessageResponse(privateMessageView: call.renderer(db).privateMessageView(id))
        }
        add(LemmyV4.CreatePrivateMessage.self, auth: true) { db, call in
            let id = try sendMessage(&db, call, to: call.form.recipientId, content: call.form.content)
            return ApiPrivateMessageResponse(privateMessageView: call.renderer(db).privateMessageView(id))
        }
        addPrivateMessageEditRoutes()

        // 1.0
        add(LemmyV4.GetUnreadCounts.self, auth: true) { db, call in
            let viewer = try call.requireViewer()
            // Counted with the list's filters (`get_unread_count`): deleted, blocked, bots.
            let unread = db.notifications(for: viewer, type: nil, unreadOnly: true, creatorId: nil).count
            // Moderators and admins get the open reports of their queue (an admin's includes the
            // message reports) and the follow requests to the private communities they moderate;
            // others no report or pending-follow count at all (`unread_counts.rs`), and neither
            // does a banned account: the checks (`check_community_mod_of_any_or_admin_action`,
            // `is_admin`) look at the ban first.
            let banned = db.isSiteBanned(viewer, now: call.now, dialect: call.dialect)
            let isAdmin = !banned && (db.person(viewer)?.isAdmin ?? false)
            let isModerator = !banned && db.communities.contains { $0.moderators.contains(viewer) }
            var reportCount: Int?
            if isAdmin || isModerator {
                let open = try db.reports(ReportListing(unresolvedOnly: true), viewer: viewer, dialect: call.dialect, now: call.now)
                reportCount =
                    open.count + (isAdmin ? db.privateMessageReports.count { !$0.resolved && !db.isPurged(messageReport: $0) } : 0)
            }
            return ApiUnreadCountsResponse(
                notificationCount: unread,
                reportCount: reportCount, pendingFollowCount: reportCount == nil ? nil : db.pendingFollowCount(for: viewer),
                registrationApplicationCount: isAdmin ? db.listedRegistrationApplications(unreadOnly: true).count : nil)
        }
        add(LemmyV4.ListNotifications.self, auth: true) { db, call in
            let viewer = try call.requireViewer()
            let limit = try call.limit(call.form.limit)
            let entries = try db.notifications(
                for: viewer, type: notificationFilter(call.form.type), unreadOnly: call.form.unreadOnly ?? false,
                creatorId: call.form.creatorId)
            let keyed = entries.map { (id: $0.id, key: SortKey(featured: 0, primary: $0.published, tiebreak: $0.id)) }
            let page = try Paging.page(keyed, page: nil, limit: limit, cursor: call.form.pageCursor, fullPages: call.dialect == .v1_0)
            let renderer = call.renderer(db)
            return ApiPagedResponse(
                items: page.ids.map { renderer.notificationView(db.inbox[$0 - 1]) },
                nextPage: page.next, prevPage: page.previous)
        }
        add(LemmyV4.MarkNotificationAsRead.self, auth: true) { db, call in
            try db.markInbox(call.form.notificationId, kind: nil, read: call.form.read, by: try call.requireViewer(), dialect: call.dialect)
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV4.MarkAllNotificationsAsRead.self, auth: true) { db, call in
            db.markAllInboxRead(by: try call.requireViewer())
            return ApiSuccessResponse(success: true)
        }
    }
}

/// A new message, checked as Lemmy does: its length (an empty one is sent), the recipient's block
/// of the sender (`person_is_blocked`; 0.18 `person_block`), then the recipient, whose absence
/// 0.18 and 0.19 only learn from the failed insert (`couldnt_create_private_message`).
private func sendMessage<F>(_ db: inout Database, _ call: Call<F>, to recipient: Int, content: String) throws -> Int {
    let viewer = try call.requireViewer()
    // 0.18.5 escapes the text before it checks the length (AmmoniaText).
    let content = call.dialect.stored(content)
    try ContentRules.checkBody(content, post: false, dialect: call.dialect)
    if db.users[recipient]?.blockedPersons[viewer] != nil {
        throw APIError.code(call.dialect == .v0_18 ? "person_block" : "person_is_blocked")
    }
    // 0.18's purge deleted the person's row: the message's foreign key refuses it.
    guard db.person(recipient) != nil, !db.purged.persons.contains(recipient) else {
        if call.dialect == .v1_0 { throw APIError.notFound("person") }
        throw APIError.code("couldnt_create_private_message")
    }
    return db.addPrivateMessage(from: viewer, to: recipient, content: content, published: call.now)
}

/// One page of the viewer's replies or mentions (0.18/0.19), as `comment_reply_view.rs` and
/// `person_mention_view.rs` list them: replies newest first by default, mentions hottest first;
/// Hot by the comment's hot rank, Top by its score, Controversial (0.19) by its controversy, New
/// and Old by date (Lemmy has no tie-break; the id makes the order total). Bots' comments are left
/// out for a viewer who hides bots, and on 0.19 those of people the viewer blocks. Deleted and
/// removed comments stay.
private func inboxPage<F>(
    _ db: Database, _ call: Call<F>, kind: InboxRecord.Kind, unreadOnly: Bool, page: Int?,
    limit: Int?, sort: ApiCommentSortType?
) throws -> [InboxRecord] {
    let viewer = try call.requireViewer()
    let limit = try call.limit(limit, page: page)
    let hidesBots = db.hidesBots(viewer)
    let blocked = call.dialect == .v0_19 ? db.users[viewer]?.blockedPersons ?? [:] : [:]
    let entries = (db.inboxByRecipient[viewer] ?? []).map { db.inbox[$0 - 1] }.filter { entry in
        // A purge deleted the comment's row, and its reply or mention row with it (`comment_id`
        // references it `ON DELETE CASCADE`).
        guard entry.kind == kind, !unreadOnly || !entry.read, let comment = entry.commentId.flatMap(db.comment),
            !db.purged.comments.contains(comment.id)
        else { return false }
        if hidesBots && (db.person(comment.creatorId)?.isBot ?? false) { return false }
        return blocked[comment.creatorId] == nil
    }
    let sort = sort ?? (kind == .reply ? .new : .hot)
    let keyed = entries.map { entry -> (id: Int, key: SortKey) in
        let comment = db.comment(entry.commentId!)!
        let primary: Double =
            switch sort {
            case .old: -entry.published
            case .new: entry.published
            case .top: Double(comment.score)
            case .controversial: Ranking.controversial(up: comment.upvotes, down: comment.downvotes)
            default:
                call.dialect == .v0_18
                    ? Ranking.storedHot018(score: comment.score, published: comment.published, now: call.now)
                    : Ranking.hot(score: comment.score, published: comment.published, now: call.now)
            }
        return (entry.id, SortKey(featured: 0, primary: primary, tiebreak: sort == .old ? -entry.id : entry.id))
    }
    let ordered = keyed.sorted { $0.key > $1.key }
    return Paging.numbered(ordered, page: page, limit: limit).map { db.inbox[$0.id - 1] }
}

/// 1.0's `type_` of ListNotifications: `all` or a `NotificationType` in snake case; anything else
/// fails to deserialize, as Lemmy's form does. (The API description leaves it untyped.)
private func notificationFilter(_ value: ApiNotificationTypeFilter?) throws -> InboxRecord.Kind? {
    guard let value else { return nil }
    let text = try APIError.variant(value, of: ["all", "reply", "mention", "private_message", "subscribed", "mod_action"])
    switch text {
    case "all": return nil
    case "reply": return .reply
    case "mention": return .mention
    case "private_message": return .privateMessage
    case "subscribed": return .subscribed
    case "mod_action": return .modAction
    default: return nil
    }
}
