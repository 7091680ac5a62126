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
            applyCallerFilters(to: &posts, db, call, showRead: nil, showHidden: nil, hasListingType: false, adminsOnly018: true)
            var comments = CommentQuery()
            comments.storedHotRanks = call.dialect == .v0_18
            comments.creatorId = posts.savedOnly ? nil : id
            comments.sort = commentSort(forPostSort: sort)
            comments.page = call.form.page
            comments.limit = limit
            comments.savedOnly = posts.savedOnly
            comments.savedFirst = call.dialect == .v0_19 && posts.savedOnly
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
                personView: renderer.personView(id), moderates: moderates(db, call, id),
                comments: commentPage.ids.map(renderer.commentView),
                posts: postPage.ids.map(renderer.postView))
        }
        add(LemmyV4.GetPersonDetails.self) { db, call in
            let id = try personId(db, call.form.personId, call.form.username, dialect: call.dialect)
            let renderer = call.renderer(db)
            return ApiGetPersonDetailsResponse(
                personView: renderer.personView(id), site: nil, moderates: moderates(db, call, id),
                // Every one the person made, by name, deleted ones too (`read_person.rs`).
                multiCommunitiesCreated: renderer.multiCommunityViews(ApiListMultiCommunities(sort: .nameAsc, creatorId: id)))
        }
        add(LemmyV4.ListPersonContent.self) { db, call in
            let id = try personId(db, call.form.personId, call.form.username, dialect: call.dialect)
            // A name wins over an id, and must resolve.
            var communityId = call.form.communityId
            if let name = call.form.communityName {
                guard let community = db.community(named: name) else { throw APIError.notFoundByName("community") }
                communityId = community.id
            }
            // Deleted and removed content stays (views blank it as they do anywhere); the viewer's
            // hidden posts go, with the comments on them (`person_content_combined/src/impls.rs`).
            let hidden = db.user(call.viewer)?.hiddenPosts ?? [:]
            let unseen = privateCommunitiesOutOfSight(db, viewer: call.viewer)
            // A purge deletes the rows, so purged content is gone from the list.
            func shows(post postId: Int) -> Bool {
                guard let post = db.post(postId), !db.purged.posts.contains(postId) else { return false }
                return hidden[postId] == nil && !unseen.contains(post.communityId) && (communityId.map { $0 == post.communityId } ?? true)
            }
            let posts = db.posts.filter { $0.creatorId == id && shows(post: $0.id) }.map(\.id)
            let comments = db.comments.filter { $0.creatorId == id && !db.purged.comments.contains($0.id) && shows(post: $0.postId) }.map(
                \.id)
            return try personContentPage(
                db, call, type: call.form.type, posts: posts, comments: comments,
                cursor: call.form.pageCursor, limit: call.form.limit)
        }
        add(LemmyV4.ListPersonSaved.self, auth: true) { db, call in
            let viewer = try call.requireViewer()
            let state = db.user(viewer)
            let unseen = privateCommunitiesOutOfSight(db, viewer: viewer)
            // `search_term` matches the post's title, for saved comments too (Lemmy compares
            // `post::name` in both branches of its filter).
            let term = call.form.searchTerm.map(FuzzyTerm.init)
            func shows(post postId: Int) -> Bool {
                guard let post = db.post(postId), !db.purged.posts.contains(postId) else { return false }
                return !unseen.contains(post.communityId) && (term.map { $0.matches(post.name) } ?? true)
            }
            let posts = (state?.savedPosts.keys).map(Array.init)?.filter(shows(post:)) ?? []
            let comments =
                (state?.savedComments.keys).map(Array.init)?.filter { id in
                    !db.purged.comments.contains(id) && (db.comment(id).map { shows(post: $0.postId) } ?? false)
                } ?? []
            // Newest save first (`saved_at`).
            return try personContentPage(
                db, call, type: call.form.type, posts: posts, comments: comments,
                cursor: call.form.pageCursor, limit: call.form.limit,
                postTime: { state?.savedPosts[$0.id] ?? 0 }, commentTime: { state?.savedComments[$0.id] ?? 0 },
                postsTypeKeepsComments: true)
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
/// (`resolve_person_identifier`). Neither: `no_id_given` in every version. An id that names
/// no one: 0.18's bare NotFound, 0.19's `couldnt_find_person`, 1.0's `not_found`; a name that
/// names nobody is a 404.
private func personId(_ db: Database, _ id: Int?, _ name: String?, dialect: LemmyDialect) throws -> Int {
    func named(_ name: String) throws -> Int {
        guard let person = db.person(named: name.split(separator: "@").first.map(String.init) ?? name),
            !db.purged.persons.contains(person.id)
        else { throw APIError.notFoundByName("person") }
        return person.id
    }
    guard id != nil || name != nil else { throw APIError.code("no_id_given") }
    if dialect == .v1_0, let name { return try named(name) }
    if let id {
        guard db.person(id) != nil, !db.purged.persons.contains(id) else {
            throw APIError.notFound("person", in: dialect)
        }
        return id
    }
    return try named(name ?? "")
}

/// The communities `id` moderates, as the caller may see them (`CommunityModeratorView::for_person`):
/// 0.18 leaves deleted and removed communities out; 0.19 and 1.0 show deleted ones only to `id`
/// and removed ones only to admins, and 0.19 shows an anonymous caller public communities only.
private func moderates<F>(_ db: Database, _ call: Call<F>, _ id: Int) -> [ApiCommunityModeratorView] {
    let renderer = call.renderer(db)
    let outOfSight =
        call.dialect == .v0_19
        ? db.communitiesOutOfSight(viewer: call.viewer, dialect: call.dialect, scope: .all, inCommunity: true, comments: false) : []
    let isAdmin = db.isAdmin(call.viewer)
    return db.communities.filter { community in
        guard community.moderators.contains(id), !outOfSight.contains(community.id) else { return false }
        if call.dialect == .v0_18 { return !community.deleted && !community.removed }
        return (!community.deleted || call.viewer == id) && (!community.removed || isAdmin)
    }.map {
        ApiCommunityModeratorView(community: renderer.community($0.id), moderator: renderer.person(id))
    }
}

/// 1.0's private communities `viewer` may not see (`filter_private_or_followed`): not an admin,
/// no accepted follow, not a moderator.
func privateCommunitiesOutOfSight(_ db: Database, viewer: Int?) -> Set<Int> {
    guard !db.isAdmin(viewer) else { return [] }
    return Set(db.communities.filter { $0.visibility == "private" && !db.seesPrivateCommunity($0.id, viewer: viewer) }.map(\.id))
}

/// One page of posts and comments interleaved newest first (by `postTime` and `commentTime`,
/// their publication unless given), as `/person/content` and `/account/saved` answer; `type`
/// keeps only posts or only comments. With `postsTypeKeepsComments` the posts type keeps
/// comments too: `/account/saved` and `/account/liked` filter it as `post_id IS NOT NULL`, and
/// since Lemmy's `same_table_joins` migration (March 2026) a comment's row carries its post's id.
func personContentPage<F>(
    _ db: Database, _ call: Call<F>, type: ApiPersonContentType?, posts: [Int], comments: [Int],
    cursor: String?, limit: Int?,
    postTime: (PostRecord) -> Double = \.published, commentTime: (CommentRecord) -> Double = \.published,
    postsTypeKeepsComments: Bool = false
) throws -> ApiPagedResponse<ApiPostCommentCombinedView> {
    var keyed: [(id: Int, key: SortKey)] = []
    if type != .comments {
        keyed += posts.compactMap { db.post($0) }.map { (id: $0.id, key: SortKey(featured: 0, primary: postTime($0), tiebreak: $0.id)) }
    }
    if type != .posts || postsTypeKeepsComments {
        // Comments get negative ids so that one list holds both kinds.
        keyed += comments.compactMap { db.comment($0) }.map {
            (id: -$0.id, key: SortKey(featured: 0, primary: commentTime($0), tiebreak: -$0.id))
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
