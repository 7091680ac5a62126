import Foundation
import LemmyAPI

/// Search as each version answers it (`apub/src/api/search.rs` at 0.18.5 and 0.19.13,
/// `api/api/src/federation/search.rs` on 1.0): one query per kind, each given the full limit,
/// posts, comments and communities filtered as their own lists filter them.
///
/// - The term is Lemmy's `fuzzy_search` (``FuzzyTerm``): posts by title or body (title only with
///   0.19's `post_title_only` or 1.0's `title_only`), comments by content, communities by name or
///   title (1.0 also actor id and sidebar), people by name or display name (1.0 also actor id
///   and bio, unless `title_only`).
/// - The URL kind (0.18, 0.19) and 1.0's `post_url_only` find posts linking exactly the term;
///   on 1.0 a term that is not a URL finds no posts (its error is swallowed).
/// - Orders: posts Hot (0.18 and 0.19 take `sort`); comments Hot, or `post_to_comment_sort_type`
///   of `sort` (0.18, 0.19), New on 1.0; communities by the community list's order for `sort`
///   (Hot by default), New on 1.0; people by `sort` as ``Database/searchPersons(_:titleOnly:dialect:sort:now:)``
///   says (0.18, 0.19), newest first on 1.0.
/// - 0.18 and 0.19 apply `listing_type` when it is sent (0.19 to people too); 1.0 searches All.
/// - With a community or a creator, All leaves communities and people out.
/// - 0.18 and 0.19 hide deleted and removed comments (1.0 does not); 0.19 and 1.0 hide deleted
///   people. 1.0 pages each kind by its cursor (All by five at once, ``SearchCursor``), leaves a
///   kind whose search fails empty (a bad limit or cursor), and resolves the term as
///   ResolveObject does (`resolve`); it compares `post_url_only` URLs as sent, without Lemmy's
///   cleaning.
func search(_ db: Database, _ call: Call<ApiSearch>) throws -> ApiSearchResponse {
    let form = call.form
    let v10 = call.dialect == .v1_0
    let term = form.q ?? form.searchTerm ?? ""
    let type = form.type ?? .all
    // A name wins over an id (and must resolve), as in GetPosts.
    var communityId = form.communityId
    if let name = form.communityName {
        guard let community = db.community(named: name) else { throw APIError.recordNotFound }
        communityId = community.id
    }
    var creatorId = form.creatorId
    if v10, let name = form.creatorUsername {
        guard let person = db.person(named: name) else { throw APIError.notFound("person") }
        creatorId = person.id
    }
    // `creator_username` (1.0) filters but does not narrow All, as Lemmy's check reads the others.
    let narrowed = form.communityId != nil || form.communityName != nil || form.creatorId != nil
    let page = v10 ? nil : form.page
    // 1.0: each kind's cursor, and the ones each kind answers with.
    let cursorKind = SearchCursor.Kind(type)
    let cursors = v10 ? SearchCursor.parts(form.pageCursor, kind: cursorKind) : [:]
    var nextCursors: [SearchCursor.Kind: String] = [:]
    var previousCursors: [SearchCursor.Kind: String] = [:]
    func finish() {
        guard v10 else { return }
        response.nextPage = SearchCursor.joined(nextCursors, kind: cursorKind)
        response.prevPage = SearchCursor.joined(previousCursors, kind: cursorKind)
    }
    /// Runs one kind's search with its cursor. 1.0 runs a kind only without a cursor or with one
    /// for it, and leaves a kind that fails empty (`if let Ok(..)`; an empty cursor does not
    /// decode); 0.18 and 0.19 fail the request.
    func run(_ kind: SearchCursor.Kind, _ body: (String?) throws -> PageResult) throws {
        guard v10 else {
            _ = try body(nil)
            return
        }
        if form.pageCursor != nil && (cursors[kind] ?? "").isEmpty { return }
        guard let result = try? body(cursors[kind]) else { return }
        nextCursors[kind] = result.next
        previousCursors[kind] = result.previous
    }
    let renderer = call.renderer(db)
    var response = emptySearch(call.dialect, type)
    if v10 {
        // 1.0 also resolves the term as an object (`!community`, `@person`, a URL); a term that
        // does not resolve leaves `resolve` out.
        response.resolve = (try? resolve(db, term, dialect: call.dialect)).map { resolvedView($0, renderer) }
    }
    let limit: Int
    do {
        limit = try call.limit(form.limit, page: form.page)
    } catch  where v10 {
        // 1.0 runs each kind with `if let Ok(..)`: a refused limit leaves every list empty.
        finish()
        return response
    }
    // 0.18 and 0.19 apply a listing type only when one is sent; 1.0 searches All.
    let listing = v10 ? nil : form.listingType

    if type == .all || type == .posts || type == .url {
        var query = PostQuery()
        query.fullPageCursors = v10
        query.sort = v10 ? .hot : PostSort(v3: form.sort?.wireValue(for: .v3), dialect: call.dialect)
        // 1.0 passes the range as sent, without GetPosts' defaults: 0 or less keeps nothing.
        query.timeRange = v10 ? form.timeRangeSeconds.map(Double.init) : nil
        let byURL = type == .url || (v10 && form.postUrlOnly == true)
        if byURL {
            query.url = term
        } else {
            query.searchTerm = term
            query.searchTitleOnly = (v10 ? form.titleOnly : form.postTitleOnly) ?? false
        }
        query.communityId = communityId
        query.creatorId = creatorId
        if let listing { query.listing = ListingScope(listing) }
        query.page = page
        query.limit = limit
        query.showNSFW = form.showNsfw
        applyCallerFilters(
            to: &query, db, call, showRead: nil, showHidden: nil, hasListingType: listing != nil || v10, adminsOnly018: true)
        // 1.0 parses the term as a URL first; one that is not finds nothing.
        if !(v10 && byURL && URL(string: term)?.host == nil) {
            try run(.posts) { cursor in
                query.cursor = cursor
                let result = try db.listPosts(query, viewer: call.viewer, now: call.now)
                response.posts = result.ids.map(renderer.postView)
                return result
            }
        }
    }
    if type == .all || type == .comments {
        var query = CommentQuery()
        query.storedHotRanks = call.dialect == .v0_18
        query.fullPageCursors = v10
        query.searchTerm = term
        query.sort = v10 ? "new" : commentSort(forPostSort: form.sort?.wireValue(for: .v3) ?? "Hot")
        query.hidesRemoved = !v10
        query.timeRange = v10 ? form.timeRangeSeconds.map(Double.init) : nil
        query.hideNSFW = v10 && !(call.viewer.flatMap(db.person)?.showNSFW ?? false)
        query.outOfSight = db.communitiesOutOfSight(
            viewer: call.viewer, dialect: call.dialect, scope: .all, inCommunity: communityId != nil, comments: true)
        query.communityId = communityId
        query.creatorId = creatorId
        if let listing { query.listing = ListingScope(listing) }
        applyCallerFilters(to: &query, db, call, postId: nil, hasListingType: listing != nil)
        query.page = page
        query.limit = limit
        try run(.comments) { cursor in
            query.cursor = cursor
            let result = try db.listComments(query, viewer: call.viewer, now: call.now)
            response.comments = result.ids.map(renderer.commentView)
            return result
        }
    }
    if type == .communities || (type == .all && !narrowed) {
        var list = ApiListCommunities(sort: v10 ? .new : form.sort.map { ApiCommunitySortType(wireValue: $0.wireValue(for: .v3)) })
        list.searchTerm = term
        list.searchTitleOnly = form.titleOnly
        list.showNsfw = form.showNsfw
        list.timeRangeSeconds = v10 ? form.timeRangeSeconds : nil
        list.type = listing
        let keyed = db.communityListing(list, viewer: call.viewer, dialect: call.dialect, now: call.now, search: term)
        try run(.communities) { cursor in
            let result = try Paging.page(keyed, page: page, limit: limit, cursor: cursor, fullPages: v10)
            response.communities = result.ids.map(renderer.communityView)
            return result
        }
    }
    if type == .users || (type == .all && !narrowed) {
        let sort = v10 ? nil : PostSort(v3: form.sort?.wireValue(for: .v3), dialect: .v0_19)
        var keyed = db.searchPersons(
            FuzzyTerm(term), titleOnly: v10 && form.titleOnly == true, dialect: call.dialect, sort: sort, now: call.now)
        // 0.19's people take the listing type: Local keeps this instance's, Subscribed none.
        if call.dialect == .v0_19, let listing {
            switch listing {
            case .local: keyed.removeAll { db.person($0.id)?.instanceId != 1 }
            case .subscribed: keyed = []
            default: break
            }
        }
        try run(.persons) { cursor in
            let result = try Paging.page(keyed, page: page, limit: limit, cursor: cursor, fullPages: v10)
            let people = result.ids.map(renderer.personView)
            if v10 { response.persons = people } else { response.users = people }
            return result
        }
    }
    // 1.0's fifth kind: every multi-community, newest first, by the term in names and titles
    // (and unless `title_only` the descriptions), the creator and the time range.
    if v10 && (type == .multiCommunities || (type == .all && !narrowed)) {
        let list = ApiListMultiCommunities(
            type: .all, sort: .new, creatorId: creatorId, timeRangeSeconds: form.timeRangeSeconds, searchTerm: term,
            searchTitleOnly: form.titleOnly)
        let keyed = db.multiCommunityListing(list, viewer: call.viewer, now: call.now)
        try run(.multiCommunities) { cursor in
            let result = try Paging.page(keyed, page: nil, limit: limit, cursor: cursor, fullPages: true)
            response.multiCommunities = result.ids.map(renderer.multiCommunityView)
            return result
        }
    }
    finish()
    return response
}

