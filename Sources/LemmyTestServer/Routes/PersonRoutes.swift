import LemmyAPI

/// People: details (with their posts and comments up to 0.19; `/person/content` on 1.0), block.
extension APIRoutes {
    func addPersonRoutes() {
        add(LemmyV3.GetPersonDetails.self) { db, call in
            let id = try personId(db, call.form.personId, call.form.username, dialect: call.dialect)
            let renderer = call.renderer(db)
            let limit = try call.limit(call.form.limit, page: call.form.page)
            var posts = PostQuery()
            posts.creatorId = id
            // Lemmy's default is Hot for both lists; the comments take the posts' sort as
            // `post_to_comment_sort_type` maps it.
            let sort = call.form.sort?.wireValue(for: .v3) ?? "Hot"
            posts.sort = PostSort(v3: sort, dialect: call.dialect)
            posts.page = call.form.page
            posts.limit = limit
            posts.savedOnly = call.form.savedOnly ?? false
            posts.communityId = call.form.communityId
            if posts.savedOnly { posts.creatorId = nil }
            // A profile has no listing type; NSFW follows the caller's setting (none for an
            // anonymous caller, the site having no content warning).
            posts.outOfSight = db.communitiesOutOfSight(
                viewer: call.viewer, dialect: call.dialect, scope: .all, inCommunity: posts.communityId != nil, comments: false)
            applyCallerFilters(to: &posts, db, call, showRead: nil, showHidden: nil, hasListingType: false)
            var comments = CommentQuery()
            comments.storedHotRanks = call.dialect == .v0_18
            comments.creatorId = posts.savedOnly ? nil : id
            comments.sort = commentSort(forPostSort: sort)
            comments.page = call.form.page
            comments.limit = limit
            comments.savedOnly = posts.savedOnly
            comments.communityId = call.form.communityId
            // 0.18 shows no one deleted or removed comments on a profile (`read_person.rs`:
            // `show_deleted_and_removed(Some(false))`).
            comments.hidesRemoved = call.dialect == .v0_18
            comments.outOfSight = db.communitiesOutOfSight(
                viewer: call.viewer, dialect: call.dialect, scope: .all, inCommunity: comments.communityId != nil, comments: true)
            applyCallerFilters(to: &comments, db, call, postId: nil, hasListingType: false)
            // `saved_only` lists what the caller saved, of anyone (Lemmy passes the caller's
            // `local_user` and drops the creator filter): never the profile owner's saves, and
            // nothing to an anonymous caller.
            let postPage = try db.listPosts(posts, viewer: call.viewer, now: call.now)
            let commentPage = try db.listComments(comments, viewer: call.viewer, now: call.now)
            return ApiGetPersonDetailsResponse(
                personView: renderer.personView(id), moderates: moderates(db, renderer, id),
                comments: commentPage.ids.map(renderer.commentView),
                posts: postPage.ids.map(renderer.postView))
        }
        add(LemmyV4.GetPersonDetails.self) { db, call in
            let id = try personId(db, call.form.personId, call.form.username, dialect: call.dialect)
            let renderer = call.renderer(db)
            return ApiGetPersonDetailsResponse(
                personView: renderer.personView(id), site: nil, moderates: moderates(db, renderer, id),
                multiCommunitiesCreated: [])
        }
        add(LemmyV4.ListPersonContent.self) { db, call in
            let id = try personId(db, call.form.personId, call.form.username, dialect: call.dialect)
            let posts = db.posts.filter { $0.creatorId == id && !$0.deleted && !$0.removed }.map(\.id)
            let comments = db.comments.filter { $0.creatorId == id && !$0.deleted && !$0.removed }.map(\.id)
            return try personContentPage(
                db, call, type: call.form.type, posts: posts, comments: comments,
                cursor: call.form.pageCursor, limit: call.form.limit)
        }
        add(LemmyV4.ListPersonSaved.self, auth: true) { db, call in
            let viewer = try call.requireViewer()
            let state = db.user(viewer)
            let posts = (state?.savedPosts.keys).map(Array.init) ?? []
            let comments = (state?.savedComments.keys).map(Array.init) ?? []
            return try personContentPage(
                db, call, type: call.form.type, posts: posts, comments: comments,
                cursor: call.form.pageCursor, limit: call.form.limit)
        }
        add(LemmyV3.BlockPerson.self, auth: true) { db, call in
            try db.blockPerson(call.form.personId, by: try call.requireViewer(), block: call.form.block, now: call.now)
            return ApiBlockPersonResponse(personView: call.renderer(db).personView(call.form.personId), blocked: call.form.block)
        }
        add(LemmyV4.BlockPerson.self, auth: true) { db, call in
            try db.blockPerson(call.form.personId, by: try call.requireViewer(), block: call.form.block, now: call.now)
            return ApiPersonResponse(personView: call.renderer(db).personView(call.form.personId))
        }
    }
}

