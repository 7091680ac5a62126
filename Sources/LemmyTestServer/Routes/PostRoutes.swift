import Foundation
import LemmyAPI

/// Posts: list, get, create, edit, delete, like, save, hide, mark read.
extension APIRoutes {
    func addPostRoutes() {
        add(LemmyV3.GetPosts.self) { db, call in
            let page = try db.listPosts(try postQuery(call.form, db: db, call: call), viewer: call.viewer, now: call.now)
            // Lemmy 0.18 has no `next_page` (it pages by number only and ignores `page_cursor`).
            let next = call.dialect == .v0_18 ? nil : page.next
            return PostListing(member: "posts", ids: page.ids, renderer: call.renderer(db)) {
                ApiGetPostsResponse(posts: $0, nextPage: next)
            }
        }
        add(LemmyV4.GetPosts.self) { db, call in
            let page = try db.listPosts(try postQuery(call.form, db: db, call: call), viewer: call.viewer, now: call.now)
            if call.form.markAsRead == true, let viewer = call.viewer {
                try db.markRead(page.ids, by: viewer, read: true, now: call.now)
            }
            return PostListing(member: "items", ids: page.ids, renderer: call.renderer(db)) {
                ApiPagedResponse(items: $0, nextPage: page.next, prevPage: page.previous)
            }
        }
        add(LemmyV3.GetPost.self) { db, call in try getPost(&db, call) }
        add(LemmyV4.GetPost.self) { db, call in try getPost(&db, call) }

        add(LemmyV3.CreatePost.self, auth: true) { db, call in try createPost(&db, call) }
        add(LemmyV4.CreatePost.self, auth: true) { db, call in try createPost(&db, call) }
        add(LemmyV3.EditPost.self, auth: true) { db, call in try editPost(&db, call) }
        add(LemmyV4.EditPost.self, auth: true) { db, call in try editPost(&db, call) }
        add(LemmyV3.DeletePost.self, auth: true) { db, call in
            try db.deletePost(call.form.postId, deleted: call.form.deleted, by: try call.requireViewer(), dialect: call.dialect)
            return ApiPostResponse(postView: call.renderer(db).postView(call.form.postId))
        }
        add(LemmyV4.DeletePost.self, auth: true) { db, call in
            try db.deletePost(call.form.postId, deleted: call.form.deleted, by: try call.requireViewer(), dialect: call.dialect)
            return ApiPostResponse(postView: call.renderer(db).postView(call.form.postId))
        }
        add(LemmyV3.LikePost.self, auth: true) { db, call in try likePost(&db, call) }
        add(LemmyV4.LikePost.self, auth: true) { db, call in try likePost(&db, call) }
        add(LemmyV3.SavePost.self, auth: true) { db, call in
            try db.savePost(call.form.postId, by: try call.requireViewer(), save: call.form.save, now: call.now, dialect: call.dialect)
            return ApiPostResponse(postView: call.renderer(db).postView(call.form.postId))
        }
        add(LemmyV4.SavePost.self, auth: true) { db, call in
            try db.savePost(call.form.postId, by: try call.requireViewer(), save: call.form.save, now: call.now, dialect: call.dialect)
            return ApiPostResponse(postView: call.renderer(db).postView(call.form.postId))
        }
        add(LemmyV3.HidePost.self, auth: true) { db, call in
            let ids = call.form.postIds ?? call.form.postId.map { [$0] } ?? []
            try db.hidePosts(ids, by: try call.requireViewer(), hide: call.form.hide, now: call.now, dialect: call.dialect)
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV4.HidePost.self, auth: true) { db, call in
            guard let id = call.form.postId ?? call.form.postIds?.first else { throw APIError.notFound("post") }
            try db.hidePosts([id], by: try call.requireViewer(), hide: call.form.hide, now: call.now, dialect: call.dialect)
            return ApiPostResponse(postView: call.renderer(db).postView(id))
        }
        add(LemmyV3.MarkPostAsRead.self, auth: true) { db, call -> PostReadAnswer in
            let ids = call.form.postIds ?? call.form.postId.map { [$0] } ?? []
            try db.markPostsRead(
                ids, by: try call.requireViewer(), read: call.form.read, now: call.now, dialect: call.dialect,
                answersPost: call.dialect == .v0_18)
            if call.dialect == .v0_18, let id = ids.first {
                return .post(ApiPostResponse(postView: call.renderer(db).postView(id)))
            }
            return .success(ApiSuccessResponse(success: true))
        }
        add(LemmyV4.MarkPostAsRead.self, auth: true) { db, call in
            guard let id = call.form.postId else { throw APIError.notFound("post") }
            try db.markPostsRead(
                [id], by: try call.requireViewer(), read: call.form.read, now: call.now, dialect: call.dialect, answersPost: true)
            return ApiPostResponse(postView: call.renderer(db).postView(id))
        }
        add(LemmyV4.MarkManyPostsAsRead.self, auth: true) { db, call in
            try db.markPostsRead(
                call.form.postIds, by: try call.requireViewer(), read: call.form.read, now: call.now, dialect: call.dialect,
                answersPost: false)
            return ApiSuccessResponse(success: true)
        }
    }
}

