internal import LemmyAPI

extension Post2Providing {
    /// Warns the post's author (moderators and admins, Lemmy 1.0): the modlog records the
    /// warning with `reason` and the author hears of it as a moderator-action notice; nothing about
    /// the post changes. Lemmy finds the post as anyone reads it first, so a removed post is
    /// `not_found` unless it is the caller's own.
    ///
    /// Not optimistic and not retried: a second warning would be a second entry. Before 1.0 it
    /// fails with ``ApiClientError/Kind/unavailableInVersion`` without sending anything.
    public func warn(reason: String) async throws(ApiClientError) {
        let post = post1
        guard try await post.api.generation() == .v4 else { throw .unavailableInVersion("warning an author (Lemmy 1.0 and later)") }
        let form = ApiCreatePostWarning(postId: post.id, reason: reason)
        let view = try await post.api.send(LemmyV4.WarnPost(form), mutation: true).postView
        try post.api.mergeAnswer(view, about: post.id)
    }
}

extension Comment2Providing {
    /// Warns the comment's author (moderators and admins, Lemmy 1.0), as
    /// ``Post2Providing/warn(reason:)`` does; a removed or deleted comment is refused (`deleted`).
    /// Lemmy reads the comment as a guest first, so in a private community even its moderators
    /// and the admins get `not_found`.
    ///
    /// Lemmy answers with the comment as a guest reads it, without the account's vote and saved
    /// state, so the answer is not merged: it would show the account's own marks cleared.
    public func warn(reason: String) async throws(ApiClientError) {
        let comment = comment1
        guard try await comment.api.generation() == .v4 else { throw .unavailableInVersion("warning an author (Lemmy 1.0 and later)") }
        let form = ApiCreateCommentWarning(commentId: comment.id, reason: reason)
        _ = try await comment.api.send(LemmyV4.WarnComment(form), mutation: true)
    }
}
