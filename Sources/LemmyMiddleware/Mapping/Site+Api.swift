internal import LemmyAPI

extension Site1Snapshot {
    /// `text` says how the server stores its name, summary and sidebar (see `LemmyEscapedText`).
    init(_ site: __shared ApiSite, text: LemmyEscapedText) {
        self.init(
            id: site.id, actorId: LinkText(text: site.apId), name: text.unescape(site.name),
            summary: text.unescape(site.description ?? site.summary), sidebar: text.unescape(site.sidebar),
            icon: ApiConversions.link(site.icon), banner: ApiConversions.link(site.banner),
            created: site.publishedAt.date)
    }
}

extension Site2Snapshot {
    init(_ view: __shared ApiSiteView) {
        let local = view.localSite
        self.init(
            userCount: (view.counts?.users ?? local.users ?? 0).clampedCount,
            postCount: (view.counts?.posts ?? local.posts ?? 0).clampedCount,
            commentCount: (view.counts?.comments ?? local.comments ?? 0).clampedCount,
            communityCount: (view.counts?.communities ?? local.communities ?? 0).clampedCount,
            activeUserCountMonth: (view.counts?.usersActiveMonth ?? local.usersActiveMonth ?? 0).clampedCount)
    }
}
