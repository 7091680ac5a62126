internal import LemmyAPI

/// Reading the inbox. Replies and private messages work on every version (1.0: notifications).
extension ApiClient {
    /// Replies to the account's posts and comments.
    public func getReplies(unreadOnly: Bool = false, limit: Int = 20) async throws(ApiClientError) -> [Reply1] {
        try requireAccount()
        // Explicit per generation: different calls: 1.0 lists notifications, 0.18/0.19 replies.
        if try await generation() == .v4 {
            let form = ApiListNotifications(unreadOnly: unreadOnly, limit: limit)
            let page = try await self.page(LemmyV4.ListNotifications(form), at: nil)
            return page.items.compactMap { reply1($0) }
        }
        let response = try await send(LemmyV3.GetReplies(ApiGetReplies(sort: .new, limit: limit, unreadOnly: unreadOnly)), mutation: false)
        return response.replies.map { reply1($0) }
    }

    /// The first page of private messages to and from the account (1.0: message notifications,
    /// so only messages received).
    public func getMessages(unreadOnly: Bool = false, limit: Int = 20) async throws(ApiClientError) -> [Message1] {
        try await getMessages(unreadOnly: unreadOnly, limit: limit, cursor: nil).items
    }
}

extension Reply1Providing {
    /// Marks the reply read or unread; the account's unread count follows.
    @discardableResult public func markRead(_ read: Bool = true) async -> MutationResult {
        let reply = reply1
        return await api.markInboxItem(reply, read: read, counter: \.replies) { () async throws(ApiClientError) in
            // Explicit per generation: different calls: 1.0 marks the notification, 0.18/0.19 the comment reply.
            if try await reply.api.generation() == .v4 {
                let form = ApiMarkNotificationAsRead(notificationId: reply.id, read: read)
                _ = try await reply.api.send(LemmyV4.MarkNotificationAsRead(form), mutation: true)
            } else {
                let form = ApiMarkCommentReplyAsRead(commentReplyId: reply.id, read: read)
                _ = try await reply.api.send(LemmyV3.MarkCommentReplyAsRead(form), mutation: true)
            }
        } reread: { () async throws(ApiClientError) in
            _ = try await reply.api.getReplies(limit: 50)
        }
    }
}

extension Message1Providing {
    /// Marks the message read or unread; the account's unread count follows.
    @discardableResult public func markRead(_ read: Bool = true) async -> MutationResult {
        let message = message1
        return await api.markInboxItem(message, read: read, counter: \.messages) { () async throws(ApiClientError) in
            // Explicit per generation: different calls: 1.0 marks the notification, 0.18/0.19 the message.
            if try await message.api.generation() == .v4 {
                // 1.0 keeps the read flag on the notification that delivered the message.
                guard let notificationId = message.notificationId else {
                    throw .unsupported("marking a 1.0 message read needs its notification: load it from the inbox")
                }
                let form = ApiMarkNotificationAsRead(notificationId: notificationId, read: read)
                _ = try await message.api.send(LemmyV4.MarkNotificationAsRead(form), mutation: true)
            } else {
                let form = ApiMarkPrivateMessageAsRead(privateMessageId: message.id, read: read)
                _ = message.api.message1(
                    try await message.api.send(LemmyV3.MarkPrivateMessageAsRead(form), mutation: true).privateMessageView)
            }
        } reread: { () async throws(ApiClientError) in
            _ = try await message.api.getMessages(limit: 50)
        }
    }
}
