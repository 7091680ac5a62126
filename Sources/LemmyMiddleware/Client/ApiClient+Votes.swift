internal import LemmyAPI

/// One person's vote on a post or a comment, as moderators and admins see it.
public struct PostVote: Sendable {
    /// Who voted.
    public var voter: Person1
    /// Whether it is an upvote (a downvote otherwise).
    public var isUpvote: Bool
    /// Whether the voter is banned from the post's community.
    public var isBannedFromCommunity: Bool
}

/// Who voted on a post or a comment.
extension ApiClient {
    /// A page of the votes on post `postId`: downvotes first, then in the order they were cast.
    ///
    /// Lemmy lists them for the post community's moderators and for admins only; anyone else gets
    /// a Lemmy error `not_a_mod_or_admin`. Lemmy before 0.19.4 has no such list: the call fails
    /// with ``ApiClientError/Kind/unavailableInVersion`` before anything is sent.
    public func postVotes(postId: Int, limit: Int = 20, cursor: PageCursor? = nil) async throws(ApiClientError) -> ContentPage<PostVote> {
        let page = try await self.page(LemmyAnyGeneration.ListPostLikes(ApiListPostLikes(postId: postId, limit: limit)), at: cursor)
        return ContentPage(items: page.items.map(vote), next: page.next)
    }

    /// A page of the votes on comment `commentId`, in the order of ``postVotes(postId:limit:cursor:)``
    /// and for the same people: the comment's community's moderators and admins. Lemmy before
    /// 0.19.4 has no such list: the call fails with ``ApiClientError/Kind/unavailableInVersion``
    /// before anything is sent.
    public func commentVotes(commentId: Int, limit: Int = 20, cursor: PageCursor? = nil) async throws(ApiClientError)
        -> ContentPage<PostVote>
    {
        let form = ApiListCommentLikes(commentId: commentId, limit: limit)
        let page = try await self.page(LemmyAnyGeneration.ListCommentLikes(form), at: cursor)
        return ContentPage(items: page.items.map(vote), next: page.next)
    }

    /// A vote of a list: 1.0's `is_upvote`, 0.19's `score`.
    private func vote(_ view: ApiVoteView) -> PostVote {
        PostVote(
            voter: person1(view.creator), isUpvote: view.isUpvote ?? ((view.score ?? 0) > 0),
            isBannedFromCommunity: view.creatorBannedFromCommunity)
    }
}
