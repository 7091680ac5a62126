internal import LemmyAPI

extension Community1Snapshot {
    /// `text` says how the server stores the title and description (see `LemmyEscapedText`).
    init(_ community: __shared ApiCommunity, blocked: Bool, text: LemmyEscapedText) {
        self.init(
            id: community.id, actorId: LinkText(text: community.apId), name: community.name,
            displayName: community.title.flatMap { $0.isEmpty ? nil : text.unescape($0) } ?? community.name,
            description: text.unescape(community.description ?? community.sidebar),
            icon: ApiConversions.link(community.icon),
            banner: ApiConversions.link(community.banner),
            created: community.publishedAt.date, updated: community.updatedAt?.date, nsfw: community.nsfw,
            removed: community.removed, deleted: community.deleted,
            onlyModeratorsCanPost: community.postingRestrictedToMods, isLocal: community.local,
            instanceId: community.instanceId, blocked: blocked)
    }
}

extension Community2Snapshot {
    init(_ view: __shared ApiCommunityView) {
        self.init(
            subscription: ApiConversions.subscription(view.subscribed, view.communityActions?.followState),
            subscriberCount: (view.counts?.subscribers ?? view.community.subscribers ?? 0).clampedCount,
            postCount: (view.counts?.posts ?? view.community.posts ?? 0).clampedCount,
            commentCount: (view.counts?.comments ?? view.community.comments ?? 0).clampedCount,
            activeUserCountMonth: (view.counts?.usersActiveMonth ?? view.community.usersActiveMonth ?? 0).clampedCount,
            notificationMode: CommunityNotificationMode(view.communityActions?.notifications),
            tags: (view.tags ?? []).map(PostTag.init))
    }
}
