/// Votes that Lemmy 1.0 takes back when a ban removes a person's data (Lemmy commit d274d2bb1,
/// `PostActions::remove_all_likes` and `remove_likes_in_community`, and their comment twins);
/// 0.18.5 and 0.19.13 take back none then. 0.18's purge of a person deletes their votes too, by
/// the foreign key's cascade. Each vote goes as if its voter had taken it back: the
/// content's counts drop (Lemmy's vote triggers recount them, and the creators' scores with
/// them), but the voters' tallies per person stay as they were, for only
/// `PersonActions::like` moves those.
extension Database {
    /// A site ban's (and 0.18's purge's): every vote the person cast, anywhere.
    mutating func takeBackVotes(castBy voterId: Int) {
        guard let state = users[voterId] else { return }
        for postId in state.postVotes.keys { takeBackPostVote(postId, by: voterId) }
        for commentId in state.commentVotes.keys { takeBackCommentVote(commentId, by: voterId) }
    }

    /// A community ban's: everyone's votes on the banned person's posts and comments there,
    /// deleted and removed ones too, given by id. The person's own votes there stay.
    mutating func takeBackVotes(onPosts postIds: Set<Int>, comments commentIds: Set<Int>) {
        for (voterId, state) in users {
            for postId in state.postVotes.keys where postIds.contains(postId) { takeBackPostVote(postId, by: voterId) }
            for commentId in state.commentVotes.keys where commentIds.contains(commentId) {
                takeBackCommentVote(commentId, by: voterId)
            }
        }
    }

    private mutating func takeBackPostVote(_ postId: Int, by voterId: Int) {
        guard let vote = users[voterId]?.postVotes.removeValue(forKey: postId) else { return }
        users[voterId]?.postVoteTimes[postId] = nil
        if vote == 1 { posts[postId - 1].upvotes -= 1 } else if vote == -1 { posts[postId - 1].downvotes -= 1 }
    }

    private mutating func takeBackCommentVote(_ commentId: Int, by voterId: Int) {
        guard let vote = users[voterId]?.commentVotes.removeValue(forKey: commentId) else { return }
        users[voterId]?.commentVoteTimes[commentId] = nil
        if vote == 1 { comments[commentId - 1].upvotes -= 1 } else if vote == -1 { comments[commentId - 1].downvotes -= 1 }
    }
}
