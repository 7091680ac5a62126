internal import LemmyAPI

/// What Lemmy marks read by itself, mirrored in the loaded inbox models and the unread counts:
/// answering a comment marks the writer's notifications about it read (every version), and on
/// 1.0 a vote marks the voter's notifications about the post (its comments' too) or the comment.
///
/// Only loaded models are marked, each counted once off ``Account/unread``; notifications no
/// model holds are in the server's count until ``ApiClient/refreshUnreadCounts()``.
extension ApiClient {
    /// After a comment answering `parentId` was created by the request numbered `sequence`: the
    /// replies (0.18 and later), mentions (0.18 and later) and 1.0 notices about the parent.
    func noteAnswered(_ parentId: Int, sequence: UInt64) {
        markLoadedRead(sequence: sequence) { commentId, _ in commentId == parentId }
    }

    /// After a 1.0 vote on post `postId` by the request numbered `sequence`.
    func noteVoted(post postId: Int, sequence: UInt64) {
        markLoadedRead(sequence: sequence) { _, notifiedPostId in notifiedPostId == postId }
    }

    /// After a 1.0 vote on comment `commentId` by the request numbered `sequence`.
    func noteVoted(comment commentId: Int, sequence: UInt64) {
        markLoadedRead(sequence: sequence) { notifiedCommentId, _ in notifiedCommentId == commentId }
    }

    /// Marks read, as confirmed by request `sequence`, every loaded unread reply, mention and
    /// notice that `matches` (given its comment's id, if any, and its post's id).
    private func markLoadedRead(sequence: UInt64, _ matches: (Int?, Int) -> Bool) {
        // 1.0 counts every notification as a reply (see refreshUnreadCounts).
        let oneCount = raw.knownServerVersion?.generation == .v4
        var replies = 0
        var mentions = 0
        for reply in caches.reply1.values where !reply.readConfirmed({ $0.read }) && matches(reply.comment.id, reply.comment.post.id) {
            if markRead(reply, sequence: sequence) { replies += 1 }
        }
        for mention in caches.mention1.values
        where !mention.readConfirmed({ $0.read }) && matches(mention.comment.id, mention.comment.post.id) {
            if markRead(mention, sequence: sequence) {
                if oneCount { replies += 1 } else { mentions += 1 }
            }
        }
        for notice in caches.notice1.values where !notice.readConfirmed({ $0.read }) {
            guard let postId = notice.comment?.post.id ?? notice.post?.id, matches(notice.comment?.id, postId) else { continue }
            if markRead(notice, sequence: sequence) { replies += 1 }
        }
        guard let account, replies + mentions > 0 else { return }
        var unread = account.unread
        unread.replies = unread.replies.countAdding(-replies)
        unread.mentions = unread.mentions.countAdding(-mentions)
        if account.unread != unread { account.unread = unread }
    }

    /// Marks `model` read as the answer to request `sequence` says; whether it took (a later
    /// answer may already have said otherwise).
    private func markRead<Model: ReadFlagModel>(_ model: Model, sequence: UInt64) -> Bool {
        guard sequence >= model.confirmedSequence else { return false }
        var snapshot = model.confirmed
        snapshot.read = true
        model.merge(snapshot, sequence: sequence)
        return true
    }
}
