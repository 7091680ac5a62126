import LemmyAPI

/// Which communities a post or comment listing draws from (Lemmy's `ListingType`).
enum ListingScope: Sendable {
    case all, local, subscribed, moderatorView
    /// 1.0's Subscribed: accepted follows only (`filter_is_subscribed`); 0.18's and 0.19's count
    /// any follow, pending ones too.
    case subscribedAccepted
    /// 1.0's Suggested: the communities of the site's suggested multi-community. This server's
    /// site names none, so nothing is in scope, as Lemmy lists nothing for a site without one
    /// (`prefetch_community_ids`, `db_views/post/src/impls.rs`; `comment/src/impls.rs`). A
    /// multi-community asked for by id is a filter beside the scope (``PostQuery/multiCommunities``).
    case multiCommunity

    /// The scope of a wire `type_`.
    init(_ type: ApiListingType) {
        switch type {
        case .local: self = .local
        case .subscribed: self = .subscribed
        case .moderatorView: self = .moderatorView
        case .suggested: self = .multiCommunity
        default: self = .all
        }
    }

    /// A listing as user settings store it (`all`, `Local`, `moderator_view`...).
    init(setting: String) {
        switch String(setting.lowercased().filter { $0 != "_" }) {
        case "all": self = .all
        case "subscribed": self = .subscribed
        case "moderatorview": self = .moderatorView
        // 1.0's Suggested (the site's suggested multi-community).
        case "suggested": self = .multiCommunity
        default: self = .local
        }
    }
}

extension Database {
    /// Lemmy's `listing_type_with_default` (`apub/src/api/mod.rs` at 0.18.5 and 0.19.13,
    /// `api/api/src/federation/mod.rs` on 1.0), which GetPosts and GetComments both use: in a
    /// community everything, whatever `type_` says; elsewhere `type_`, else the caller's default
    /// listing (0.19, 1.0; 0.18 skips it), else the site's (`Local` here, Lemmy's default).
    ///
    /// A client that wants everything outside a community must say `All`: a post's comments or
    /// the saved posts asked for without it come from local communities only.
    func listingScope(_ type: ApiListingType?, communityId: Int?, viewer: Int?, dialect: LemmyDialect) -> ListingScope {
        if communityId != nil { return .all }
        var scope = ListingScope.local
        if let type {
            scope = ListingScope(type)
        } else if dialect != .v0_18, let viewer, let person = person(viewer) {
            scope = ListingScope(setting: person.settings.defaultListing)
        }
        return dialect == .v1_0 && scope == .subscribed ? .subscribedAccepted : scope
    }

    /// Whether a post of `communityId` is in `scope` for `viewer`.
    func isInScope(_ scope: ListingScope, communityId: Int, viewer: Int?) -> Bool {
        switch scope {
        case .all: true
        case .local: community(communityId)?.instanceId == 1
        case .subscribed: viewer.flatMap { user($0)?.follows[communityId] } != nil
        case .subscribedAccepted: viewer.map { isAcceptedFollower($0, of: communityId) } ?? false
        // Moderators only, admins included only where they moderate (0.19 `community_moderator`,
        // 1.0 `get_person_moderated_communities`).
        case .moderatorView: viewer.map { isModerator($0, of: communityId) } ?? false
        case .multiCommunity: false
        }
    }
}
