import LemmyAPI

/// Comments: list (flat or tree), get, create, edit, delete, like, distinguish, save.
extension APIRoutes {
    func addCommentRoutes() {
        add(LemmyV3.GetComments.self) { db, call in
            let page = try db.listComments(try commentQuery(call.form, db: db, call: call), viewer: call.viewer, now: call.now)
            let renderer = call.renderer(db)
            return ApiGetCommentsResponse(comments: page.ids.map(renderer.commentView))
        }
        add(LemmyV4.GetComments.self) { db, call in
            let page = try db.listComments(try commentQuery(call.form, db: db, call: call), viewer: call.viewer, now: call.now)
            let renderer = call.renderer(db)
            return ApiPagedResponse(items: page.ids.map(renderer.commentView), nextPage: page.next, prevPage: page.previous)
        }
        add(LemmyV3.GetComment.self) { db, call in try getComment(db, call) }
        add(LemmyV4.GetComment.self) { db, call in try getComment(db, call) }
        add(LemmyV3.CreateComment.self, auth: true) { db, call in try createComment(&db, call) }
        add(LemmyV4.CreateComment.self, auth: true) { db, call in try createComment(&db, call) }
        add(LemmyV3.EditComment.self, auth: true) { db, call in try editComment(&db, call) }
        add(LemmyV4.EditComment.self, auth: true) { db, call in try editComment(&db, call) }
        add(LemmyV3.DeleteComment.self, auth: true) { db, call in try deleteComment(&db, call) }
        add(LemmyV4.DeleteComment.self, auth: true) { db, call in try deleteComment(&db, call) }
        add(LemmyV3.LikeComment.self, auth: true) { db, call in try likeComment(&db, call) }
        add(LemmyV4.LikeComment.self, auth: true) { db, call in try likeComment(&db, call) }
        add(LemmyV3.DistinguishComment.self, auth: true) { db, call in
            try db.distinguishComment(
                call.form.commentId, distinguished: call.form.distinguished, by: try call.requireViewer(), dialect: call.dialect)
            return call.renderer(db).commentResponse(call.form.commentId)
        }
        add(LemmyV4.DistinguishComment.self, auth: true) { db, call in
            try db.distinguishComment(
                call.form.commentId, distinguished: call.form.distinguished, by: try call.requireViewer(), dialect: call.dialect)
            return call.renderer(db).commentResponse(call.form.commentId)
        }
        add(LemmyV3.SaveComment.self, auth: true) { db, call in try saveComment(&db, call) }
        add(LemmyV4.SaveComment.self, auth: true) { db, call in try saveComment(&db, call) }
    }
}

func commentQuery(_ form: ApiGetComments, db: Database, call: Call<ApiGetComments>) throws -> CommentQuery {
    let settings = call.viewer.flatMap(db.person)?.settings
    var query = CommentQuery()
    query.storedHotRanks = call.dialect == .v0_18
    query.fullPageCursors = call.dialect == .v1_0
    query.postId = form.postId
    query.parentId = form.parentId
    // A name wins over an id in every version (`if let Some(name) = &data.community_name`).
    if let name = form.communityName {
        guard let community = db.community(named: name) else { throw APIError.recordNotFound }
        query.communityId = community.id
    } else if let id = form.communityId {
        query.communityId = id
    }
    query.listing = db.listingScope(form.type, communityId: query.communityId, viewer: call.viewer, dialect: call.dialect)
    // 1.0 applies Local only without a post or community (`db_views/comment/src/impls.rs`); a
    // community already makes the listing All in every version (`listingScope`).
    if call.dialect == .v1_0 && query.listing == .local && form.postId != nil { query.listing = .all }
    query.outOfSight = db.communitiesOutOfSight(
        viewer: call.viewer, dialect: call.dialect, scope: query.listing, inCommunity: query.communityId != nil, comments: true)
    // GetComments always has a listing type (the caller's or the site's default stands in).
    applyCallerFilters(to: &query, db, call, postId: form.postId, hasListingType: true)
    // The caller's setting, or for an anonymous caller the site's content warning (none here).
    query.hideNSFW = call.dialect == .v1_0 && !(call.viewer.flatMap(db.person)?.showNSFW ?? false)
    // Filters only 1.0's form has (0.18's and 0.19's GetComments ignore them).
    if call.dialect == .v1_0 {
        // A name wins over an id (`federation/fetcher.rs`).
        if let name = form.creatorUsername {
            guard let person = db.person(named: name) else { throw APIError.notFound("person") }
            query.creatorId = person.id
        } else if let id = form.creatorId {
            query.creatorId = id
        }
        query.searchTerm = form.searchTerm
        query.timeRange = settings.timeRange(form.timeRangeSeconds)
    }
    // A post id is only a filter; a parent is read for its path (0.18: with a bare NotFound).
    if let parentId = form.parentId, db.comment(parentId) == nil {
        throw APIError.notFound("comment", in: call.dialect)
    }
    if call.dialect == .v0_19, form.likedOnly == true, form.dislikedOnly == true { throw APIError.code("contradicting_filters") }
    // 0.18 leaves deleted and removed comments out unless the caller is an admin, or moderates
    // the community asked for (`is_mod_or_admin_opt` in `apub/src/api/list_comments.rs`; not for
    // a post's tree without the community's id).
    if call.dialect == .v0_18 {
        let moderates = query.communityId.map { id in call.viewer.map { db.isModerator($0, of: id) } ?? false } ?? false
        query.hidesRemoved = !db.isAdmin(call.viewer) && !moderates
    }
    query.maxDepth = form.maxDepth
    // 1.0 uses the caller's default sort when none is given (`comment_sort_type_with_default`);
    // 0.18 and 0.19 sort Hot.
    query.sort = form.sort?.wireValue(for: .v4) ?? (call.dialect == .v1_0 ? settings?.defaultCommentSort : nil) ?? "hot"
    let sort = query.sort.lowercased()
    let onPost = form.postId != nil || form.parentId != nil
    switch call.dialect {
    // `comment_view.rs` at 0.18.5: no distinguished order; Top's `order_by` replaces the path's.
    case .v0_18: query.parentPathIgnored = sort == "top"
    // 0.19.13: `then_order_by(comment::distinguished.desc())` for a post's or a parent's comments.
    case .v0_19: query.distinguishedFirst = onPost
    // 1.0 (`db_views/comment/src/impls.rs`): distinguished first except under New and Old; every
    // key, the parent path too, in the sort's direction.
    case .v1_0:
        query.distinguishedFirst = onPost && sort != "new" && sort != "old"
        query.parentPathDescending = sort != "old"
    }
    // Filters 1.0's form no longer has; 0.18's has no liked or disliked list.
    if call.dialect != .v1_0 { query.savedOnly = form.savedOnly ?? false }
    query.savedFirst = call.dialect == .v0_19 && query.savedOnly
    // 0.19 ignores them for an anonymous caller (`if let Some(my_id) = options.local_user.person_id()`).
    if call.dialect == .v0_19, call.viewer != nil {
        query.likedOnly = form.likedOnly ?? false
        query.dislikedOnly = form.dislikedOnly ?? false
        query.likedExcludesOwn = true
    }
    query.page = call.dialect == .v1_0 ? nil : form.page
    query.cursor = call.dialect == .v1_0 ? form.pageCursor : nil
    if form.maxDepth != nil {
        // A tree fetch: Lemmy neither checks nor uses `limit` and `page`: 300 comments, the
        // first of them in 0.18 and 0.19, a page of them by cursor in 1.0.
        query.limit = 300
        query.page = nil
        query.treeCursors = call.dialect == .v1_0
    } else {
        query.limit = try call.limit(settings.fetchLimit(form.limit, dialect: call.dialect), page: form.page, list: .comments)
    }
    return query
}

