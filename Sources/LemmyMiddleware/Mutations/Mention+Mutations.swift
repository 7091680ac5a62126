internal import LemmyAPI

extension Mention1Providing {
    /// Marks the mention read or unread; the account's unread count follows.
    @discardableResult public func markRead(_ read: Bool = true) async -> MutationResult {
        let mention = mention1
        // 1.0 counts every notification as a reply (see refreshUnreadCounts); the version is known,
        // as the mention came from the server.
        let counter: WritableKeyPath<UnreadCounts, Int> = mention.api.raw.knownServerVersion?.generation == .v4 ? \.replies : \.mentions
        return await api.markInboxItem(mention, read: read, counter: counter) { () async throws(ApiClientError) in
            // Explicit per generation: different calls: 1.0 marks the notification, 0.18/0.19 the person mention.
            if try await mention.api.generation() == .v4 {
                // On 1.0 a mention is a notification, and its id is the notification's.
                let form = ApiMarkNotificationAsRead(notificationId: mention.id, read: read)
                _ = try await mention.api.send(LemmyV4.MarkNotificationAsRead(form), mutation: true)
            } else {
                let form = ApiMarkPersonMentionAsRead(personMentionId: mention.id, read: read)
                _ = try await mention.api.send(LemmyV3.MarkPersonMentionAsRead(form), mutation: true)
            }
        } reread: { () async throws(ApiClientError) in
            _ = try await mention.api.getMentions(limit: 50, cursor: nil)
        }
    }
}
