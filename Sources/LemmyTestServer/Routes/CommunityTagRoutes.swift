import LemmyAPI

/// 1.0's community tags (facts in `Database+CommunityTags.swift`): a community's moderators
/// make, edit and delete the tags it offers (each answered with the bare tag), and ModEditPost
/// lets them set a post's tags and NSFW flag. CreatePost and EditPost take tags too (PostRoutes).
extension APIRoutes {
    func addCommunityTagRoutes() {
        add(LemmyV4.CreateCommunityTag.self, auth: true) { db, call in
            let id = try db.createCommunityTag(call.form, by: try call.requireViewer(), now: call.now)
            return call.renderer(db).communityTag(db.communityTags[id - 1])
        }
        add(LemmyV4.EditCommunityTag.self, auth: true) { db, call in
            try db.editCommunityTag(call.form, by: try call.requireViewer(), now: call.now)
            return call.renderer(db).communityTag(db.communityTags[call.form.tagId - 1])
        }
        add(LemmyV4.DeleteCommunityTag.self, auth: true) { db, call in
            try db.deleteCommunityTag(call.form.tagId, deleted: call.form.delete, by: try call.requireViewer(), now: call.now)
            return call.renderer(db).communityTag(db.communityTags[call.form.tagId - 1])
        }
        add(LemmyV4.ModEditPost.self, auth: true) { db, call in
            try db.modEditPost(call.form, by: try call.requireViewer(), now: call.now)
            return ApiPostResponse(postView: call.renderer(db).postView(call.form.postId))
        }
    }
}

extension Database {
    /// ModEditPost (`api/api/src/post/mod_update.rs`): the post as the moderator reads it, their
    /// standing in its community (`check_community_user_action`), moderator or admin, then the
    /// NSFW flag and the tags, as EditPost writes them (the flag stays when the tags are refused).
    mutating func modEditPost(_ form: ApiModEditPost, by personId: Int, now: Double) throws {
        try requirePostView(form.postId, by: personId, dialect: .v1_0)
        guard let post = post(form.postId) else { throw APIError.notFound("post") }
        try checkCommunityAction(by: personId, in: post.communityId, dialect: .v1_0)
        guard isModOrAdmin(personId, of: post.communityId) else { throw APIError.code("not_a_mod_or_admin") }
        if let nsfw = form.nsfw { posts[form.postId - 1].nsfw = nsfw }
        posts[form.postId - 1].updated = now
        if let tags = form.tags { try setPostTags(form.postId, to: tags) }
    }
}
