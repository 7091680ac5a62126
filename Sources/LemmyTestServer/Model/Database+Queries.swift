import Foundation

/// What to list: the dialect-independent meaning of GetPosts.
struct PostQuery: Sendable {
    var listing: ListingScope = .all
    /// Communities whose posts are left out for their visibility
    /// (``Database/communitiesOutOfSight(viewer:dialect:scope:inCommunity:comments:)``).
    var outOfSight: Set<Int> = []
    var sort: PostSort = .hot
    /// Which featured flag puts posts first (set per version by `applyCallerFilters`).
    var featured: FeaturedPin = .local
    /// 1.0's `time_range_seconds`: only posts newer than this, whatever the sort.
    var timeRange: Double?
    var communityId: Int?
    /// 1.0: only posts of these communities (a multi-community's).
    var multiCommunities: Set<Int>?
    var creatorId: Int?
    /// 1.0's `tag_id`: only posts carrying this community tag (deleted or not: the post keeps its
    /// link to a deleted tag).
    var tagId: Int?
    var savedOnly = false
    var likedOnly = false
    var dislikedOnly = false
    /// 0.19's liked and disliked lists leave out the viewer's own posts.
    var likedExcludesOwn = false
    /// Whether the viewer's hidden posts are listed (as the version resolves `show_hidden`).
    var showHidden = false
    /// Whether the viewer's read posts are listed (as the version resolves `show_read` and the
    /// `show_read_posts` setting).
    var showRead = true
    var showNSFW: Bool?
    /// Which deleted and removed posts are listed.
    var removed = RemovedPosts()
    /// Whose posts and which communities' posts the viewer's blocks leave out (see
    /// ``Database/commentBlocks(viewer:dialect:listing:postId:)``).
    var blockedCreators: Set<Int> = []
    var blockedCommunities: Set<Int> = []
    /// The viewer's discussion languages: posts in any other are left out; nil lists every language.
    var languages: Set<Int>?
    /// The viewer hides bots (`show_bot_accounts` off).
    var hidesBots = false
    /// Matched as Lemmy's `fuzzy_search` (``FuzzyTerm``).
    var searchTerm: String?
    /// Search's URL kind: posts linking exactly this URL.
    var url: String?
    /// 1.0: match the search term in titles only (else titles and bodies).
    var searchTitleOnly = false
    /// 1.0: only posts without comments.
    var noCommentsOnly = false
    /// 1.0: leave out posts whose link is an image or a video (by its content type).
    var hideMedia = false
    var page: Int?
    var limit = 10
    var cursor: String?
    var alwaysNext = false
    /// 0.19's cursors: `P` and the hex id of the post a page ends with, resumed from that post's
    /// place in the ordering now (see ``PostCursor``), not from a position frozen in the cursor.
    var postIdCursors = false
    /// 1.0's cursors (``Paging/page(ordered:page:limit:position:alwaysNext:fullPages:offsetsCursors:matching:)``).
    var fullPageCursors = false
}

/// Which deleted and removed posts (and posts of deleted and removed communities) a post list
/// shows; by default none.
struct RemovedPosts: Sendable {
    /// Every one: 0.18 for admins, and for the community's moderators when the list names it.
    var all = false
    /// The viewer's own deleted posts (0.19, 1.0).
    var ownDeleted = false
    /// Removed posts and the posts of removed communities: 0.19 for admins on a profile, 1.0 for admins.
    var removed = false
}

