import LemmyAPI

extension Renderer {
    /// The undeleted community tags on `post`, as Lemmy 1.0 sends them in a post view (and a
    /// comment view, for the comment's post).
    func postTags(_ post: PostRecord) -> [ApiCommunityTag] {
        post.tags.compactMap(db.communityTag).filter { !$0.deleted }.map(apiTag)
    }

    /// The tags a community offers, as 1.0's community view lists them: deleted ones only to
    /// its moderators and admins (`local_user_community_can_mod`).
    func communityTags(_ id: Int) -> [ApiCommunityTag] {
        let canMod = db.isModOrAdmin(viewer, of: id)
        return db.tags(ofCommunity: id).filter { canMod || !$0.deleted }.map(apiTag)
    }

    /// One tag; its ActivityPub id is its community's and its name.
    func apiTag(_ tag: CommunityTagRecord) -> ApiCommunityTag {
        let community = db.community(tag.communityId)
        let home = actorBase(community?.instanceId ?? 1)
        return ApiCommunityTag(
            id: tag.id, apId: "\(home)/c/\(community?.name ?? "unknown")/tag/\(tag.name)", name: tag.name,
            displayName: tag.displayName, summary: tag.summary, communityId: tag.communityId, publishedAt: date(tag.published),
            updatedAt: tag.updated.map(date), deleted: tag.deleted, color: tag.color)
    }
}
