internal import LemmyAPI

extension Post1Snapshot {
    /// `text` says how the server stores titles, bodies and embeds (see `LemmyEscapedText`).
    init(_ post: __shared ApiPost, text: LemmyEscapedText) {
        self.init(
            id: post.id, actorId: LinkText(text: post.apId), title: text.unescape(post.name), content: text.unescape(post.body),
            linkURL: ApiConversions.link(post.url),
            thumbnailURL: ApiConversions.link(post.thumbnailUrl),
            embedTitle: text.unescape(post.embedTitle), embedDescription: text.unescape(post.embedDescription),
            embedVideoURL: ApiConversions.link(post.embedVideoUrl),
            urlContentType: post.urlContentType, altText: post.altText, creatorId: post.creatorId, communityId: post.communityId,
            created: post.publishedAt.date, updated: post.updatedAt?.date, deleted: post.deleted,
            removed: post.removed, locked: post.locked, nsfw: post.nsfw,
            pinnedCommunity: post.featuredCommunity, pinnedInstance: post.featuredLocal,
            languageId: post.languageId, isLocal: post.local)
    }
}

extension Post2Snapshot {
    init(_ view: __shared ApiPostView) {
        let post = view.post
        let actions = view.postActions
        let comments = (view.counts?.comments ?? post.comments ?? 0).clampedCount
        self.init(
            votes: VotesModel(
                upvotes: view.counts?.upvotes ?? post.upvotes ?? 0,
                downvotes: view.counts?.downvotes ?? post.downvotes ?? 0,
                myVote: ApiConversions.vote(myVote: view.myVote, isUpvote: actions?.voteIsUpvote)),
            saved: view.saved ?? (actions?.savedAt != nil),
            read: view.read ?? (actions?.readAt != nil),
            hidden: view.hidden ?? (actions?.hiddenAt != nil),
            commentCount: comments,
            unreadCommentCount: min(
                view.unreadComments?.clampedCount
                    ?? comments.saturatingSubtract((actions?.readCommentsAmount ?? 0).clampedCount).clampedCount, comments),
            creatorIsModerator: view.creatorIsModerator ?? false,
            creatorIsAdmin: view.creatorIsAdmin ?? false,
            creatorBannedFromCommunity: view.creatorBannedFromCommunity,
            tags: (view.tags ?? []).filter { !$0.deleted }.map(PostTag.init),
            notificationMode: PostNotificationMode(actions?.notifications))
    }
}