/// What to list: the dialect-independent meaning of GetComments.
struct CommentQuery: Sendable {
    /// Communities whose comments are left out for their visibility
    /// (``Database/communitiesOutOfSight(viewer:dialect:scope:inCommunity:comments:)``).
    var outOfSight: Set<Int> = []
    /// 1.0 leaves out comments on NSFW posts and in NSFW communities unless the caller shows
    /// NSFW (`db_views/comment/src/impls.rs`); 0.18 and 0.19 do not filter comments so.
    var hideNSFW = false
    var postId: Int?
    var parentId: Int?
    var communityId: Int?
    var creatorId: Int?
    var maxDepth: Int?
    var sort = "hot"
    var savedOnly = false
    var likedOnly = false
    var dislikedOnly = false
    /// Matched as Lemmy's `fuzzy_search` (``FuzzyTerm``).
    var searchTerm: String?
    /// Leave deleted and removed comments out: 0.18's and 0.19's Search, and 0.18's GetComments
    /// for anyone but admins and the community's moderators (0.19's and 1.0's show them).
    var hidesRemoved = false
    var page: Int?
    var limit = 10
    var cursor: String?
    /// 1.0's tree fetches page by cursor (``TreePaging``); 0.18's and 0.19's answer the first page only.
    var treeCursors = false
    /// The communities the comments come from (see ``Database/listingScope(_:communityId:viewer:dialect:)``).
    var listing: ListingScope = .all
    /// 0.18 ranks Hot by the integer it stores (``Ranking/storedHot018(score:published:now:)``).
    var storedHotRanks = false
    /// 1.0's cursors for a flat list (``Paging/page(ordered:page:limit:position:alwaysNext:fullPages:offsetsCursors:matching:)``).
    var fullPageCursors = false
    /// Whose comments and which communities' comments the viewer's blocks leave out (see
    /// ``Database/commentBlocks(viewer:dialect:listing:postId:)``).
    var blockedCreators: Set<Int> = []
    var blockedCommunities: Set<Int> = []
    /// The viewer hides bots (`show_bot_accounts` off).
    var hidesBots = false
    /// 0.19's liked and disliked lists leave out the viewer's own comments.
    var likedExcludesOwn = false
    /// 1.0's `time_range_seconds`: only comments newer than this.
    var timeRange: Double?
    /// The viewer's discussion languages: comments in any other are left out; nil lists every language.
    var languages: Set<Int>?
    /// 0.19 orders saved comments by when they were saved, newest first, before the sort
    /// (`then_order_by(comment_saved::published.desc())`).
    var savedFirst = false
    /// Distinguished comments before the others, tree fetch or not: 0.19 for a post's or a
    /// parent's comments; 1.0 the same except under New and Old. 0.18 does not.
    var distinguishedFirst = false
    /// A tree fetch orders parent paths last first: 1.0 orders every key in the sort's direction,
    /// descending for all but Old (`CommentView::paginate` with `Subpath(key::path)`), so replies
    /// come before their parents.
    var parentPathDescending = false
    /// 0.18's tree fetch under Top orders by score alone (its `order_by` replaces the path order).
    var parentPathIgnored = false
}

extension Database {
    /// Posts the viewer can see in a feed: deleted and removed ones as ``PostQuery/removed`` says,
    /// none of blocked people or communities, in other languages or by bots when the query says
    /// so, no NSFW unless allowed, no hidden or read posts unless asked.
    ///
    /// Walks the sort's ordering of every post (cached per revision, see ``PostOrders``) and stops
    /// once the page and the posts around it are known, instead of sorting every post each time.
    func listPosts(_ query: PostQuery, viewer: Int?, now: Double) throws -> PageResult {
        let state = user(viewer)
        let showNSFW = query.showNSFW ?? (viewer.flatMap { person($0)?.showNSFW } ?? false)
        let term = query.searchTerm.map(FuzzyTerm.init)
        let window: Double? = if case .top(let w) = query.sort { w } else { query.timeRange }
        let visible = { (id: Int) -> Bool in
            let post = self.posts[id - 1]
            if !query.removed.all {
                // Read in place: `community(_:)` copies the whole record.
                let index = post.communityId - 1
                let known = index >= 0 && index < self.communities.count
                if known && self.communities[index].deleted { return false }
                if post.deleted && !(query.removed.ownDeleted && post.creatorId == viewer) { return false }
                if (post.removed || (known && self.communities[index].removed)) && !query.removed.removed { return false }
            }
            if self.purged.posts.contains(id) { return false }
            if let id = query.communityId, post.communityId != id { return false }
            if let ids = query.multiCommunities, !ids.contains(post.communityId) { return false }
            if !query.outOfSight.isEmpty && query.outOfSight.contains(post.communityId) { return false }
            if let id = query.creatorId, post.creatorId != id { return false }
            if let tag = query.tagId, !post.tags.contains(tag) { return false }
            // Every version hides the posts of an NSFW community too (`community::nsfw.eq(false)`).
            if !showNSFW && (post.nsfw || self.isNSFWCommunity(post.communityId)) { return false }
            // Lemmy keeps `published > now - window` (so a window of 0 or less keeps nothing).
            if let window, post.published <= now - window { return false }
            if query.blockedCreators.contains(post.creatorId) || query.blockedCommunities.contains(post.communityId) { return false }
            if let languages = query.languages, !languages.contains(post.languageId) { return false }
            if query.hidesBots && post.creatorId >= 1 && post.creatorId <= self.persons.count && self.persons[post.creatorId - 1].isBot {
                return false
            }
            if let state {
                if !query.showHidden && state.hiddenPosts[post.id] != nil { return false }
                if !query.showRead && state.readPosts[post.id] != nil { return false }
                if query.savedOnly && state.savedPosts[post.id] == nil { return false }
                if (query.likedOnly || query.dislikedOnly) && query.likedExcludesOwn && post.creatorId == viewer { return false }
                if query.likedOnly && state.postVotes[post.id] != 1 { return false }
                if query.dislikedOnly && state.postVotes[post.id] != -1 { return false }
            } else if query.savedOnly || query.likedOnly || query.dislikedOnly {
                return false
            }
            if !self.isInScope(query.listing, communityId: post.communityId, viewer: viewer) { return false }
            if query.noCommentsOnly && post.commentCount > 0 { return false }
            if query.hideMedia, let type = post.media?.contentType, type.hasPrefix("image/") || type.hasPrefix("video/") { return false }
            if let term, !term.matches(post.name) {
                if query.searchTitleOnly || !term.matches(post.body) { return false }
            }
            if let url = query.url, post.url != url { return false }
            return true
        }
        let ordered = postOrder(query.sort, featured: query.featured, now: now)
        guard query.postIdCursors else {
            return try Paging.page(
                ordered: ordered.items, page: query.page, limit: query.limit, cursor: query.cursor,
                alwaysNext: query.alwaysNext, fullPages: query.fullPageCursors, offsetsCursors: true, matching: visible)
        }
        var position: PagePosition?
        if let cursor = query.cursor {
            guard let id = PostCursor.postId(cursor), let key = ordered.key(of: id) else {
                throw PostCursor.unreadable
            }
            position = PagePosition(key: key, direction: .next)
        }
        var result = Paging.page(
            ordered: ordered.items, page: query.page, limit: query.limit, position: position, alwaysNext: query.alwaysNext,
            offsetsCursors: true, matching: visible)
        result.next = result.ids.last.map(PostCursor.after)
        result.previous = nil
        return result
    }

