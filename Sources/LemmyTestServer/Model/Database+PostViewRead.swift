/// The post actions that answer with the post as its viewer sees it, in Lemmy's order.
///
/// SavePost, HidePost and MarkPostAsRead change the person's state first and read the post
/// after, with `PostView::read` and `is_mod_or_admin` false (LikePost and LockPost read it first
/// on 1.0). So a post the viewer cannot see is saved, hidden or marked and still answered as not
/// found. Facts from `api/src/post/{save,hide,mark_read,like,lock}.rs` (0.18.5, 0.19.13; 1.0
/// under `api/api/src/post`) and each version's `PostView::read`.
extension Database {
    /// Whether `PostView::read`, as these handlers call it, finds `postId` for `viewer`.
    /// - 0.18: no removed or deleted post, or post of a removed or deleted community, not even
    ///   for its author.
    /// - 0.19: the same, except to the post's author.
    /// - 1.0: as 0.19, but a deleted post that has comments stays; a private community's posts
    ///   only to accepted followers, its moderators and admins.
    func readsAsPostView(_ postId: Int, by viewer: Int, dialect: LemmyDialect) -> Bool {
        guard let post = post(postId), !purged.posts.contains(postId), let community = community(post.communityId) else { return false }
        let removed = post.removed || community.removed || community.deleted
        switch dialect {
        case .v0_18:
            return !(removed || post.deleted)
        case .v0_19:
            return post.creatorId == viewer || !(removed || post.deleted)
        case .v1_0:
            // `filter_private_or_followed`: accepted followers, moderators and admins.
            if community.visibility == "private" && !isAdmin(viewer) && !seesPrivateCommunity(post.communityId, viewer: viewer) {
                return false
            }
            return post.creatorId == viewer || !(removed || (post.deleted && post.commentCount == 0))
        }
    }

    /// Throws what each version answers when that read finds nothing: 0.18 its bare `Record not
    /// found`, 0.19 `couldnt_find_post`, 1.0 `not_found`.
    func requirePostView(_ postId: Int, by viewer: Int, dialect: LemmyDialect) throws {
        guard !readsAsPostView(postId, by: viewer, dialect: dialect) else { return }
        throw APIError.notFound("post", in: dialect)
    }

    /// SavePost: the save (a missing post fails the insert: `couldnt_save_post`, 1.0
    /// `couldnt_update`; an unsave of one deletes nothing), then the read, then the post is
    /// marked read.
    mutating func savePost(_ postId: Int, by personId: Int, save: Bool, now: Double, dialect: LemmyDialect) throws {
        if post(postId) == nil {
            if save { throw APIError.code(dialect == .v1_0 ? "couldnt_update" : "couldnt_save_post") }
        } else {
            users[personId, default: UserState()].savedPosts[postId] = save ? now : nil
        }
        try requirePostView(postId, by: personId, dialect: dialect)
        // 1.0's upsert dates the read anew (0.18 and 0.19 show no read time).
        users[personId, default: UserState()].readPosts[postId] = now
    }

    /// MarkPostAsRead and 1.0's MarkManyPostsAsRead: one insert for all the posts, which a
    /// missing one fails (`couldnt_mark_post_as_read`, 1.0 `couldnt_update`); marking unread
    /// deletes what there is. 0.18 and 1.0's MarkPostAsRead (one post) then read the post.
    mutating func markPostsRead(_ postIds: [Int], by personId: Int, read: Bool, now: Double, dialect: LemmyDialect, answersPost: Bool)
        throws
    {
        let present = postIds.filter { post($0) != nil }
        if read && present.count < postIds.count {
            throw APIError.code(dialect == .v1_0 ? "couldnt_update" : "couldnt_mark_post_as_read")
        }
        try markRead(present, by: personId, read: read, now: now)
        if answersPost, let id = postIds.first { try requirePostView(id, by: personId, dialect: dialect) }
    }

    /// HidePost: one insert for all the posts (0.19 `couldnt_hide_post`, 1.0 `couldnt_update` for
    /// a missing one); unhiding deletes what there is. 1.0 then reads the post.
    mutating func hidePosts(_ postIds: [Int], by personId: Int, hide: Bool, now: Double, dialect: LemmyDialect) throws {
        let present = postIds.filter { post($0) != nil }
        if hide && present.count < postIds.count {
            throw APIError.code(dialect == .v1_0 ? "couldnt_update" : "couldnt_hide_post")
        }
        try self.hide(present, by: personId, hide: hide, now: now)
        if dialect == .v1_0, let id = postIds.first { try requirePostView(id, by: personId, dialect: dialect) }
    }
}
