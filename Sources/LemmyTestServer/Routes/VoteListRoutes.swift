import LemmyAPI

/// Who voted on a post or a comment: moderators of its community and admins only
/// (`is_mod_or_admin`), ordered as Lemmy's `VoteView::list_for_post` and `list_for_comment`:
/// downvotes first, then by when they were cast (`vote_view.rs` at 0.19.13, `db_views/vote` on
/// 1.0). 0.19 pages by number (checked as `limit_and_offset` does), 1.0 by cursor; 0.18 has
/// neither list.
extension APIRoutes {
    func addVoteListRoutes() {
        add(LemmyV3.ListPostLikes.self, auth: true) { db, call in
            let votes = try VoteList(db, call, post: call.form.postId)
            let page = try votes.page(limit: call.form.limit, page: call.form.page, cursor: nil)
            return ApiListPostLikesResponse(postLikes: page.ids.map(votes.view))
        }
        add(LemmyV4.ListPostLikes.self, auth: true) { db, call in
            let votes = try VoteList(db, call, post: call.form.postId)
            let page = try votes.page(limit: call.form.limit, page: nil, cursor: call.form.pageCursor)
            return ApiPagedResponse(items: page.ids.map(votes.view), nextPage: page.next, prevPage: page.previous)
        }
        add(LemmyV3.ListCommentLikes.self, auth: true) { db, call in
            let votes = try VoteList(db, call, comment: call.form.commentId)
            let page = try votes.page(limit: call.form.limit, page: call.form.page, cursor: nil)
            return ApiListCommentLikesResponse(commentLikes: page.ids.map(votes.view))
        }
        add(LemmyV4.ListCommentLikes.self, auth: true) { db, call in
            let votes = try VoteList(db, call, comment: call.form.commentId)
            let page = try votes.page(limit: call.form.limit, page: nil, cursor: call.form.pageCursor)
            return ApiPagedResponse(items: page.ids.map(votes.view), nextPage: page.next, prevPage: page.previous)
        }
    }
}

/// The votes on one post or comment, for a caller allowed to see them.
private struct VoteList<Form: Sendable> {
    let db: Database
    let call: Call<Form>
    let communityId: Int
    /// Each voter's score and when it was cast, by voter.
    let votes: [Int: (score: Int, castAt: Double)]

    init(_ db: Database, _ call: Call<Form>, post postId: Int) throws {
        guard let post = db.post(postId), !db.purged.posts.contains(postId) else { throw APIError.notFound("post") }
        try self.init(db, call, communityId: post.communityId) { state in
            state.postVotes[postId].map { ($0, state.postVoteTimes[postId] ?? 0) }
        }
    }

    init(_ db: Database, _ call: Call<Form>, comment commentId: Int) throws {
        guard let comment = db.comment(commentId), !db.purged.comments.contains(commentId),
            let communityId = db.post(comment.postId)?.communityId
        else { throw APIError.notFound("comment") }
        try self.init(db, call, communityId: communityId) { state in
            state.commentVotes[commentId].map { ($0, state.commentVoteTimes[commentId] ?? 0) }
        }
    }

    private init(_ db: Database, _ call: Call<Form>, communityId: Int, vote: (UserState) -> (Int, Double)?) throws {
        guard db.isModOrAdmin(call.viewer, of: communityId) else { throw APIError.code("not_a_mod_or_admin") }
        self.db = db
        self.call = call
        self.communityId = communityId
        votes = db.users.compactMapValues { state in vote(state).map { (score: $0.0, castAt: $0.1) } }
    }

    /// One page of voter ids, keyed so that `Paging`'s descending order is Lemmy's
    /// (score, published) ascending order.
    func page(limit: Int?, page: Int?, cursor: String?) throws -> PageResult {
        let keyed = votes.map { personId, vote in
            (personId, SortKey(featured: -vote.score, primary: -vote.castAt, tiebreak: -personId))
        }
        let limit = try call.limit(limit, page: page)
        return try Paging.page(keyed, page: page, limit: limit, cursor: cursor, fullPages: call.dialect == .v1_0)
    }

    /// A vote as 0.19 (`score`) or 1.0 (`is_upvote`, `creator_banned`) renders it.
    func view(_ personId: Int) -> ApiVoteView {
        let score = votes[personId]?.score ?? 0
        var view = ApiVoteView(
            creator: call.renderer(db).person(personId), creatorBannedFromCommunity: db.isBanned(personId, from: communityId))
        if call.dialect == .v1_0 {
            view.isUpvote = score > 0
            view.creatorBanned = db.banFlag(personId, now: call.now)
        } else {
            view.score = score
        }
        return view
    }
}