    /// Every post in `sort`'s order (posts with the `featured` flag first), highest key first.
    /// Taken from ``postOrders`` unless this value was changed since the store handed it out
    /// (then it describes a state no one else sees).
    func postOrder(_ sort: PostSort, featured: FeaturedPin, now: Double) -> PostOrder {
        if written { return computePostOrder(sort, featured: featured, now: now) }
        return postOrders.order(sort, featured: featured, revision: revision, now: now) { computedAt in
            computePostOrder(sort, featured: featured, now: computedAt)
        }
    }

    /// Sorts every post by ``key(for:sort:featured:now:)``, highest first.
    func computePostOrder(_ sort: PostSort, featured pin: FeaturedPin, now: Double) -> PostOrder {
        PostOrder(posts.map { (id: $0.id, key: key(for: $0, sort: sort, featured: pin, now: now)) }.sorted { $0.key > $1.key })
    }

    /// Where `post` sorts by `sort`: first if it has the `featured` flag, then the sort's value,
    /// then the id.
    func key(for post: PostRecord, sort: PostSort, featured pin: FeaturedPin, now: Double) -> SortKey {
        let featured =
            switch pin {
            case .local: post.featuredLocal
            case .community: post.featuredCommunity
            case .neither: false
            }
        let primary: Double
        var tiebreak = post.id
        switch sort {
        case .hot: primary = Ranking.hot(score: post.score, published: post.published, now: now)
        case .active: primary = Ranking.hot(score: post.score, published: post.newestCommentTime, now: now)
        case .storedHot018, .storedActive018:
            // 0.18 breaks ties newest first (`published desc`), then by id here.
            let at = sort == .storedHot018 ? post.published : post.newestCommentTime
            return SortKey(
                featured: featured ? 1 : 0, primary: Ranking.storedHot018(score: post.score, published: at, now: now),
                secondary: post.published, tiebreak: post.id)
        case .scaled:
            // Scaled is 0.19's and 1.0's, which count the same subscribers.
            let subscribers = community(post.communityId).map { subscriberCount($0, dialect: .v1_0) } ?? 0
            primary = Ranking.hot(score: post.score, published: post.published, now: now) / log(2 + Double(subscribers))
        case .new: primary = post.published
        case .old:
            primary = -post.published
            tiebreak = -post.id
        case .newComments: primary = post.newestCommentTime
        case .mostComments: primary = Double(post.commentCount)
        case .controversial: primary = Ranking.controversial(up: post.upvotes, down: post.downvotes)
        case .top: primary = Double(post.score)
        }
        // Every version breaks ties newest first, then by id, except for the sorts that are
        // times already (`use publish as fallback`, `post_view.rs` at 0.19.13, `db_views/post`
        // on 1.0; 0.18's `then_order_by(published.desc())` for Hot, Active, MostComments and Top).
        switch sort {
        case .new, .old, .newComments: return SortKey(featured: featured ? 1 : 0, primary: primary, tiebreak: tiebreak)
        default: return SortKey(featured: featured ? 1 : 0, primary: primary, secondary: post.published, tiebreak: tiebreak)
        }
    }

