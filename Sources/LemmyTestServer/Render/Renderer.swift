import LemmyAPI

/// Turns database rows into the `Api*` values one dialect sends, as seen by one viewer.
///
/// Members a dialect's servers send are filled (0.18 `admin`, 0.19 `counts`,
/// `my_vote`/`saved`/`read`, 1.0 counts folded into entities and `*_actions`); members the
/// dialect does not have are left nil, so they are not encoded.
struct Renderer {
    let db: Database
    let dialect: LemmyDialect
    let viewer: Int?
    /// `host:port` used in `ap_id`s.
    let host: String
    /// `http://host:port`, the origin of this server's `ap_id`s: built once per renderer, not
    /// once per entity.
    let base: String
    /// The request's time (seconds since 1970), for what Lemmy computes from the clock (ranks).
    let now: Double

    init(db: Database, dialect: LemmyDialect, viewer: Int?, host: String, now: Double) {
        self.db = db
        self.dialect = dialect
        self.viewer = viewer
        self.host = host
        self.now = now
        base = "http://" + host
    }

    var v018: Bool { dialect == .v0_18 }
    var v10: Bool { dialect == .v1_0 }
    var state: UserState? { db.user(viewer) }

    func date(_ seconds: Double) -> LemmyDate { dialect.date(seconds) }
    func date(_ seconds: Double?) -> LemmyDate? { seconds.map(dialect.date) }

    /// `origin`, `kind` and `name`, then `suffix`, copied byte for byte into one allocation: as an
    /// interpolation (`"\(home)/u/\(name)"`) each `ap_id` cost about 1,300 instructions, a fifth
    /// of rendering a person, and appended piece by piece to a reserved `String` still 1,400
    /// (callgrind, the BenchmarkServer's GetPosts). Nested `withUTF8` calls: copying through
    /// `withContiguousStorageIfAvailable` or the `utf8` views cost 28,000 to 34,000 instructions
    /// more a GetPosts.
    static func link(_ origin: String, _ kind: StaticString, _ name: String, _ suffix: StaticString = "") -> String {
        var origin = origin
        var name = name
        return origin.withUTF8 { origin in
            name.withUTF8 { name in
                kind.withUTF8Buffer { kind in
                    suffix.withUTF8Buffer { suffix in
                        String(unsafeUninitializedCapacity: origin.count + kind.count + name.count + suffix.count) { buffer in
                            var end = 0
                            func put(_ part: UnsafeBufferPointer<UInt8>) {
                                _ = UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(fromContentsOf: part)
                                end += part.count
                            }
                            put(origin)
                            put(kind)
                            put(name)
                            put(suffix)
                            return end
                        }
                    }
                }
            }
        }
    }

    // MARK: Entities

    func person(_ id: Int) -> ApiPerson {
        let p = db.person(id) ?? PersonRecord(id: id, name: "deleted", password: "", isAdmin: false, published: 0, deleted: true)
        let home = actorBase(p.instanceId)
        var out = ApiPerson(
            id: p.id, name: p.name, displayName: p.displayName, avatar: p.avatar, publishedAt: date(p.published),
            apId: Self.link(home, "/u/", p.name), bio: p.bio, local: p.instanceId == 1, banner: p.banner, deleted: p.deleted,
            botAccount: p.isBot, instanceId: p.instanceId)
        if v10 {
            out.lastRefreshedAt = date(p.published)
            let counts = personCounts(id)
            out.postCount = counts.posts
            out.commentCount = counts.comments
        } else {
            out.banned = db.banFlag(p, now: now)
            out.banExpires = date(p.banExpires)
        }
        // 0.18's `inbox_url` is `#[serde(skip)]` in Lemmy (db_schema/src/source/person.rs, 0.18.5),
        // though lemmy-js-client 0.18 declares it: real 0.18 servers never send it.
        if v018 { out.admin = p.isAdmin }
        return out
    }

    /// `http://host` of an instance: this server's own base, or a peer's domain.
    func actorBase(_ instanceId: Int) -> String {
        instanceId == 1 ? base : "https://" + (db.instanceDomains[instanceId] ?? "unknown.example")
    }

    func personCounts(_ id: Int) -> (posts: Int, comments: Int) {
        guard let person = db.person(id) else { return (0, 0) }
        return (person.postCount, person.commentCount)
    }

