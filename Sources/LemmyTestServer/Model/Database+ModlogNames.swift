extension Database {
    /// Whether GetModlog names the moderators to `viewer`, as each version decides it once per
    /// request (`api/src/site/mod_log.rs`; the site's `hide_modlog_mod_names` is on, its default):
    /// - 0.18.5: to admins, and to a moderator of the community the request is filtered to;
    /// - 0.19.13: to admins and to anyone who moderates any community
    ///   (`check_community_mod_of_any_or_admin_action`);
    /// - 1.0: with a community filter to that community's moderators and admins, without one to
    ///   admins only (`hide_modlog_names` in `api/api/src/lib.rs`).
    ///
    /// Where the names are hidden, a `mod_person_id` filter is ignored too.
    func showsModlogNames(to viewer: Int?, communityFilter: Int?, dialect: LemmyDialect) -> Bool {
        guard let viewer, let person = person(viewer) else { return false }
        if person.isAdmin { return true }
        switch dialect {
        case .v0_18, .v1_0: return communityFilter.map { isModerator(viewer, of: $0) } ?? false
        case .v0_19: return communities.contains { $0.moderators.contains(viewer) }
        }
    }

    /// Whether 1.0 lists `viewer` the modlog entries of `communityId`: admins see all; anyone
    /// else those of communities that are not private, or that they follow, accepted.
    func seesModlog(of communityId: Int, viewer: Int?) -> Bool {
        guard community(communityId)?.visibility == "private" else { return true }
        guard let viewer else { return false }
        return person(viewer)?.isAdmin == true || isAcceptedFollower(viewer, of: communityId)
    }
}
