internal import LemmyAPI

extension Notice1Providing {
    /// Marks the notice read or unread; the account's unread count follows (1.0 counts every
    /// notification in ``UnreadCounts/replies``).
    @discardableResult public func markRead(_ read: Bool = true) async -> MutationResult {
        let notice = notice1
        return await api.markInboxItem(notice, read: read, counter: \.replies) { () async throws(ApiClientError) in
            let form = ApiMarkNotificationAsRead(notificationId: notice.id, read: read)
            _ = try await notice.api.send(LemmyV4.MarkNotificationAsRead(form), mutation: true)
        } reread: { () async throws(ApiClientError) in
            _ = try await notice.api.getNotifications(limit: 50, cursor: nil)
        }
    }
}