/// 0.18 answers MarkPostAsRead with a PostResponse, 0.19 with a SuccessResponse.
enum PostReadAnswer: Encodable, Sendable {
    case post(ApiPostResponse)
    case success(ApiSuccessResponse)

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .post(let value): try value.encode(to: encoder)
        case .success(let value): try value.encode(to: encoder)
        }
    }
}

/// The meaning of a GetPosts form in this dialect.
func postQuery(_ form: ApiGetPosts, db: Database, call: Call<ApiGetPosts>) throws -> PostQuery {
    var query = PostQuery()
    let settings = call.viewer.flatMap(db.person)?.settings
    // Without a sort, 0.19 and 1.0 use the caller's default sort, else the site's (0.19 Active,
    // 1.0 Hot): `sort_type_with_default` (`apub/src/api/mod.rs` at 0.19.13),
    // `post_sort_type_with_default` (`api/api/src/federation/mod.rs` on 1.0). 0.18 sorts Hot.
    let sortName = form.sort?.wireValue(for: .v3) ?? (call.dialect == .v0_18 ? nil : settings?.defaultSort)
    switch call.dialect {
    case .v1_0:
        // 1.0 filters every sort by `time_range_seconds`, else the caller's default range; 0
        // overrides the defaults to "no limit" (`post_time_range_seconds_with_default`), and a
        // negative range keeps nothing.
        let range = settings.timeRange(form.timeRangeSeconds)
        let sort = PostSort(v3: sortName, dialect: call.dialect)
        query.sort = if case .top = sort { .top(window: range) } else { sort }
        query.timeRange = range
    case .v0_19: query.sort = PostSort(v3: sortName ?? "Active", dialect: call.dialect)
    case .v0_18: query.sort = PostSort(v3: sortName, dialect: call.dialect)
    }
    // An id is only a filter (no such community: no posts); a name is resolved, and one that
    // does not resolve is the fetcher's bare NotFound.
    // A name wins over an id in every version (`if let Some(name) = &data.community_name`).
    if let name = form.communityName {
        guard let community = db.community(named: name) else { throw APIError.recordNotFound }
        query.communityId = community.id
    } else if let id = form.communityId {
        query.communityId = id
    }
    query.listing = db.listingScope(form.type, communityId: query.communityId, viewer: call.viewer, dialect: call.dialect)
    // (0.18.5 has no `moderator_view`: js-client's 0.18.3 release candidate had it; the server
    // ignores it.)
    if call.dialect == .v0_19, form.likedOnly == true, form.dislikedOnly == true { throw APIError.code("contradicting_filters") }
    if let id = form.creatorId {
        query.creatorId = id
    } else if let name = form.creatorUsername {
        guard let person = db.person(named: name) else { throw APIError.notFound("person") }
        query.creatorId = person.id
    }
    if call.dialect == .v1_0, form.multiCommunityId != nil || form.multiCommunityName != nil {
        // A name must resolve (`list_posts.rs`, after the community and the creator); an id only
        // filters, and lists nothing for an unknown one (`list_community_ids`).
        var id = form.multiCommunityId
        if let name = form.multiCommunityName {
            guard let found = db.multiCommunity(named: name) else { throw APIError.notFound("multi_community") }
            id = found.id
        }
        query.multiCommunities = Set(db.multiCommunity(id)?.entries ?? [])
    }
    if call.dialect == .v1_0 { query.tagId = form.tagId }
    query.savedOnly = form.savedOnly ?? false
    query.likedOnly = form.likedOnly ?? false
    query.dislikedOnly = form.dislikedOnly ?? false
    // GetPosts always has a listing type (the caller's or the site's default stands in).
    applyCallerFilters(to: &query, db, call, showRead: form.showRead, showHidden: form.showHidden, hasListingType: true)
    if query.multiCommunities != nil {
        // With a multi-community the listing type still applies, as the caller's or the site's
        // default when the request has none: Local keeps local communities
        // (`community::local`); Subscribed, Suggested and the moderator view do not narrow the
        // multi-community's list (the moderator view still skips blocks and languages, above).
        query.listing = query.listing == .local ? .local : .all
    }
    query.showNSFW = form.showNsfw
    query.searchTerm = form.searchTerm
    if call.dialect == .v1_0 {
        // `db_views/post/src/impls.rs` on 1.0: without the member, the caller's own setting
        // (`hide_posts_with_media.unwrap_or(local_user.hide_posts_with_media())`).
        query.searchTitleOnly = form.searchTitleOnly ?? false
        query.noCommentsOnly = form.noCommentsOnly ?? false
        query.hideMedia = form.hidePostsWithMedia ?? settings?.hidePostsWithMedia ?? false
    }
    query.cursor = call.dialect == .v0_18 ? nil : form.pageCursor
    // 1.0's default limit is the caller's page size (`fetch_limit_with_default`); its form has no
    // page (the struct's `page` is `#[serde(skip)]`, for API v3 only).
    query.limit = try call.limit(settings.fetchLimit(form.limit, dialect: call.dialect), page: form.page, list: .posts)
    query.page = call.dialect == .v1_0 ? nil : form.page
    // With a community too, the query refuses it once the defaults are read
    // (`prefetch_community_ids`, `db_views/post/src/impls.rs`).
    if query.multiCommunities != nil && query.communityId != nil {
        throw APIError.code("cannot_combine_community_id_and_multi_community_id")
    }
    // 0.19 fetches a signed-in Subscribed list by a first query over the largest followed
    // community, which refuses a page's offset beside a cursor ("legacy pagination cannot be
    // combined with v2 pagination", `prefetch_upper_bound_for_page_before` in `post_view.rs`).
    if call.dialect == .v0_19, query.listing == .subscribed, query.communityId == nil, call.viewer != nil,
        (form.page ?? 1) > 1, form.pageCursor != nil
    {
        throw APIError.code("couldnt_get_posts")
    }
    query.alwaysNext = call.dialect == .v0_19
    query.fullPageCursors = call.dialect == .v1_0
    query.postIdCursors = call.dialect == .v0_19
    return query
}

