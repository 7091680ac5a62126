import Foundation
import LemmyAPI

extension Renderer {
    func communityActions(_ communityId: Int) -> ApiCommunityActions? {
        guard let state else { return nil }
        let followed = state.follows[communityId]
        let blocked = state.blockedCommunities[communityId]
        let moderator = viewer.map { db.isModerator($0, of: communityId) } ?? false
        let notifications = state.communityNotifications[communityId]
        guard followed != nil || blocked != nil || moderator || notifications != nil else { return nil }
        return ApiCommunityActions(
            followedAt: date(followed), blockedAt: date(blocked),
            becameModeratorAt: moderator ? date(db.siteCreated) : nil,
            followState: followed == nil ? nil : Database.followState(state, communityId), notifications: notifications)
    }

    func personActions(_ personId: Int) -> ApiPersonActions? {
        let blocked = state?.blockedPersons[personId]
        let note = v10 ? state?.personNotes[personId] : nil
        let votes = v10 ? state?.personVotes[personId] : nil
        guard blocked != nil || note != nil || votes != nil else { return nil }
        return ApiPersonActions(
            blockedAt: date(blocked), notedAt: date(note?.at), note: note?.text, votedAt: date(votes?.at), upvotes: votes?.upvotes,
            downvotes: votes?.downvotes)
    }

    /// The JSON of the views of posts `ids` in the dialect: kept in ``Database/encodedPostViews``
    /// for the store's state, encoded afresh from a state the handler has changed.
    func postViewsJSON(_ ids: [Int]) throws -> [Data] {
        let encode = { (id: Int) throws -> Data in try dialect.encode(postView(id)) }
        if db.written { return try ids.map(encode) }
        return try db.encodedPostViews.json(ids, viewer: viewer, dialect: dialect, revision: db.revision, encode: encode)
    }

    func postView(_ id: Int) -> ApiPostView {
        let p = db.post(id)!
        let creatorIsMod = db.isModerator(p.creatorId, of: p.communityId)
        var view = ApiPostView(
            post: post(id), creator: person(p.creatorId), community: community(p.communityId),
            creatorBannedFromCommunity: db.isBanned(p.creatorId, from: p.communityId))
        if postBodyIsHidden(p) { view.post.body = "" }
        if v10 {
            let vote = state?.postVotes[id]
            let actions = ApiPostActions(
                readAt: date(state?.readPosts[id]),
                savedAt: date(state?.savedPosts[id]), votedAt: date(state?.postVoteTimes[id]),
                hiddenAt: date(state?.hiddenPosts[id]),
                readCommentsAmount: state?.readCommentCounts[id],
                voteIsUpvote: vote.map { $0 == 1 }, notifications: state?.postNotifications[id])
            view.postActions = actions == ApiPostActions() ? nil : actions
            view.communityActions = communityActions(p.communityId)
            view.personActions = personActions(p.creatorId)
            view.creatorIsAdmin = isAdmin(p.creatorId)
            view.creatorIsModerator = creatorIsMod
            view.canMod = db.canMod(viewer, creator: p.creatorId, community: p.communityId)
            view.creatorBanned = db.banFlag(p.creatorId, now: now)
            view.creatorBanExpiresAt = siteBanExpiry(p.creatorId)
            view.tags = postTags(p)
        } else {
            view.counts = postAggregates(id)
            view.subscribed = subscribed(p.communityId)
            view.saved = state?.savedPosts[id] != nil
            view.read = state?.readPosts[id] != nil
            view.creatorBlocked = state?.blockedPersons[p.creatorId] != nil
            view.myVote = state?.postVotes[id]
            view.unreadComments = p.commentCount - (state?.readCommentCounts[id] ?? 0)
            if dialect == .v0_19 {
                view.creatorIsAdmin = isAdmin(p.creatorId)
                view.creatorIsModerator = creatorIsMod
                view.bannedFromCommunity = viewer.map { db.isBanned($0, from: p.communityId) } ?? false
                view.hidden = state?.hiddenPosts[id] != nil
            }
        }
        return view
    }

    func commentView(_ id: Int) -> ApiCommentView {
        let c = db.comment(id)!
        let communityId = db.post(c.postId)!.communityId
        var view = ApiCommentView(
            comment: comment(id), creator: person(c.creatorId), post: post(c.postId),
            community: community(communityId),
            creatorBannedFromCommunity: db.isBanned(c.creatorId, from: communityId))
        if commentTextIsHidden(c, communityId: communityId) { view.comment.content = "" }
        if v10 {
            let vote = state?.commentVotes[id]
            let actions = ApiCommentActions(
                votedAt: date(state?.commentVoteTimes[id]), savedAt: date(state?.savedComments[id]),
                voteIsUpvote: vote.map { $0 == 1 })
            view.commentActions = actions == ApiCommentActions() ? nil : actions
            view.communityActions = communityActions(communityId)
            view.personActions = personActions(c.creatorId)
            view.creatorIsAdmin = isAdmin(c.creatorId)
            view.creatorIsModerator = db.isModerator(c.creatorId, of: communityId)
            view.canMod = db.canMod(viewer, creator: c.creatorId, community: communityId)
            view.creatorBanned = db.banFlag(c.creatorId, now: now)
            view.creatorBanExpiresAt = siteBanExpiry(c.creatorId)
            view.tags = db.post(c.postId).map(postTags) ?? []
        } else {
            view.counts = commentAggregates(id)
            view.subscribed = subscribed(communityId)
            view.saved = state?.savedComments[id] != nil
            view.creatorBlocked = state?.blockedPersons[c.creatorId] != nil
            view.myVote = state?.commentVotes[id]
            if dialect == .v0_19 {
                view.creatorIsAdmin = isAdmin(c.creatorId)
                view.creatorIsModerator = db.isModerator(c.creatorId, of: communityId)
                view.bannedFromCommunity = viewer.map { db.isBanned($0, from: communityId) } ?? false
            }
        }
        return view
    }

