internal import LemmyAPI

extension Comment1Snapshot {
    /// `text` says how the server stores the content (see `LemmyEscapedText`).
    init(_ comment: __shared ApiComment, text: LemmyEscapedText) {
        let path = CommentPath.ids(comment.path)
        self.init(
            id: comment.id, actorId: LinkText(text: comment.apId), content: text.unescape(comment.content),
            creatorId: comment.creatorId, postId: comment.postId, path: path,
            created: comment.publishedAt.date, updated: comment.updatedAt?.date, deleted: comment.deleted,
            removed: comment.removed, distinguished: comment.distinguished, locked: comment.locked ?? false,
            languageId: comment.languageId)
    }
}

extension Comment2Snapshot {
    init(_ view: __shared ApiCommentView) {
        let comment = view.comment
        self.init(
            votes: VotesModel(
                upvotes: view.counts?.upvotes ?? comment.upvotes ?? 0,
                downvotes: view.counts?.downvotes ?? comment.downvotes ?? 0,
                myVote: ApiConversions.vote(myVote: view.myVote, isUpvote: view.commentActions?.voteIsUpvote)),
            saved: view.saved ?? (view.commentActions?.savedAt != nil),
            childCount: (view.counts?.childCount ?? comment.childCount ?? 0).clampedCount,
            creatorIsModerator: view.creatorIsModerator ?? false,
            creatorIsAdmin: view.creatorIsAdmin ?? false,
            creatorBannedFromCommunity: view.creatorBannedFromCommunity)
    }
}

extension ApiCommentView {
    /// The comment view inside a 0.18/0.19 reply notification.
    init(reply: ApiCommentReplyView) {
        self.init(
            comment: reply.comment, creator: reply.creator, post: reply.post, community: reply.community,
            creatorIsAdmin: reply.creatorIsAdmin, creatorIsModerator: reply.creatorIsModerator,
            creatorBannedFromCommunity: reply.creatorBannedFromCommunity, counts: reply.counts,
            bannedFromCommunity: reply.bannedFromCommunity, subscribed: reply.subscribed, saved: reply.saved,
            creatorBlocked: reply.creatorBlocked, myVote: reply.myVote)
    }
}

extension ApiCommentView {
    /// The comment view inside a 0.18/0.19 person mention.
    init(mention: ApiPersonMentionView) {
        self.init(
            comment: mention.comment, creator: mention.creator, post: mention.post, community: mention.community,
            creatorIsAdmin: mention.creatorIsAdmin, creatorIsModerator: mention.creatorIsModerator,
            creatorBannedFromCommunity: mention.creatorBannedFromCommunity, counts: mention.counts,
            bannedFromCommunity: mention.bannedFromCommunity, subscribed: mention.subscribed, saved: mention.saved,
            creatorBlocked: mention.creatorBlocked, myVote: mention.myVote)
    }
}
