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

    /// A 1.0 notification as an inbox item; nil for kinds the inbox does not show (mod actions, posts).
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
        default:
            return nil
        }
    }
}
