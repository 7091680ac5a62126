/// 1.0's notifications as `NotificationQuery::list` selects them (`db_views/notification/src/impls.rs`).
extension Database {
    /// The viewer's inbox entries a ListNotifications shows, in no order.
    ///
    /// - `type`: nil for every kind, or one kind.
    /// - `unreadOnly`: the viewer's unread entries only.
    /// - `creatorId`: entries by that person; for private messages, the whole conversation with
    ///   them, the viewer's own messages to them included.
    ///
    /// Without `unreadOnly`, the private-message kind also lists the messages the viewer sent.
    /// Entries are left out whose comment or post is deleted or removed (a mod action's only when
    /// deleted), whose message is deleted
    /// (or deleted by the viewer as its recipient), whose author is a bot the viewer hides, or
    /// that `filter_blocked` hides: a blocked person or community, a blocked instance's people, or
    /// its communities unless the viewer follows them.
    func notifications(for viewer: Int, type kind: InboxRecord.Kind?, unreadOnly: Bool, creatorId: Int?) -> [InboxRecord] {
        let messagesOnly = kind == .privateMessage
        var entries = (inboxByRecipient[viewer] ?? []).map { inbox[$0 - 1] }
        if messagesOnly && !unreadOnly {
            // Sent by the viewer: the recipients' entries of the viewer's messages.
            entries += privateMessages.filter { $0.creatorId == viewer && $0.recipientId != viewer && $0.inboxId >= 1 }
                .map { inbox[$0.inboxId - 1] }
        }
        // 1.0's `filter_blocked`, as comment lists outside the moderator view apply it.
        let blocked = commentBlocks(viewer: viewer, dialect: .v1_0, listing: .all, postId: nil)
        let hidesBots = hidesBots(viewer)
        return entries.filter { entry in
            if let kind, entry.kind != kind { return false }
            if unreadOnly && (entry.read || entry.recipientId != viewer) { return false }
            guard let (creator, communityId) = notificationSource(entry, viewer: viewer) else { return false }
            if let creatorId {
                if messagesOnly {
                    let theirs = entry.recipientId == viewer && creator == creatorId
                    let mine = entry.recipientId == creatorId && creator == viewer
                    if !theirs && !mine { return false }
                } else if creator != creatorId {
                    return false
                }
            }
            if hidesBots && (person(creator)?.isBot ?? false) { return false }
            if blocked.creators.contains(creator) { return false }
            return communityId.map { !blocked.communities.contains($0) } ?? true
        }
    }

    /// Who caused `entry` and the community it happened in, or nil when the entry is filtered
    /// out as deleted or removed.
    private func notificationSource(_ entry: InboxRecord, viewer: Int) -> (creator: Int, community: Int?)? {
        switch entry.kind {
        case .reply, .mention, .subscribed:
            if let postId = entry.postId {
                guard let post = post(postId), !post.deleted, !post.removed else { return nil }
                return (post.creatorId, post.communityId)
            }
            guard let comment = entry.commentId.flatMap(comment), !comment.deleted, !comment.removed,
                let post = post(comment.postId), !post.deleted, !post.removed
            else { return nil }
            return (comment.creatorId, post.communityId)
        case .privateMessage:
            guard let message = entry.privateMessageId.flatMap(privateMessage), !message.deleted, !message.removed,
                !(message.deletedByRecipient && entry.recipientId == viewer)
            else { return nil }
            return (message.creatorId, nil)
        case .modAction:
            // `filter_deleted_and_removed` spares mod actions the removed checks (they are often
            // about a removal), not the deleted ones. The moderator is the notification's creator.
            // A purge deletes the entry, by the modlog's foreign keys, and its notification with it.
            guard let entry = entry.modlogId.map({ modlog[$0 - 1] }), keepsModlogEntry10(entry) else { return nil }
            let targets = modlogTargets(of: entry, dialect: .v1_0)
            if let postId = targets.post, post(postId)?.deleted ?? true { return nil }
            if let commentId = targets.comment, comment(commentId)?.deleted ?? true { return nil }
            return (entry.moderatorId, targets.community)
        }
    }
}
