import LemmyAPI

extension Renderer {
    /// Fills the targets of a 1.0 modlog entry as Lemmy 1.0 stores them
    /// (`db_schema/src/impls/modlog.rs`, the `ModlogInsertForm` of each kind) and reads them back
    /// (`db_views/modlog`: left joins on the stored ids). The table has no foreign keys, so a
    /// purged post, comment or community is simply absent from the entries that name it.
    func addTargets(of entry: ModlogRecord, to view: inout ApiModlogView) {
        switch entry.kind {
        case .removePost, .lockPost, .featurePost:
            guard let post = db.post(entry.targetId) else { return }
            view.targetPost = livePost(post.id)
            view.targetCommunity = liveCommunity(post.communityId)
            // A feature names no person; a feature on the site names the admin's instance.
            if entry.kind != .featurePost { view.targetPerson = person(post.creatorId) }
            if entry.kind == .featurePost && entry.onInstance { view.targetInstance = moderatorInstance(entry) }
        case .removeComment, .purgeComment:
            guard let comment = db.comment(entry.targetId) else { return }
            if entry.kind == .removeComment {
                view.targetComment = db.purged.comments.contains(comment.id) ? nil : self.comment(comment.id)
            }
            view.targetPost = livePost(comment.postId)
            view.targetCommunity = db.post(comment.postId).flatMap { liveCommunity($0.communityId) }
            view.targetPerson = person(comment.creatorId)
        case .banFromCommunity:
            view.targetPerson = person(entry.targetId)
            view.targetCommunity = entry.communityId.flatMap(liveCommunity)
        case .removeCommunity:
            view.targetCommunity = liveCommunity(entry.targetId)
            view.targetPerson = entry.ownerId.map(person)
            view.targetInstance = moderatorInstance(entry)
        case .purgePost:
            view.targetCommunity = db.post(entry.targetId).flatMap { liveCommunity($0.communityId) }
        case .purgeCommunity, .purgePerson:
            // Lemmy stores no target for these: the entry names only the admin.
            break
        }
    }

    /// The post `id` unless it was purged (its row is gone in Lemmy).
    private func livePost(_ id: Int) -> ApiPost? {
        db.purged.posts.contains(id) ? nil : post(id)
    }

    /// The community `id` unless it was purged.
    private func liveCommunity(_ id: Int) -> ApiCommunity? {
        db.purged.communities.contains(id) ? nil : community(id)
    }

    /// The instance of the entry's moderator, which 1.0 stores for an admin's site-wide action.
    private func moderatorInstance(_ entry: ModlogRecord) -> ApiInstance? {
        db.person(entry.moderatorId).map { instance($0.instanceId) }
    }
}
