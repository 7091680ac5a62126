import LemmyAPI

extension Database {
    /// The person, post and comment a modlog entry names, as GetModlog's `other_person_id`,
    /// `post_id` and `comment_id` filters see them; nil where a filter on it leaves the entry out.
    ///
    /// - 0.18 and 0.19 (`db_views_moderator/src/*_view.rs`): a post's removal, lock or feature
    ///   names its creator and the post; a comment's removal its creator and the comment (a post
    ///   filter leaves it out); a community ban the banned person; a community's removal and the
    ///   purges nothing at all.
    /// - 1.0 (`db_schema/src/impls/modlog.rs`): the targets it stores, joined: a purged post or
    ///   comment no longer matches. A feature names no person, a community's removal its top
    ///   moderator, a comment's removal or purge its post.
    func modlogTargets(of entry: ModlogRecord, dialect: LemmyDialect) -> (person: Int?, post: Int?, comment: Int?) {
        let livePost = { (id: Int) -> Int? in self.purged.posts.contains(id) ? nil : id }
        let liveComment = { (id: Int) -> Int? in self.purged.comments.contains(id) ? nil : id }
        let v10 = dialect == .v1_0
        switch entry.kind {
        case .removePost, .lockPost, .featurePost:
            let creator = v10 && entry.kind == .featurePost ? nil : post(entry.targetId)?.creatorId
            return (creator, livePost(entry.targetId), nil)
        case .removeComment:
            let comment = comment(entry.targetId)
            return (comment?.creatorId, v10 ? comment.flatMap { livePost($0.postId) } : nil, liveComment(entry.targetId))
        case .banFromCommunity:
            return (entry.targetId, nil, nil)
        case .removeCommunity:
            return (v10 ? entry.ownerId : nil, nil, nil)
        case .purgeComment:
            guard v10, let comment = comment(entry.targetId) else { return (nil, nil, nil) }
            return (comment.creatorId, livePost(comment.postId), nil)
        case .purgePost, .purgeCommunity, .purgePerson:
            return (nil, nil, nil)
        }
    }

    /// Whether `entry` passes GetModlog's person, post and comment filters.
    func modlogEntry(_ entry: ModlogRecord, matches form: ApiGetModlog, dialect: LemmyDialect) -> Bool {
        let targets = modlogTargets(of: entry, dialect: dialect)
        if let person = form.otherPersonId, targets.person != person { return false }
        if let post = form.postId, targets.post != post { return false }
        if let comment = form.commentId, targets.comment != comment { return false }
        // 0.18 and 0.19 list a community's removal, and the purges, only in the whole modlog.
        if dialect != .v1_0, form.communityId != nil, entry.kind == .removeCommunity { return false }
        return true
    }
}
