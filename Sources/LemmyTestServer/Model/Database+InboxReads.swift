/// The inbox entries Lemmy marks read as a side effect of voting or answering, so that an app
/// need not mark them itself.
extension Database {
    /// Marks read each of `recipient`'s entries that `matches`.
    mutating func markNotificationsRead(of recipient: Int, where matches: (InboxRecord) -> Bool) {
        for id in inboxByRecipient[recipient] ?? [] where !inbox[id - 1].read && matches(inbox[id - 1]) {
            inbox[id - 1].read = true
        }
    }

    /// What answering comment `parentId` marks read, by version (`comment/create.rs`): on 1.0
    /// every notification of the writer about the parent; on 0.19 the writer's reply and mention
    /// about it; on 0.18 the parent's reply notification, whoever received it (its
    /// `CommentReply::read_by_comment` looks up the comment alone), and the writer's mention.
    mutating func markParentNotificationsRead(_ parentId: Int, by writerId: Int, dialect: LemmyDialect) {
        switch dialect {
        case .v1_0:
            markNotificationsRead(of: writerId) { $0.commentId == parentId }
        case .v0_19:
            markNotificationsRead(of: writerId) { $0.commentId == parentId && ($0.kind == .reply || $0.kind == .mention) }
        case .v0_18:
            if let reply = inbox.first(where: { $0.kind == .reply && $0.commentId == parentId }) { inbox[reply.id - 1].read = true }
            markNotificationsRead(of: writerId) { $0.commentId == parentId && $0.kind == .mention }
        }
    }
}
