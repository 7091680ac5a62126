import LemmyAPI

/// 1.0's community tags (facts in `Database+CommunityTags.swift`): a community's moderators
/// make, edit and delete the tags it offers (each answered with the bare tag), and ModEditPost
/// lets them set a post's tags and NSFW flag. CreatePost and EditPost take tags too (PostRoutes).
extension APIRoutes {
    func addCommunityTagRoutes() {
        add(LemmyV4.CreateCommunityTag.self, auth: true) { db, call in
            let id = try db.createCommunityTag(call.form, by: try call.requireViewer(), now: call.now)
            return call.renderer(db).apiTag(db.communityTags[id - 1])
        }
        add(LemmyV4.EditCommunityTag.self, auth: true) { db, call in
            try db.editCommunityTag(call.form, by: try call.requireViewer(), now: call.now)
            return call.renderer(db).apiTag(db.communityTags[call.form.tagId - 1])
        }
        add(LemmyV4.DeleteCommunityTag.self, auth: true) { db, call in
            try db.deleteCommunityTag(call.form.tagId, deleted: call.form.delete, by: try call.requireViewer(), now: call.now)
            return call.renderer(db).apiTag(db.communityTags[call.form.tagId - 1])
        }
        add(LemmyV4.ModEditPost.self, auth: true) { db, call in
            try db.modEditPost(call.form, by: try call.requireViewer(), now: call.now)
            return ApiPostResponse(postView: call.renderer(db).postView(call.form.postId))
        }
    }
}
