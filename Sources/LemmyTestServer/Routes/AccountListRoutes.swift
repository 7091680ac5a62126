import LemmyAPI

/// 1.0's lists of what the account did: the posts and comments it voted on (`/account/liked`,
/// `person_liked_combined`), the posts it read (`/account/read`) and hid (`/account/hidden`)
/// (`crates/api/api/src/local_user/list_{liked,read,hidden}.rs`, `db_views/post/src/impls.rs`).
/// 0.18 and 0.19 have none: 0.19 filters GetPosts and GetComments with `liked_only` /
/// `disliked_only` instead.
extension APIRoutes {
    func addAccountListRoutes() {
        // Newest vote first (`voted_at`), posts and comments together; private communities the
        // account does not follow are left out (`filter_private_or_followed`), blocks are not.
        // `type_: posts` keeps comments too (see `personContentPage`).
        add(LemmyV4.ListPersonLiked.self, auth: true) { db, call in
            let viewer = try call.requireViewer()
            let state = db.user(viewer)
            let unseen = privateCommunitiesOutOfSight(db, viewer: viewer)
            let wanted: (Int) -> Bool =
                switch call.form.likeType {
                case .likedOnly?: { $0 > 0 }
                case .dislikedOnly?: { $0 < 0 }
                case .all?, nil, .unknown?: { $0 != 0 }
                }
            func shows(post postId: Int) -> Bool {
                guard let post = db.post(postId), !db.purged.posts.contains(postId) else { return false }
                return !unseen.contains(post.communityId)
            }
            let posts = (state?.postVotes ?? [:]).filter { wanted($0.value) && shows(post: $0.key) }.map(\.key)
            let comments = (state?.commentVotes ?? [:]).filter { id, score in
                wanted(score) && !db.purged.comments.contains(id) && (db.comment(id).map { shows(post: $0.postId) } ?? false)
            }.map(\.key)
            return try personContentPage(
                db, call, type: call.form.type, posts: posts, comments: comments,
                cursor: call.form.pageCursor, limit: call.form.limit,
                postTime: { state?.postVoteTimes[$0.id] ?? 0 }, commentTime: { state?.commentVoteTimes[$0.id] ?? 0 },
                postsTypeKeepsComments: true)
        }
        add(LemmyV4.ListPersonRead.self, auth: true) { db, call in
            try markedPosts(db, call, cursor: call.form.pageCursor, limit: call.form.limit) { $0.readPosts }
        }
        add(LemmyV4.ListPersonHidden.self, auth: true) { db, call in
            try markedPosts(db, call, cursor: call.form.pageCursor, limit: call.form.limit) { $0.hiddenPosts }
        }
    }
}

/// The posts `marks` holds for the caller (post id to when), newest mark first with the post id
/// breaking ties, as `list_read` and `list_hidden` page them: without the posts of people,
/// communities and instances the account blocks (`filter_blocked`, a followed community's
/// instance block aside) and of private communities it does not follow.
///
/// Lemmy cannot read the cursors these lists hand out: `next_page` is a `PostView` cursor (the
/// post id alone) and the query parses it as a `PostViewDummy` one (post and person ids), so
/// every page after the first is refused `couldnt_parse_pagination_token`
/// (`db_views/post/src/impls.rs`, `CursorData::multi`). So is any cursor here.
private func markedPosts<F>(
    _ db: Database, _ call: Call<F>, cursor: String?, limit: Int?, marks: (UserState) -> [Int: Double]
) throws -> ApiPagedResponse<ApiPostView> {
    let viewer = try call.requireViewer()
    let times = db.user(viewer).map(marks) ?? [:]
    let unseen = privateCommunitiesOutOfSight(db, viewer: viewer)
    let (blockedCreators, blockedCommunities) = db.commentBlocks(viewer: viewer, dialect: call.dialect, listing: .all, postId: nil)
    let keyed = times.compactMap { id, time -> (id: Int, key: SortKey)? in
        guard let post = db.post(id), !db.purged.posts.contains(id), !unseen.contains(post.communityId),
            !blockedCommunities.contains(post.communityId), !blockedCreators.contains(post.creatorId)
        else { return nil }
        return (id: id, key: SortKey(featured: 0, primary: time, tiebreak: id))
    }
    let limit = try call.limit(limit)
    if let cursor, !cursor.isEmpty { throw APIError.code("couldnt_parse_pagination_token") }
    let page = try Paging.page(keyed, page: nil, limit: limit, cursor: nil, fullPages: true)
    let renderer = call.renderer(db)
    return ApiPagedResponse(items: page.ids.map { renderer.postView($0) }, nextPage: page.next, prevPage: page.previous)
}