    /// Comments as GetComments returns them. With `maxDepth` and a post or parent (a tree fetch)
    /// the list is ordered by parent path, then sort, and cut at `query.limit` (the route sets
    /// Lemmy's 300); otherwise it is a flat, paged list.
    func listComments(_ query: CommentQuery, viewer: Int?, now: Double) throws -> PageResult {
        let state = user(viewer)
        var candidates: [Int]
        if let postId = query.postId {
            guard postId >= 1 && postId <= commentsByPost.count else { return PageResult(ids: []) }
            candidates = commentsByPost[postId - 1]
        } else {
            candidates = Array(comments.indices.map { $0 + 1 })
        }
        // Depth limit as Lemmy's `nlevel(path) <= nlevel(parent path) + max_depth`.
        var topDepth = 0
        var depthLimit = query.maxDepth.map { $0 - 1 }
        var parentPath: [Int] = []
        if let parentId = query.parentId {
            guard let parent = comment(parentId) else { return PageResult(ids: []) }
            parentPath = pathIds(of: parent)
            topDepth = parent.depth
            depthLimit = query.maxDepth.map { parent.depth + $0 }
        }
        let term = query.searchTerm.map(FuzzyTerm.init)
        var keyed: [(id: Int, key: SortKey)] = []
        for id in candidates {
            let row = comments[id - 1]
            if purged.comments.contains(id) { continue }
            if let c = query.communityId, post(row.postId)?.communityId != c { continue }
            if query.listing != .all || !query.outOfSight.isEmpty || query.hideNSFW {
                // Read in place: `post(_:)` copies the whole record.
                guard row.postId >= 1 && row.postId <= posts.count else { continue }
                let communityId = posts[row.postId - 1].communityId
                if query.listing != .all && !isInScope(query.listing, communityId: communityId, viewer: viewer) { continue }
                if query.outOfSight.contains(communityId) { continue }
                if query.hideNSFW && (posts[row.postId - 1].nsfw || isNSFWCommunity(communityId)) { continue }
            }
            if let c = query.creatorId, row.creatorId != c { continue }
            if query.blockedCreators.contains(row.creatorId) { continue }
            if !query.blockedCommunities.isEmpty, let post = post(row.postId), query.blockedCommunities.contains(post.communityId) {
                continue
            }
            if query.hidesBots && (person(row.creatorId)?.isBot ?? false) { continue }
            if let languages = query.languages, !languages.contains(row.languageId) { continue }
            if let range = query.timeRange, row.published <= now - range { continue }
            if query.parentId != nil {
                if row.depth < topDepth { continue }
                if Array(pathIds(of: row).prefix(parentPath.count)) != parentPath { continue }
            }
            if let depthLimit, row.depth > depthLimit { continue }
            if let state {
                if query.savedOnly && state.savedComments[id] == nil { continue }
                if (query.likedOnly || query.dislikedOnly) && query.likedExcludesOwn && row.creatorId == viewer { continue }
                if query.likedOnly && state.commentVotes[id] != 1 { continue }
                if query.dislikedOnly && state.commentVotes[id] != -1 { continue }
            } else if query.savedOnly || query.likedOnly || query.dislikedOnly {
                continue
            }
            if let term, !term.matches(content(of: row)) { continue }
            if query.hidesRemoved && (row.deleted || row.removed) { continue }
            // No version leaves out the comments of a deleted or removed post: their comment
            // views filter neither `post::deleted` nor `post::removed`.
            var key = commentKey(row, sort: query.sort, storedHotRanks: query.storedHotRanks, now: now)
            if query.distinguishedFirst && row.distinguished { key.featured = 1 }
            if query.savedFirst, let saved = state?.savedComments[id] {
                // The save time leads; the sort's value only breaks its ties.
                key = SortKey(featured: 0, primary: saved, secondary: key.primary, tiebreak: key.tiebreak)
            }
            keyed.append((id, key))
        }
        if query.maxDepth != nil, query.postId != nil || query.parentId != nil {
            // Tree fetch, in Lemmy's order: by the parent's path as `ltree` orders it (label by
            // label, each label's text compared byte by byte: `0.10` before `0.9`; 1.0 last
            // first), then the key (distinguished first where the version does, then the sort);
            // the first 300 (`limit` and `page` are ignored).
            let rows = keyed.map { entry in
                (id: entry.id, key: entry.key, parentPath: ["0"] + pathIds(of: comments[entry.id - 1]).dropLast().map(String.init))
            }
            let ordered = rows.sorted { a, b in
                if !query.parentPathIgnored && a.parentPath != b.parentPath {
                    let ascending = a.parentPath.lexicographicallyPrecedes(b.parentPath) {
                        Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
                    }
                    return ascending != query.parentPathDescending
                }
                return a.key > b.key
            }
            let ids = ordered.map(\.id)
            if query.treeCursors { return try TreePaging.page(ids, limit: query.limit, cursor: query.cursor) }
            return PageResult(ids: Array(ids.prefix(query.limit)))
        }
        return try Paging.page(keyed, page: query.page, limit: query.limit, cursor: query.cursor, fullPages: query.fullPageCursors)
    }

