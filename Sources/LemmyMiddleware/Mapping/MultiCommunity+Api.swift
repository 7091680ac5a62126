internal import LemmyAPI

extension MultiCommunity1Snapshot {
    /// `text` says how the server stores the title and descriptions (see `LemmyEscapedText`).
    init(_ view: __shared ApiMultiCommunityView, text: LemmyEscapedText) {
        let multi = view.multi
        self.init(
            id: multi.id, actorId: LinkText(text: multi.apId), name: multi.name,
            displayName: multi.title.flatMap { $0.isEmpty ? nil : text.unescape($0) } ?? multi.name,
            summary: text.unescape(multi.summary), sidebar: text.unescape(multi.sidebar), created: multi.publishedAt.date,
            updated: multi.updatedAt?.date, deleted: multi.deleted, isLocal: multi.local, instanceId: multi.instanceId,
            subscription: ApiConversions.subscription(nil, view.followState), subscriberCount: multi.subscribers.clampedCount,
            communityCount: multi.communities.clampedCount)
    }
}
