import LemmyAPI

/// Which communities' posts and comments a GetPosts or GetComments listing leaves out for the
/// communities' visibility (0.19.9's `LocalOnly`, 1.0's `Unlisted`, `Private`, `LocalOnlyPrivate`).
extension Database {
    /// The communities whose content a listing in `scope` leaves out for `viewer`.
    ///
    /// - 0.19 (`visible_communities_only`, `post_view.rs` and `comment_view.rs` at 0.19.13): an
    ///   anonymous caller sees public communities only.
    /// - 1.0 (`db_views/post/src/impls.rs`, `db_views/comment/src/impls.rs`):
    ///   - `Unlisted` communities are left out of All and Local unless the caller's follow was
    ///     accepted; posts only outside a community, comments also inside one or under a post
    ///     (Lemmy's comment list applies the filter to `All` however it was reached);
    ///   - `Private` communities show to accepted followers, their moderators and admins;
    ///   - `LocalOnlyPrivate` ones are hidden from anonymous callers.
    func communitiesOutOfSight(viewer: Int?, dialect: LemmyDialect, scope: ListingScope, inCommunity: Bool, comments: Bool) -> Set<Int> {
        guard dialect != .v0_18 else { return [] }
        var hidden: Set<Int> = []
        let isAdmin = viewer.flatMap(person)?.isAdmin ?? false
        for community in communities where community.visibility != "public" {
            let id = community.id
            let accepted = viewer.map { isAcceptedFollower($0, of: id) } ?? false
            if dialect == .v0_19 {
                if viewer == nil { hidden.insert(id) }
                continue
            }
            switch community.visibility {
            case "unlisted":
                if (scope == .all || scope == .local) && (comments || !inCommunity) && !accepted { hidden.insert(id) }
            case "private":
                if !isAdmin && !seesPrivateCommunity(id, viewer: viewer) { hidden.insert(id) }
            case "local_only_private":
                if viewer == nil { hidden.insert(id) }
            default: break
            }
        }
        return hidden
    }

    /// Whether 1.0's PostView and CommentView reads (GetPost, GetComment) find content of
    /// community `id` for `viewer`: a private community's only for accepted followers, its
    /// moderators and admins (`filter_private_or_followed`); a local-only-private one's not for
    /// anonymous callers.
    func seesCommunityContent(_ id: Int, viewer: Int?) -> Bool {
        switch community(id)?.visibility {
        case "private": isAdmin(viewer) || seesPrivateCommunity(id, viewer: viewer)
        case "local_only_private": viewer != nil
        default: true
        }
    }

    /// Whether a non-admin `viewer` sees private community `id` (1.0's `filter_private_or_followed`,
    /// less its admin clause): an accepted follower or a moderator.
    func seesPrivateCommunity(_ id: Int, viewer: Int?) -> Bool {
        viewer.map { isAcceptedFollower($0, of: id) || isModerator($0, of: id) } ?? false
    }
}
