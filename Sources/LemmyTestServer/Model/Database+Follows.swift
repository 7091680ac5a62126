import LemmyAPI

/// The state of each follow (0.18 and 0.19: accepted, or pending while a remote instance has not
/// confirmed it; 1.0 also waiting for a private community's moderators, or denied by them) and
/// the follows an account's own view lists.
extension Database {
    /// The communities GetSite (0.18, 0.19) or GetMyUser (1.0) lists as `personId`'s follows
    /// (`CommunityFollowerView::for_person`): none deleted or removed; 0.18 and 0.19 ordered by
    /// title, 1.0 by lower-cased name and without the follows that wait for approval or were
    /// denied. Text is compared by its bytes (a server whose database collation is not C may
    /// order otherwise); ties by id.
    func listedFollows(of personId: Int, dialect: LemmyDialect) -> [Int] {
        guard let state = users[personId] else { return [] }
        let listed = state.follows.keys.compactMap(community).filter { community in
            guard !community.deleted && !community.removed else { return false }
            guard dialect == .v1_0 else { return true }
            let followState = Self.followState(state, community.id)
            return followState != .approvalRequired && followState != .denied
        }
        let key = { (community: CommunityRecord) in dialect == .v1_0 ? community.name.lowercased() : community.title }
        return listed.sorted { a, b in
            let (left, right) = (key(a), key(b))
            return left.utf8.elementsEqual(right.utf8) ? a.id < b.id : left.utf8.lexicographicallyPrecedes(right.utf8)
        }.map(\.id)
    }

    /// Whether `personId` follows `communityId` and the follow was accepted (1.0's private
    /// communities).
    func isAcceptedFollower(_ personId: Int, of communityId: Int) -> Bool {
        guard let state = users[personId], state.follows[communityId] != nil else { return false }
        return Self.followState(state, communityId) == .accepted
    }

    /// The state of a follow `state` has of `communityId` (1.0's `follow_state`).
    static func followState(_ state: UserState, _ communityId: Int) -> ApiCommunityFollowerState {
        if state.deniedFollows.contains(communityId) { return .denied }
        if state.approvalRequiredFollows.contains(communityId) { return .approvalRequired }
        return state.pendingFollows.contains(communityId) ? .pending : .accepted
    }
}
