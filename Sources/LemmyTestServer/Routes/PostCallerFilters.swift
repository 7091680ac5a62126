/// The caller's filters every post list applies, GetPosts, a profile's posts (0.18, 0.19) and
/// Search alike (each goes through Lemmy's `PostQuery::list`: `post_view.rs` at 0.18.5 and
/// 0.19.13, `db_views/post/src/impls.rs` on 1.0). Set the query's listing, community, creator,
/// and saved and liked filters first: these rules read them.
///
/// - Deleted and removed posts, and the posts of deleted and removed communities: 0.18 shows them
///   to admins, and to the community's moderators when the list names it (`is_mod_or_admin_opt`),
///   to no one else; 0.19 shows the caller's own deleted posts, and removed ones only to an
///   admin reading a profile (`creator_id` set); 1.0 shows the caller's own deleted posts, and
///   removed ones to admins. No version lists a deleted community's posts to anyone else.
/// - Blocks (``Database/commentBlocks(viewer:dialect:listing:postId:)``): 0.18 always, in a
///   community too; 0.19 and 1.0 outside the moderator view.
/// - The caller's discussion languages: 0.18 always; 0.19 and 1.0 outside the moderator view.
/// - Bots, for a caller who hides them.
/// - Read posts: 0.18 hides them when the `show_read_posts` setting is off, unless the list is
///   saved posts; 0.19 when `show_read` (else the setting) is off, unless saved posts or a
///   profile; 1.0 when `show_read` (else the setting) is off.
/// - Hidden posts (0.19, 1.0) unless `show_hidden`; 0.19 never hides them on a profile.
/// - 0.19's liked and disliked lists leave out the caller's own posts, and mean nothing to an
///   anonymous caller.
/// - 0.19 lists everything but hidden communities to an anonymous caller, whatever the listing
///   (`_ => query.filter(community::hidden.eq(false))`); 0.18 and 1.0 list nothing for
///   Subscribed and the moderator view.
/// - Communities out of sight for their visibility
///   (``Database/communitiesOutOfSight(viewer:dialect:scope:inCommunity:comments:)``).
/// - `hasListingType`: when the list has none (a profile; Search without `listing_type`), 0.19
///   leaves out every hidden community, even one the caller follows; with one, 0.18 and 0.19
///   leave hidden communities out of All and Local unless followed
///   (``Database/hiddenCommunities(viewer:dialect:listing:)``).
/// - 0.19's search term leaves out deleted and removed posts (`not(post::removed.or(post::deleted))`).
/// - Featured posts first (an ordering, kept here because it reads the same parts of the query),
///   as ``featuredPin(_:dialect:)`` says.
/// - `adminsOnly018`: 0.18 asks whether the caller is an admin (profiles and Search pass
///   `is_admin` as `is_mod_or_admin`) rather than whether it moderates the community asked for
///   (GetPosts' `is_mod_or_admin_opt`).
func applyCallerFilters<F>(
    to query: inout PostQuery, _ db: Database, _ call: Call<F>, showRead: Bool?, showHidden: Bool?, hasListingType: Bool,
    adminsOnly018: Bool = false
) {
    let viewer = call.viewer
    let person = viewer.flatMap(db.person)
    if call.dialect == .v0_19, viewer == nil, query.listing == .subscribed || query.listing == .moderatorView {
        query.listing = .all
    }
    query.outOfSight.formUnion(
        db.communitiesOutOfSight(
            viewer: viewer, dialect: call.dialect, scope: query.listing,
            inCommunity: query.communityId != nil || query.multiCommunities != nil, comments: false))
    let moderatorView = query.listing == .moderatorView
    (query.blockedCreators, query.blockedCommunities) = db.commentBlocks(
        viewer: viewer, dialect: call.dialect, listing: query.listing, postId: nil)
    if let person, call.dialect == .v0_18 || !moderatorView { query.languages = Set(person.settings.discussionLanguages) }
    query.hidesBots = db.hidesBots(viewer)
    let settingShowsRead = person?.settings.showReadPosts ?? true
    if hasListingType {
        query.outOfSight.formUnion(db.hiddenCommunities(viewer: viewer, dialect: call.dialect, listing: query.listing))
    } else if call.dialect == .v0_19 {
        query.outOfSight.formUnion(db.communities.filter(\.hidden).map(\.id))
    }
    switch call.dialect {
    case .v0_18:
        let modOrAdmin =
            adminsOnly018 ? db.isAdmin(viewer) : query.communityId.map { db.isModOrAdmin(viewer, of: $0) } ?? db.isAdmin(viewer)
        query.removed = RemovedPosts(all: modOrAdmin)
        query.showRead = query.savedOnly || settingShowsRead
        query.showHidden = true
    case .v0_19:
        query.removed =
            query.searchTerm != nil ? RemovedPosts() : RemovedPosts(ownDeleted: true, removed: query.creatorId != nil && db.isAdmin(viewer))
        query.showRead = query.savedOnly || query.creatorId != nil || (showRead ?? settingShowsRead)
        query.showHidden = query.creatorId != nil || (showHidden ?? false)
        if viewer == nil {
            query.likedOnly = false
            query.dislikedOnly = false
        }
        query.likedExcludesOwn = true
    case .v1_0:
        query.removed = RemovedPosts(ownDeleted: true, removed: db.isAdmin(viewer))
        query.showRead = showRead ?? settingShowsRead
        query.showHidden = showHidden ?? false
    }
    query.featured = featuredPin(query, dialect: call.dialect)
}

/// Which featured flag puts a post list's posts first. 0.18 and 0.19: the community's when the
/// list names one, else the front page's (`post_view.rs`). 1.0: none under New and Old; the
/// community's whenever `prefetch_community_ids` limits the list to communities (a community,
/// Subscribed, the moderator view, a multi-community), else the front page's
/// (`db_views/post/src/impls.rs`).
private func featuredPin(_ query: PostQuery, dialect: LemmyDialect) -> FeaturedPin {
    guard dialect == .v1_0 else { return query.communityId != nil ? .community : .local }
    if query.sort == .new || query.sort == .old { return .neither }
    if query.multiCommunities != nil { return .community }
    switch query.listing {
    case .subscribed, .subscribedAccepted, .moderatorView, .multiCommunity: return .community
    case .all, .local: return query.communityId != nil ? .community : .local
    }
}