/// The person asked for. 0.18 and 0.19 take the id over the name; 1.0 the name over the id
/// (`resolve_person_identifier`). Neither: 0.18 `couldnt_find_that_username_or_email`, 0.19
/// `couldnt_find_person`, 1.0 `no_id_given`. A name that names nobody is a 404.
private func personId(_ db: Database, _ id: Int?, _ name: String?, dialect: LemmyDialect) throws -> Int {
    func named(_ name: String) throws -> Int {
        guard let person = db.person(named: name.split(separator: "@").first.map(String.init) ?? name),
            !db.purged.persons.contains(person.id)
        else { throw APIError.notFoundByName("person") }
        return person.id
    }
    if dialect == .v1_0, let name { return try named(name) }
    if let id {
        guard db.person(id) != nil, !db.purged.persons.contains(id) else { throw APIError.notFound("person") }
        return id
    }
    guard let name else {
        switch dialect {
        case .v0_18: throw APIError.code("couldnt_find_that_username_or_email")
        case .v0_19: throw APIError.code("couldnt_find_person")
        case .v1_0: throw APIError.code("no_id_given")
        }
    }
    return try named(name)
}

private func moderates(_ db: Database, _ renderer: Renderer, _ id: Int) -> [ApiCommunityModeratorView] {
    db.communities.filter { $0.moderators.contains(id) }.map {
        ApiCommunityModeratorView(community: renderer.community($0.id), moderator: renderer.person(id))
    }
}

/// One page of posts and comments interleaved newest first, as `/person/content` and
/// `/account/saved` answer; `type` keeps only posts or only comments.
private func personContentPage<F>(
    _ db: Database, _ call: Call<F>, type: ApiPersonContentType?, posts: [Int], comments: [Int],
    cursor: String?, limit: Int?
) throws -> ApiPagedResponse<ApiPostCommentCombinedView> {
    var keyed: [(id: Int, key: SortKey)] = []
    if type != .comments {
        keyed += posts.compactMap { db.post($0) }.map { (id: $0.id, key: SortKey(featured: 0, primary: $0.published, tiebreak: $0.id)) }
    }
    if type != .posts {
        // Comments get negative ids so that one list holds both kinds.
        keyed += comments.compactMap { db.comment($0) }.map {
            (id: -$0.id, key: SortKey(featured: 0, primary: $0.published, tiebreak: -$0.id))
        }
    }
    let page = try Paging.page(keyed, page: nil, limit: try call.limit(limit), cursor: cursor, fullPages: call.dialect == .v1_0)
    let renderer = call.renderer(db)
    let views: [ApiPostCommentCombinedView] = page.ids.map { $0 > 0 ? .post(renderer.postView($0)) : .comment(renderer.commentView(-$0)) }
    return ApiPagedResponse(items: views, nextPage: page.next, prevPage: page.previous)
}

/// Lemmy's `post_to_comment_sort_type` (0.18.5, 0.19.13 `db_schema/src/utils.rs`): the comment
/// order GetPersonDetails and Search use for a post sort.
func commentSort(forPostSort sort: String) -> String {
    switch sort {
    case "Active", "Hot", "Scaled": "hot"
    case "Old": "old"
    case "Controversial": "controversial"
    case _ where sort.hasPrefix("Top"): "top"
    default: "new"  // New, NewComments, MostComments
    }
}
