internal import LemmyAPI

/// Writing private messages.
extension ApiClient {
    /// Sends a private message and returns it as a live model. Not optimistic: there is no
    /// message to show until the server has created it.
    public func sendMessage(_ content: String, to personId: Int) async throws(ApiClientError) -> Message1 {
        try requireAccount()
        let form = ApiCreatePrivateMessage(content: content, recipientId: personId)
        return message1(try await send(LemmyAnyGeneration.CreatePrivateMessage(form), mutation: true).privateMessageView)
    }
}

/// Changing private messages: optimistic, ordered per message, rolled back on failure.
extension Message1Providing {
    /// Edits the account's own message (Lemmy: only its sender may; others get
    /// `edit_private_message_not_allowed`).
    @discardableResult public func edit(content: String) async -> MutationResult {
        let message = message1
        return await api.mutate(message, optimistic: { $0.content = content }) { () async throws(ApiClientError) in
            let form = ApiEditPrivateMessage(privateMessageId: message.id, content: content)
            let view =
                try await message.api.generation() == .v4
                ? try await message.api.send(LemmyV4.EditPrivateMessage(form), mutation: true).privateMessageView
                : try await message.api.send(LemmyV3.EditPrivateMessage(form), mutation: true).privateMessageView
            _ = message.api.message1(view)
        }
    }

    /// Deletes or restores the account's own message. On 1.0 the recipient may delete a message
    /// too, for themselves only: Lemmy then keeps ``deleted`` false (it records
    /// `deleted_by_recipient`), so the model shows what the server answers.
    @discardableResult public func delete(_ deleted: Bool = true) async -> MutationResult {
        let message = message1
        guard message.deleted != deleted else { return .unchanged }
        let mine = message.api.account?.person.map { $0.id == message.creator.id } ?? true
        return await api.mutate(message, optimistic: { if mine { $0.deleted = deleted } }) { () async throws(ApiClientError) in
            let form = ApiDeletePrivateMessage(privateMessageId: message.id, deleted: deleted)
            let view =
                try await message.api.generation() == .v4
                ? try await message.api.send(LemmyV4.DeletePrivateMessage(form), mutation: true).privateMessageView
                : try await message.api.send(LemmyV3.DeletePrivateMessage(form), mutation: true).privateMessageView
            _ = message.api.message1(view)
        }
    }

    /// Reports a message the account received to the instance's admins. Lemmy 0.19 and 1.0
    /// accept reports only from the recipient; an empty reason is `report_reason_required`.
    public func report(reason: String) async throws(ApiClientError) {
        try api.checkPermission(mutation: true)
        try api.requireAccount()
        let form = ApiCreatePrivateMessageReport(privateMessageId: id, reason: reason)
        if try await api.generation() == .v4 {
            _ = try await api.send(LemmyV4.CreatePrivateMessageReport(form), mutation: true)
        } else {
            _ = try await api.send(LemmyV3.CreatePrivateMessageReport(form), mutation: true)
        }
    }
}

/// Changing a private message known only by id (a command line, a notification's payload).
extension ApiClient {
    /// Deletes or restores the account's message `id` and returns it, merged into the caches.
    /// Not optimistic: there may be no model to show the change on.
    public func deleteMessage(id: Int, deleted: Bool = true) async throws(ApiClientError) -> Message1 {
        try requireAccount()
        let form = ApiDeletePrivateMessage(privateMessageId: id, deleted: deleted)
        if try await generation() == .v4 {
            return message1(try await send(LemmyV4.DeletePrivateMessage(form), mutation: true).privateMessageView)
        }
        return message1(try await send(LemmyV3.DeletePrivateMessage(form), mutation: true).privateMessageView)
    }

    /// Replaces the text of the account's message `id` and returns it, merged into the caches.
    public func editMessage(id: Int, content: String) async throws(ApiClientError) -> Message1 {
        try requireAccount()
        let form = ApiEditPrivateMessage(privateMessageId: id, content: content)
        if try await generation() == .v4 {
            return message1(try await send(LemmyV4.EditPrivateMessage(form), mutation: true).privateMessageView)
        }
        return message1(try await send(LemmyV3.EditPrivateMessage(form), mutation: true).privateMessageView)
    }
}