    /// Where `row` sorts by `sort`. Hot is Lemmy's `hot_rank desc, score desc` in every version
    /// (`comment_view.rs` at 0.18.5 and 0.19.13, `db_views/comment/src/impls.rs` on 1.0), with
    /// 0.18's stored integer rank when `storedHotRanks`; the id only makes the order total.
    func commentKey(_ row: CommentRecord, sort: String, storedHotRanks: Bool = false, now: Double) -> SortKey {
        switch sort.lowercased() {
        case "new": SortKey(featured: 0, primary: row.published, tiebreak: row.id)
        case "old": SortKey(featured: 0, primary: -row.published, tiebreak: -row.id)
        case "top": SortKey(featured: 0, primary: Double(row.score), tiebreak: row.id)
        case "controversial": SortKey(featured: 0, primary: Ranking.controversial(up: row.upvotes, down: row.downvotes), tiebreak: row.id)
        default:
            SortKey(
                featured: 0,
                primary: storedHotRanks
                    ? Ranking.storedHot018(score: row.score, published: row.published, now: now)
                    : Ranking.hot(score: row.score, published: row.published, now: now),
                secondary: Double(row.score), tiebreak: row.id)
        }
    }
}

extension Database {
    /// The people and communities whose comments `viewer`'s blocks leave out of a comment list:
    /// 0.18 blocked people, and blocked communities unless the list is a post's
    /// (`comment_view.rs` at 0.18.5); 0.19 blocked people, communities and instances' communities,
    /// none in the moderator view (0.19.13); 1.0 `filter_blocked` outside the moderator view:
    /// blocked people and the people of instances blocked so, blocked communities and the
    /// communities of instances blocked so unless followed (`db_schema/src/utils/queries/filters.rs`).
    func commentBlocks(viewer: Int?, dialect: LemmyDialect, listing: ListingScope, postId: Int?) -> (
        creators: Set<Int>, communities: Set<Int>
    ) {
        guard let viewer, let state = users[viewer] else { return ([], []) }
        var creators = Set(state.blockedPersons.keys)
        var blocked = Set(state.blockedCommunities.keys)
        switch dialect {
        case .v0_18:
            if postId != nil { blocked = [] }
        case .v0_19, .v1_0:
            guard listing != .moderatorView else { return ([], []) }
            let instances = Set(state.blockedInstances.keys)
            if !instances.isEmpty {
                for community in communities where instances.contains(community.instanceId) {
                    if dialect == .v1_0 && state.follows[community.id] != nil { continue }
                    blocked.insert(community.id)
                }
            }
            if dialect == .v1_0 && !state.blockedInstancePersons.isEmpty {
                creators.formUnion(persons.filter { state.blockedInstancePersons[$0.instanceId] != nil }.map(\.id))
            }
        }
        return (creators, blocked)
    }

    /// 0.18's and 0.19's hidden communities (HideCommunity), whose posts and comments All and
    /// Local leave out unless the viewer follows them (`community::hidden.eq(false).or(is_subscribed)`,
    /// in a community too: there the listing is All).
    func hiddenCommunities(viewer: Int?, dialect: LemmyDialect, listing: ListingScope) -> Set<Int> {
        guard dialect != .v1_0, listing == .all || listing == .local else { return [] }
        let follows = viewer.flatMap { users[$0]?.follows } ?? [:]
        return Set(communities.filter { community in community.hidden && follows[community.id] == nil }.map(\.id))
    }
}
