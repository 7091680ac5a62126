/// Lemmy 1.0's moderator warnings (`api/api/src/post/warning.rs`, `comment/warning.rs`): a
/// modlog entry, and so a notification of its author, that changes nothing else.
extension Database {
    /// WarnPost: the post as `PostView::read` finds it for the moderator, who is not treated as
    /// one there (so a removed post only by its author: `not_found`), then
    /// `check_community_mod_action`.
    mutating func warnPost(_ postId: Int, reason: String, by personId: Int, now: Double) throws {
        try requirePostView(postId, by: personId, dialect: .v1_0)
        guard let post = post(postId) else { throw APIError.notFound("post") }
        try checkCommunityModAction(personId, in: post.communityId, dialect: .v1_0)
        // `is_revert` false, which a record writes as its flag set.
        appendModlog(.warnPost, by: personId, target: postId, reason: reason, flag: true, now: now)
    }

    /// WarnComment: the comment as a guest reads it (`not_found`, also in a private community),
    /// then `check_community_mod_action`, then `check_comment_deleted_or_removed` (`deleted`).
    mutating func warnComment(_ commentId: Int, reason: String, by personId: Int, now: Double) throws {
        let (comment, post) = try commentAsGuestReads(commentId)
        try checkCommunityModAction(personId, in: post.communityId, dialect: .v1_0)
        if comment.deleted || comment.removed { throw APIError.code("deleted") }
        appendModlog(.warnComment, by: personId, target: commentId, reason: reason, flag: true, now: now)
    }

    /// The comment and its post as 1.0's `CommentView::read` with no local user finds them (the
    /// moderator actions that read so: LockComment, WarnComment), or `not_found`: purged, or in
    /// a community a guest does not see (a private one, even to its moderators).
    func commentAsGuestReads(_ commentId: Int) throws -> (CommentRecord, PostRecord) {
        guard let comment = comment(commentId), !purged.comments.contains(commentId), let post = post(comment.postId),
            seesCommunityContent(post.communityId, viewer: nil)
        else { throw APIError.notFound("comment") }
        return (comment, post)
    }
}