    func communityView(_ id: Int) -> ApiCommunityView {
        let c = db.community(id)!
        var view = ApiCommunityView(community: community(id))
        if v10 {
            view.communityActions = communityActions(id)
            view.canMod = db.isModOrAdmin(viewer, of: id)
            view.tags = communityTags(id)
        } else {
            let counts = db.communityCounts(c, dialect: dialect)
            view.counts = ApiCommunityAggregates(
                communityId: id, subscribers: counts.subscribers, posts: counts.posts,
                comments: counts.comments, published: date(c.published),
                usersActiveDay: counts.active.day, usersActiveWeek: counts.active.week,
                usersActiveMonth: counts.active.month, usersActiveHalfYear: counts.active.halfYear,
                subscribersLocal: v018 ? nil : counts.subscribersLocal)
            view.counts?.id = id
            // The rank the Hot list orders by.
            view.counts?.hotRank = Ranking.communityHot(
                subscribers: counts.subscribers, published: c.published, now: now, dialect: dialect)
            view.subscribed = subscribed(id)
            view.blocked = state?.blockedCommunities[id] != nil
            if dialect == .v0_19 { view.bannedFromCommunity = viewer.map { db.isBanned($0, from: id) } ?? false }
        }
        return view
    }

    func personView(_ id: Int) -> ApiPersonView {
        var view = ApiPersonView(person: person(id))
        if v10 {
            view.isAdmin = isAdmin(id)
            view.personActions = personActions(id)
            view.banned = db.banFlag(id, now: now)
            view.banExpiresAt = siteBanExpiry(id)
        } else {
            let counts = personCounts(id)
            view.counts = ApiPersonAggregates(
                personId: id, postCount: counts.posts, commentCount: counts.comments,
                postScore: v018 ? 0 : nil, commentScore: v018 ? 0 : nil)
            view.counts?.id = id
            if dialect == .v0_19 { view.isAdmin = isAdmin(id) }
        }
        return view
    }

    func moderators(of communityId: Int) -> [ApiCommunityModeratorView] {
        (db.community(communityId)?.moderators ?? []).map {
            ApiCommunityModeratorView(community: community(communityId), moderator: person($0))
        }
    }

    func getPostResponse(_ id: Int) -> ApiGetPostResponse {
        let p = db.post(id)!
        // Lemmy lists the other visible posts with the same URL as cross-posts.
        let crossPosts =
            p.url.map { url in
                db.posts.filter { $0.url == url && $0.id != id && !$0.deleted && !$0.removed }.map { postView($0.id) }
            } ?? []
        return ApiGetPostResponse(
            postView: postView(id), communityView: communityView(p.communityId), crossPosts: crossPosts,
            moderators: moderators(of: p.communityId))
    }

    func commentResponse(_ id: Int) -> ApiCommentResponse {
        ApiCommentResponse(commentView: commentView(id), recipientIds: v10 ? nil : [])
    }

    func communityResponse(_ id: Int) -> ApiCommunityResponse {
        ApiCommunityResponse(communityView: communityView(id), discussionLanguages: [])
    }

    func getCommunityResponse(_ id: Int) -> ApiGetCommunityResponse {
        ApiGetCommunityResponse(communityView: communityView(id), moderators: moderators(of: id), discussionLanguages: [])
    }
}

extension Renderer {
    /// Whether a comment view blanks `c`'s text, deleted or removed, as each version does: never
    /// on 0.18 (its lists leave such comments out instead, see `commentQuery`); on 0.19 unless the
    /// viewer is an admin (`handle_deleted` in `db_views/src/comment_view.rs`, the author and
    /// moderators included); on 1.0 unless the viewer wrote it or can moderate it
    /// (`comment_select_remove_deletes`). Reports, the modlog, replies and mentions select the
    /// comment's columns as they are.
    func commentTextIsHidden(_ c: CommentRecord, communityId: Int) -> Bool {
        guard c.deleted || c.removed else { return false }
        switch dialect {
        case .v0_18: return false
        case .v0_19: return !db.isAdmin(viewer)
        case .v1_0: return c.creatorId != viewer && !db.canMod(viewer, creator: c.creatorId, community: communityId)
        }
    }

    /// Whether 1.0's post view blanks the body (to `""`, even a missing one) of `p`, deleted or
    /// removed, for a viewer who neither wrote it nor can moderate it (`post_select_remove_deletes`);
    /// 0.18 and 0.19 send it.
    func postBodyIsHidden(_ p: PostRecord) -> Bool {
        v10 && (p.deleted || p.removed) && p.creatorId != viewer && !db.canMod(viewer, creator: p.creatorId, community: p.communityId)
    }
}

extension Renderer {
    /// When a person's site ban ends, as 1.0's views show it: only while they are banned (an
    /// unban clears `instance_actions.ban_expires_at`).
    func siteBanExpiry(_ personId: Int) -> LemmyDate? {
        guard let person = db.person(personId), db.banFlag(person, now: now) else { return nil }
        return date(person.banExpires)
    }
}