    func community(_ id: Int) -> ApiCommunity {
        let c = db.community(id)!
        let home = actorBase(c.instanceId)
        var out = ApiCommunity(
            id: c.id, name: c.name, title: c.title, removed: c.removed, publishedAt: date(c.published),
            deleted: c.deleted, nsfw: c.nsfw, apId: Self.link(home, "/c/", c.name), local: c.instanceId == 1,
            icon: c.icon, banner: c.banner, postingRestrictedToMods: c.postingRestrictedToMods,
            instanceId: c.instanceId)
        if v10 {
            out.sidebar = c.description
            out.lastRefreshedAt = date(c.published)
            out.visibility = ApiCommunityVisibility(wireValue: c.visibility)
            let counts = db.communityCounts(c, dialect: dialect)
            out.subscribers = counts.subscribers
            out.subscribersLocal = counts.subscribersLocal
            out.posts = counts.posts
            out.comments = counts.comments
            out.usersActiveDay = counts.active.day
            out.usersActiveWeek = counts.active.week
            out.usersActiveMonth = counts.active.month
            out.usersActiveHalfYear = counts.active.halfYear
            let reports = db.reportCounts(.community, of: c.id)
            out.reportCount = reports.all
            out.unresolvedReportCount = reports.unresolved
            out.localRemoved = false
        } else {
            out.description = c.description
            out.hidden = c.hidden
            // 0.18's `followers_url` and `inbox_url` are `#[serde(skip)]` in Lemmy 0.18.5
            // (db_schema/src/source/community.rs): lemmy-js-client 0.18 declares them, servers omit them.
            if dialect == .v0_19 { out.visibility = ApiCommunityVisibility(wireValue: c.visibility) }
        }
        return out
    }

    /// A post as stored (1.0's post views blank a deleted or removed post's body, see
    /// ``postBodyIsHidden(_:)``).
    func post(_ id: Int) -> ApiPost {
        let p = db.post(id)!
        var out = ApiPost(
            id: p.id, name: p.name, url: p.url, body: p.body, creatorId: p.creatorId,
            communityId: p.communityId,
            removed: p.removed, locked: p.locked, publishedAt: date(p.published), updatedAt: date(p.updated),
            deleted: p.deleted, nsfw: p.nsfw, apId: Self.link(base, "/post/", String(p.id)), local: true, languageId: p.languageId,
            featuredCommunity: p.featuredCommunity, featuredLocal: p.featuredLocal)
        if let media = p.media {
            out.thumbnailUrl = media.thumbnailURL
            out.embedTitle = media.embedTitle
            out.embedDescription = media.embedDescription
            out.embedVideoUrl = media.embedVideoURL
            out.urlContentType = media.contentType
            out.altText = media.altText
        }
        if v10 {
            out.newestCommentTimeAt = date(p.newestCommentTime)
            out.comments = p.commentCount
            out.score = p.score
            out.upvotes = p.upvotes
            out.downvotes = p.downvotes
            let reports = db.reportCounts(.post, of: id)
            out.reportCount = reports.all
            out.unresolvedReportCount = reports.unresolved
            out.federationPending = false
        }
        return out
    }

    /// A comment as stored. Comment views blank the text of a deleted or removed one
    /// (``Renderer/commentTextIsHidden(_:communityId:)``); reports, the modlog, replies and mentions do not.
    func comment(_ id: Int) -> ApiComment {
        let c = db.comment(id)!
        var out = ApiComment(
            id: c.id, creatorId: c.creatorId, postId: c.postId, content: db.content(of: c),
            removed: c.removed, publishedAt: date(c.published), updatedAt: date(c.updated),
            deleted: c.deleted, apId: Self.link(base, "/comment/", String(c.id)), local: true, path: db.path(of: c),
            distinguished: c.distinguished, languageId: c.languageId)
        if v10 {
            out.score = c.score
            out.upvotes = c.upvotes
            out.downvotes = c.downvotes
            out.childCount = c.childCount
            let reports = db.reportCounts(.comment, of: c.id)
            out.reportCount = reports.all
            out.unresolvedReportCount = reports.unresolved
            out.federationPending = false
            out.locked = c.locked
        }
        return out
    }

    func postAggregates(_ id: Int) -> ApiPostAggregates {
        let p = db.post(id)!
        // 0.18 aggregates carry their own row id; the entity's id stands in for it.
        var counts = ApiPostAggregates(
            postId: p.id, comments: p.commentCount, score: p.score, upvotes: p.upvotes,
            downvotes: p.downvotes, published: date(p.published),
            newestCommentTime: date(p.newestCommentTime),
            newestCommentTimeNecro: v018 ? date(p.newestCommentTime) : nil,
            featuredCommunity: v018 ? p.featuredCommunity : nil,
            featuredLocal: v018 ? p.featuredLocal : nil,
            hotRank: v018 ? Ranking.storedHot018(score: p.score, published: p.published, now: now) : nil,
            hotRankActive: v018 ? Ranking.storedHot018(score: p.score, published: p.newestCommentTime, now: now) : nil)
        counts.id = p.id
        return counts
    }

    func commentAggregates(_ id: Int) -> ApiCommentAggregates {
        let c = db.comment(id)!
        var counts = ApiCommentAggregates(
            commentId: c.id, score: c.score, upvotes: c.upvotes, downvotes: c.downvotes,
            published: date(c.published), childCount: c.childCount,
            hotRank: v018 ? Ranking.storedHot018(score: c.score, published: c.published, now: now) : nil)
        counts.id = c.id
        return counts
    }

    func subscribed(_ communityId: Int) -> ApiSubscribedType {
        guard let state, state.follows[communityId] != nil else { return .notSubscribed }
        return state.pendingFollows.contains(communityId) ? .pending : .subscribed
    }

    func isAdmin(_ personId: Int) -> Bool { db.person(personId)?.isAdmin ?? false }
}
