internal import LemmyAPI

extension Person1Snapshot {
    /// `text` says how the server stores the display name and bio (see `LemmyEscapedText`).
    init(_ person: __shared ApiPerson, blocked: Bool, actions: ViewerPersonActions, text: LemmyEscapedText) {
        self.init(
            id: person.id, actorId: LinkText(text: person.apId), name: person.name,
            displayName: person.displayName.flatMap { $0.isEmpty ? nil : text.unescape($0) } ?? person.name,
            bio: text.unescape(person.bio), avatar: ApiConversions.link(person.avatar),
            banner: ApiConversions.link(person.banner),
            created: person.publishedAt.date, updated: person.updatedAt?.date, isBot: person.botAccount,
            isDeleted: person.deleted, isLocal: person.local, instanceId: person.instanceId, blocked: blocked,
            note: actions.note, votes: actions.votes)
    }
}

extension Person2Snapshot {
    init(_ view: __shared ApiPersonView) {
        self.init(
            postCount: (view.counts?.postCount ?? view.person.postCount ?? 0).clampedCount,
            commentCount: (view.counts?.commentCount ?? view.person.commentCount ?? 0).clampedCount,
            isAdmin: view.isAdmin ?? view.person.admin ?? false,
            isBanned: view.banned ?? view.person.banned ?? false,
            // 0.18 and 0.19 keep the column after an unban: only a ban's end is one.
            banExpires: (view.banned ?? view.person.banned ?? false) ? (view.banExpiresAt ?? view.person.banExpires)?.date : nil)
    }
}
