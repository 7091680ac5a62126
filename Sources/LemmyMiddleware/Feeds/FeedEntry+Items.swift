import Foundation

// Entries for the feeds whose items are one of several kinds.
extension FeedEntry where Model == PostOrComment {
    @MainActor static func item(_ item: PostOrComment) -> FeedEntry {
        switch item {
        case .post(let post):
            FeedEntry(id: FeedEntryID(kind: .post, value: post.id), model: item, created: post.created, keys: .post(post))
        case .comment(let comment):
            FeedEntry(id: FeedEntryID(kind: .comment, value: comment.id), model: item, created: comment.created, keys: .comment(comment))
        }
    }
}

extension FeedEntry where Model == SearchResult {
    @MainActor static func item(_ item: SearchResult) -> FeedEntry {
        switch item {
        case .post(let post): FeedEntry(FeedEntry<Post2>.post(post), as: item)
        case .comment(let comment): FeedEntry(FeedEntry<Comment2>.comment(comment), as: item)
        case .community(let community): FeedEntry(FeedEntry<Community2>.community(community), as: item)
        case .person(let person): FeedEntry(FeedEntry<Person2>.person(person), as: item)
        }
    }
}

extension FeedEntry {
    /// `entry` with its model wrapped as `model`.
    init<Other>(_ entry: FeedEntry<Other>, as model: Model) {
        self.init(id: entry.id, model: model, created: entry.created, keys: entry.keys)
    }
}

extension FeedEntry where Model == InboxItem {
    @MainActor static func item(_ item: InboxItem) -> FeedEntry {
        switch item {
        case .reply(let reply):
            FeedEntry(id: FeedEntryID(kind: .reply, value: reply.id), model: item, created: reply.created, keys: .comment(reply.comment))
        case .mention(let mention):
            FeedEntry(
                id: FeedEntryID(kind: .mention, value: mention.id), model: item, created: mention.created, keys: .comment(mention.comment))
        case .message(let message):
            FeedEntry(
                id: FeedEntryID(kind: .message, value: message.id), model: item, created: message.created,
                keys: FeedFilterKeys(
                    actorId: message.message1.actorIdText.text, creatorId: message.creator.id,
                    creatorInstanceId: message.creator.instanceId, body: message.content))
        case .notice(let notice):
            FeedEntry(
                id: FeedEntryID(kind: .notice, value: notice.id), model: item, created: notice.created,
                keys: notice.comment.map { .comment($0) } ?? notice.post.map { .post($0) } ?? FeedFilterKeys(actorId: "notice:\(notice.id)")
            )
        }
    }
}

extension FeedEntry where Model == ModlogEntry {
    @MainActor static func item(_ entry: ModlogEntry) -> FeedEntry {
        // Modlog ids are only unique per action on 0.18/0.19, hence the action in the duplicate key.
        FeedEntry(
            id: FeedEntryID(kind: .modlog, value: entry.id, variant: entry.action.hashValue), model: entry, created: entry.date,
            keys: FeedFilterKeys(actorId: "modlog:\(entry.action):\(entry.id)", communityId: entry.community?.id))
    }
}