private func getPost(_ db: inout Database, _ call: Call<ApiGetPost>) throws -> ApiGetPostResponse {
    var id = call.form.id
    if id == nil, let commentId = call.form.commentId {
        guard let comment = db.comment(commentId) else { throw APIError.notFound("comment") }
        id = comment.postId
    }
    guard let id, let post = db.post(id), !db.purged.posts.contains(id) else { throw APIError.notFound("post") }
    if !db.isModOrAdmin(call.viewer, of: post.communityId)
        && !isReadable(post, db.community(post.communityId), by: call.viewer, call.dialect)
    {
        throw APIError.notFound("post")
    }
    if call.dialect == .v1_0 && !db.seesCommunityContent(post.communityId, viewer: call.viewer) { throw APIError.notFound("post") }
    if let viewer = call.viewer { try db.markRead([id], by: viewer, read: true, now: call.now) }
    return call.renderer(db).getPostResponse(id)
}

/// Whether GetPost shows a deleted or removed post (or one in a deleted or removed community) to
/// `viewer`, who neither moderates the community nor is an admin (`PostView::read`): 0.18 never
/// (not even to its author); 0.19 to its author; 1.0 to its author, and a post its author deleted
/// to anyone once it has comments.
private func isReadable(_ post: PostRecord, _ community: CommunityRecord?, by viewer: Int?, _ dialect: LemmyDialect) -> Bool {
    let communityGone = community.map { $0.deleted || $0.removed } ?? false
    guard post.deleted || post.removed || communityGone else { return true }
    switch dialect {
    case .v0_18: return false
    case .v0_19: return post.creatorId == viewer
    case .v1_0: return post.creatorId == viewer || (!post.removed && !communityGone && post.commentCount > 0)
    }
}