/// An answer with every list empty, in `dialect`'s shape.
private func emptySearch(_ dialect: LemmyDialect, _ type: ApiSearchType) -> ApiSearchResponse {
    var response = ApiSearchResponse(comments: [], posts: [], communities: [])
    if dialect == .v1_0 {
        response.persons = []
        response.multiCommunities = []
    } else {
        response.users = []
        response.type = type
    }
    return response
}

extension Database {
    /// The people Search finds for `term`, each with its place: 1.0 newest first; 0.18 and 0.19
    /// by the post sort `sort` (`person_view.rs` at 0.18.5 and 0.19.13): New and NewComments
    /// newest first, Old oldest first, MostComments by comment count, any other by comment score
    /// (which the test server keeps at 0, so by id), and 0.18's Top sorts keep only those who
    /// signed up within the window. 0.19 and 1.0 leave deleted accounts out; 1.0 also matches the
    /// actor id and, unless `titleOnly`, the bio.
    func searchPersons(_ term: FuzzyTerm, titleOnly: Bool, dialect: LemmyDialect, sort: PostSort? = nil, now: Double = 0)
        -> [(id: Int, key: SortKey)]
    {
        persons.compactMap { person in
            if dialect != .v0_18 && person.deleted { return nil }
            if dialect == .v0_18, case .top(let window?) = sort, person.published <= now - window { return nil }
            var found = term.matches(person.name) || term.matches(person.displayName)
            if dialect == .v1_0 && !found {
                let home = person.instanceId == 1 ? "" : "https://" + (instanceDomains[person.instanceId] ?? "")
                found = term.matches(home + "/u/" + person.name) || (!titleOnly && term.matches(person.bio))
            }
            guard found else { return nil }
            if dialect == .v1_0 { return (person.id, SortKey(featured: 0, primary: person.published, tiebreak: person.id)) }
            let primary: Double =
                switch sort {
                case .new?, .newComments?: person.published
                case .old?: -person.published
                case .mostComments?: Double(person.commentCount)
                default: 0
                }
            return (person.id, SortKey(featured: 0, primary: primary, tiebreak: -person.id))
        }
    }
}
