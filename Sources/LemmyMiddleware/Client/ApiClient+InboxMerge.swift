internal import LemmyAPI

/// Merging mentions and 1.0 notifications of every kind into live models.
extension ApiClient {
    func mention1(_ view: ApiPersonMentionView) -> Mention1 {
        let comment = comment2(ApiCommentView(mention: view))
        let snapshot = Mention1Snapshot(
            id: view.personMention.id, read: view.personMention.read,
            created: view.personMention.published.date)
        return merge(snapshot, comment: comment)
    }

    /// A 1.0 notification as an inbox item; nil for kinds newer than this client.
    func inboxItem(_ notification: ApiNotificationView) -> InboxItem? {
        let info = notification.notification
        switch (info.kind, notification.data) {
        case (.reply, .comment):
            return reply1(notification).map(InboxItem.reply)
        case (.mention, .comment(let view)):
            let comment = comment2(view)
            let snapshot = Mention1Snapshot(id: info.id, read: info.read, created: info.publishedAt.date)
            return .mention(merge(snapshot, comment: comment))
        case (_, .privateMessage(let view)):
            return .message(message1(view, notification: info))
        case (.subscribed, .comment(let view)):
            return .notice(notice1(info, reason: .subscribed, post: nil, comment: comment2(view)))
        case (.subscribed, .post(let view)):
            return .notice(notice1(info, reason: .subscribed, post: post2(view), comment: nil))
        case (.mention, .post(let view)):
            return .notice(notice1(info, reason: .mention, post: post2(view), comment: nil))
        case (.modAction, .modAction(let view)):
            return .notice(notice1(info, reason: .moderatorAction, post: nil, comment: nil, moderatorAction: modlogEntry(view)))
        default:
            return nil
        }
    }

    private func notice1(
        _ info: ApiNotification, reason: NoticeReason, post: Post2?, comment: Comment2?, moderatorAction: ModlogEntry? = nil
    ) -> Notice1 {
        let snapshot = Notice1Snapshot(id: info.id, reason: reason, read: info.read, created: info.publishedAt.date)
        return merge(snapshot, post: post, comment: comment, moderatorAction: moderatorAction)
    }
}