private func createPost(_ db: inout Database, _ call: Call<ApiCreatePost>) throws -> ApiPostResponse {
    let form = call.form
    let dialect = call.dialect
    // Lemmy's order: the link parses, the title, the link's scheme and length, the alt text, the body.
    if let url = form.url { try ContentRules.checkParses(url, dialect: dialect, creating: true) }
    if let thumbnail = form.customThumbnail { try ContentRules.checkParses(thumbnail, dialect: dialect, creating: true) }
    try ContentRules.checkPostTitle(form.name, dialect: dialect, creating: true)
    let url = try ContentRules.checkURL(form.url, dialect: dialect, creating: true)
    let thumbnail = try ContentRules.checkURL(form.customThumbnail, dialect: dialect, creating: true)
    try ContentRules.checkAltText(form.altText)
    try ContentRules.checkBody(form.body, post: true, dialect: dialect)
    let language = try checkedLanguage(form.languageId)
    // 0.18 reads the link's page once the community is checked, before writing the post.
    var siteData: Database.SiteData018?
    if dialect == .v0_18 {
        _ = try db.checkPostCreation(communityId: form.communityId, by: try call.requireViewer(), dialect: dialect)
        siteData = try db.fetchSiteData018(url)
    }
    let id = try db.createPost(
        name: form.name, communityId: form.communityId, url: url, body: form.body, nsfw: form.nsfw ?? false,
        languageId: language ?? 0, altText: form.altText, tags: dialect == .v1_0 ? form.tags : nil, by: try call.requireViewer(),
        now: call.now, dialect: dialect)
    if let thumbnail { db.posts[id - 1].media = PostMedia(thumbnailURL: thumbnail, altText: form.altText) }
    if let siteData {
        db.store018(siteData, post: id)
    } else {
        try db.generateLinkMetadata(post: id, custom: thumbnail, dialect: dialect, now: call.now)
    }
    return ApiPostResponse(postView: call.renderer(db).postView(id))
}

private func editPost(_ db: inout Database, _ call: Call<ApiEditPost>) throws -> ApiPostResponse {
    let form = call.form
    let dialect = call.dialect
    // 0.19 and 1.0 parse the links before anything else (`diesel_url_update`), and check the
    // language only once the post, its community and its author are checked.
    if dialect != .v0_18 {
        for text in [form.url, form.customThumbnail].compactMap({ $0 }) {
            try ContentRules.checkParses(text, dialect: dialect, creating: false)
        }
    }
    if let name = form.name { try ContentRules.checkPostTitle(name, dialect: dialect, creating: false) }
    try ContentRules.checkBody(form.body, post: true, dialect: dialect)
    try ContentRules.checkAltText(form.altText)
    let url = try ContentRules.checkURL(form.url, dialect: dialect, creating: false)
    let thumbnail = try ContentRules.checkURL(form.customThumbnail, dialect: dialect, creating: false)
    let language = dialect == .v0_18 ? try checkedLanguage(form.languageId) : form.languageId
    // 0.18 reads the edit's link once the post and its author are checked.
    var siteData: Database.SiteData018?
    if dialect == .v0_18 {
        try db.checkPostEdit(form.postId, by: try call.requireViewer(), dialect: dialect)
        siteData = try db.fetchSiteData018(url)
    }
    try db.editPost(
        form.postId, name: form.name.map(ContentRules.trimmed), url: url, body: form.body, nsfw: form.nsfw, languageId: language,
        altText: form.altText, tags: dialect == .v1_0 ? form.tags : nil, by: try call.requireViewer(), now: call.now, dialect: dialect)
    if let thumbnail {
        var media = db.posts[form.postId - 1].media ?? PostMedia()
        media.thumbnailURL = thumbnail
        db.posts[form.postId - 1].media = media
    }
    // Every edit reads the link's page again: 0.18 the edit's link (none clears the thumbnail),
    // 0.19 and 1.0 the post's.
    if let siteData {
        db.store018(siteData, post: form.postId)
    } else {
        try db.generateLinkMetadata(post: form.postId, custom: thumbnail, dialect: dialect, now: call.now)
    }
    return ApiPostResponse(postView: call.renderer(db).postView(form.postId))
}

/// `id`, checked by ``Database/checkLanguage(_:)``.
private func checkedLanguage(_ id: Int?) throws -> Int? {
    try Database.checkLanguage(id)
    return id
}

private func likePost(_ db: inout Database, _ call: Call<ApiCreatePostLike>) throws -> ApiPostResponse {
    let score = call.form.score ?? call.form.isUpvote.map { $0 ? 1 : -1 } ?? 0
    try db.votePost(call.form.postId, by: try call.requireViewer(), score: score, now: call.now, dialect: call.dialect)
    return ApiPostResponse(postView: call.renderer(db).postView(call.form.postId))
}
