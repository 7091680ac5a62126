import LemmyAPI

/// 1.0's multi-community views (`MultiCommunityView`, `db_views/community/src/lib.rs`): the row,
/// the viewer's follow state (left out when none), and the owner.
extension Renderer {
    func multiCommunityView(_ id: Int) -> ApiMultiCommunityView {
        let record = db.multiCommunity(id)!
        let counts = db.multiCommunitySubscribers(record)
        let multi = ApiMultiCommunity(
            id: record.id, creatorId: record.creatorId, instanceId: record.instanceId, name: record.name, title: record.title,
            summary: record.summary, local: record.local, deleted: record.deleted,
            apId: Self.link(actorBase(record.instanceId), "/m/", record.name), lastRefreshedAt: date(record.published),
            publishedAt: date(record.published), updatedAt: date(record.updated), subscribers: counts.all,
            subscribersLocal: counts.local, communities: record.entries.count, sidebar: record.sidebar)
        return ApiMultiCommunityView(
            multi: multi, followState: viewer.flatMap { record.followers[$0] }, owner: person(record.creatorId))
    }

    /// Every multi-community `form` selects for the viewer, in its order, unpaged (GetMyUser's
    /// followed ones, a profile's own).
    func multiCommunityViews(_ form: ApiListMultiCommunities) -> [ApiMultiCommunityView] {
        db.multiCommunityListing(form, viewer: viewer, now: now).sorted { $0.key > $1.key }.map { multiCommunityView($0.id) }
    }

    /// GetMultiCommunity's answer. Its communities are listed as `CommunityQuery` lists them
    /// without a viewer (`read_multi_community.rs` passes none): no deleted, removed or NSFW
    /// ones, no `local_only_private` ones, no actions; in the default order (most active in the
    /// month first) and the default limit, 20.
    func getMultiCommunityResponse(_ id: Int) -> ApiGetMultiCommunityResponse {
        let anonymous = Renderer(db: db, dialect: dialect, viewer: nil, host: host, now: now)
        let keyed = db.communityListing(ApiListCommunities(multiCommunityId: id), viewer: nil, dialect: dialect, now: now)
        let ids = keyed.sorted { $0.key > $1.key }.prefix(20).map(\.id)
        return ApiGetMultiCommunityResponse(
            multiCommunityView: multiCommunityView(id), communities: ids.map(anonymous.communityView))
    }
}