private func getComment(_ db: Database, _ call: Call<ApiGetComment>) throws -> ApiCommentResponse {
    guard let comment = db.comment(call.form.id), !db.purged.comments.contains(call.form.id) else { throw APIError.notFound("comment") }
    if call.dialect == .v1_0, let communityId = db.post(comment.postId)?.communityId,
        !db.seesCommunityContent(communityId, viewer: call.viewer)
    {
        throw APIError.notFound("comment")
    }
    return call.renderer(db).commentResponse(call.form.id)
}

private func createComment(_ db: inout Database, _ call: Call<ApiCreateComment>) throws -> ApiCommentResponse {
    let id = try db.createComment(
        content: call.form.content, postId: call.form.postId, parentId: call.form.parentId, languageId: call.form.languageId,
        by: try call.requireViewer(), now: call.now, dialect: call.dialect)
    var response = call.renderer(db).commentResponse(id)
    response.formId = call.form.formId
    return response
}

private func editComment(_ db: inout Database, _ call: Call<ApiEditComment>) throws -> ApiCommentResponse {
    try db.editComment(
        call.form.commentId, content: call.form.content, languageId: call.form.languageId, by: try call.requireViewer(), now: call.now,
        dialect: call.dialect)
    var response = call.renderer(db).commentResponse(call.form.commentId)
    response.formId = call.form.formId
    return response
}

private func deleteComment(_ db: inout Database, _ call: Call<ApiDeleteComment>) throws -> ApiCommentResponse {
    try db.deleteComment(call.form.commentId, deleted: call.form.deleted, by: try call.requireViewer(), dialect: call.dialect)
    return call.renderer(db).commentResponse(call.form.commentId)
}

private func likeComment(_ db: inout Database, _ call: Call<ApiCreateCommentLike>) throws -> ApiCommentResponse {
    let score = call.form.score ?? call.form.isUpvote.map { $0 ? 1 : -1 } ?? 0
    try db.voteComment(call.form.commentId, by: try call.requireViewer(), score: score, now: call.now, dialect: call.dialect)
    return call.renderer(db).commentResponse(call.form.commentId)
}

private func saveComment(_ db: inout Database, _ call: Call<ApiSaveComment>) throws -> ApiCommentResponse {
    try db.saveComment(call.form.commentId, by: try call.requireViewer(), save: call.form.save, now: call.now)
    return call.renderer(db).commentResponse(call.form.commentId)
}

/// The caller's filters every comment list applies, GetComments, a profile's comments and
/// Search alike (each goes through Lemmy's `CommentQuery::list`): bots for who hides them,
/// blocks (``Database/commentBlocks(viewer:dialect:listing:postId:)``), the caller's discussion
/// languages (0.18 and 1.0 in every listing, 0.19 outside the moderator view: `local_user_language`)
/// and, when the list has a listing type, 0.18's and 0.19's hidden communities (their comment
/// views check `hidden` only inside `if let Some(listing_type)`; a profile, or Search without
/// `listing_type`, has none).
func applyCallerFilters<F>(to query: inout CommentQuery, _ db: Database, _ call: Call<F>, postId: Int?, hasListingType: Bool) {
    if let person = call.viewer.flatMap(db.person), call.dialect != .v0_19 || query.listing != .moderatorView {
        query.languages = Set(person.settings.discussionLanguages)
    }
    if hasListingType {
        query.outOfSight.formUnion(db.hiddenCommunities(viewer: call.viewer, dialect: call.dialect, listing: query.listing))
    }
    (query.blockedCreators, query.blockedCommunities) = db.commentBlocks(
        viewer: call.viewer, dialect: call.dialect, listing: query.listing, postId: postId)
    query.hidesBots = db.hidesBots(call.viewer)
}
