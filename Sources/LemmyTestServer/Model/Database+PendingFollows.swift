import LemmyAPI

/// 1.0's follow requests to private communities, as moderators see and decide them
/// (`api/api/src/community/pending_follows`, `db_views/community_follower_approval` and
/// `CommunityActions::approve_private_community_follower` on Lemmy main).
extension Database {
    /// One row of ListCommunityPendingFollows: a follower of a private community, seen through
    /// one of its moderators.
    struct PendingFollowRow: Equatable {
        var followerId: Int
        var communityId: Int
        var state: ApiCommunityFollowerState
        /// When the follower asked (the follow's `followed_at`).
        var followed: Double
    }

    /// The follow requests `viewer` may decide.
    ///
    /// Lemmy joins each moderator's row of a private community with each follower's row there
    /// that is no moderator's, and keeps the viewer's moderator rows unless an admin asks for
    /// `all_communities`. So an admin's `all_communities` list names a follower once per moderator
    /// of the community, and a private community without moderators lists nobody. Accepted and
    /// denied follows are listed too unless `unreadOnly`. Lemmy orders by the moderator row's
    /// `followed_at` (so within a community in no stated order); this server orders by the
    /// follower's, then follower and community id.
    ///
    /// Someone who moderates nothing and is no admin gets `not_a_mod_or_admin`
    /// (`check_community_mod_of_any_or_admin_action`).
    func pendingFollows(viewer: Int, allCommunities: Bool, unreadOnly: Bool) throws -> [PendingFollowRow] {
        let isAdmin = isAdmin(viewer)
        guard isAdmin || communities.contains(where: { $0.moderators.contains(viewer) }) else {
            throw APIError.code("not_a_mod_or_admin")
        }
        let everyModerator = allCommunities && isAdmin
        var rows: [PendingFollowRow] = []
        let followers = users.sorted { $0.key < $1.key }
        for community in communities where community.visibility == "private" {
            let moderatorRows = everyModerator ? community.moderators.count : (community.moderators.contains(viewer) ? 1 : 0)
            guard moderatorRows > 0 else { continue }
            for (personId, state) in followers {
                guard let followed = state.follows[community.id], !community.moderators.contains(personId) else { continue }
                let followState = Self.followState(state, community.id)
                if unreadOnly && followState != .approvalRequired { continue }
                let row = PendingFollowRow(followerId: personId, communityId: community.id, state: followState, followed: followed)
                rows += repeatElement(row, count: moderatorRows)
            }
        }
        return rows.sorted { ($0.followed, $0.followerId, $0.communityId) < ($1.followed, $1.followerId, $1.communityId) }
    }

    /// The requests waiting for `moderatorId` (GetUnreadCounts' `pending_follow_count`): one per
    /// follower waiting in each private community they moderate. Lemmy's count, unlike its list,
    /// does not leave out followers who moderate.
    func pendingFollowCount(for moderatorId: Int) -> Int {
        communities.reduce(0) { count, community in
            guard community.visibility == "private", community.moderators.contains(moderatorId) else { return count }
            return count + users.values.count { $0.approvalRequiredFollows.contains(community.id) && $0.follows[community.id] != nil }
        }
    }

    /// Whether no follower from `person`'s instance was accepted into `communityId` yet: Lemmy's
    /// `is_new_instance`, a warning to moderators that accepting sends the community's content to
    /// an instance that has none of it.
    func isNewInstance(follower personId: Int, of communityId: Int) -> Bool {
        let instance = person(personId)?.instanceId
        return !users.contains { id, state in
            state.follows[communityId] != nil && Self.followState(state, communityId) == .accepted && person(id)?.instanceId == instance
        }
    }

    /// ApproveCommunityPendingFollow: accepts or denies a request that waits.
    ///
    /// In Lemmy's order: the viewer must moderate the community or be an admin
    /// (`not_a_mod_or_admin`, also for a community that does not exist); the follower must have a
    /// row of actions in the community (`not_found`: no follow, block, notification setting,
    /// moderation or ban); the follow must wait for approval (`couldnt_update`: accepted and
    /// denied follows stay as they are, and so does a row without a follow).
    mutating func decidePendingFollow(community communityId: Int, follower personId: Int, approve: Bool, by viewer: Int) throws {
        guard isModOrAdmin(viewer, of: communityId) else { throw APIError.code("not_a_mod_or_admin") }
        let state = users[personId]
        let hasRow =
            state.map {
                $0.follows[communityId] != nil || $0.blockedCommunities[communityId] != nil
                    || $0.communityNotifications[communityId] != nil
            } ?? false
            || isModerator(personId, of: communityId) || isBanned(personId, from: communityId)
        guard hasRow else { throw APIError.notFound("community_actions") }
        guard var state, state.follows[communityId] != nil, Self.followState(state, communityId) == .approvalRequired else {
            throw APIError.code("couldnt_update")
        }
        state.approvalRequiredFollows.remove(communityId)
        state.pendingFollows.remove(communityId)
        if !approve { state.deniedFollows.insert(communityId) }
        users[personId] = state
    }
}
