import LemmyAPI

/// 1.0's follow requests to private communities: a moderator's list of them and their decision
/// (`/community/pending_follows/list` and `/approve`). Their count is GetUnreadCounts'
/// `pending_follow_count`.
extension APIRoutes {
    func addPendingFollowRoutes() {
        add(LemmyV4.ListCommunityPendingFollows.self, auth: true) { db, call in
            let rows = try db.pendingFollows(
                viewer: try call.requireViewer(), allCommunities: call.form.allCommunities ?? false,
                unreadOnly: call.form.unreadOnly ?? false)
            // Oldest request first: the keys are negated because pages run from the highest key.
            // A follower named twice (one row per moderator) shares one key, as in Lemmy, whose
            // cursor is the follower and community.
            let keyed = rows.enumerated().map { index, row in
                (id: index, key: SortKey(featured: 0, primary: -row.followed, tiebreak: -(row.followerId << 32 | row.communityId)))
            }
            let page = try Paging.page(
                keyed, page: nil, limit: try call.limit(call.form.limit), cursor: call.form.pageCursor, fullPages: true)
            let renderer = call.renderer(db)
            let items = page.ids.map { index in
                let row = rows[index]
                return ApiPendingFollowerView(
                    person: renderer.person(row.followerId), community: renderer.community(row.communityId),
                    isNewInstance: db.isNewInstance(follower: row.followerId, of: row.communityId), followState: row.state)
            }
            return ApiPagedResponse(items: items, nextPage: page.next, prevPage: page.previous)
        }
        add(LemmyV4.ApproveCommunityPendingFollow.self, auth: true) { db, call in
            try db.decidePendingFollow(
                community: call.form.communityId, follower: call.form.followerId, approve: call.form.approve,
                by: try call.requireViewer())
            return ApiSuccessResponse(success: true)
        }
    }
}
