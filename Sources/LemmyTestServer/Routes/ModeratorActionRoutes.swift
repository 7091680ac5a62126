import LemmyAPI

/// Locking, pinning, warning, banning from a community, removing comments, appointing moderators,
/// and instance blocks.
extension APIRoutes {
    func addModeratorActionRoutes() {
        add(LemmyV3.LockPost.self, auth: true) { db, call in
            try db.lockPost(call.form.postId, locked: call.form.locked, by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return ApiPostResponse(postView: call.renderer(db).postView(call.form.postId))
        }
        add(LemmyV4.LockPost.self, auth: true) { db, call in
            try db.lockPost(
                call.form.postId, locked: call.form.locked, reason: call.form.reason, by: try call.requireViewer(), now: call.now,
                dialect: call.dialect)
            return ApiPostResponse(postView: call.renderer(db).postView(call.form.postId))
        }
        add(LemmyV3.FeaturePost.self, auth: true) { db, call in
            try db.featurePost(
                call.form.postId, featured: call.form.featured, onInstance: call.form.featureType == .local,
                by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return ApiPostResponse(postView: call.renderer(db).postView(call.form.postId))
        }
        add(LemmyV4.FeaturePost.self, auth: true) { db, call in
            try db.featurePost(
                call.form.postId, featured: call.form.featured, onInstance: call.form.featureType == .local,
                by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return ApiPostResponse(postView: call.renderer(db).postView(call.form.postId))
        }
        add(LemmyV3.BanFromCommunity.self, auth: true) { db, call in
            try db.banFromCommunity(
                call.form.communityId, personId: call.form.personId, ban: call.form.ban, removeData: call.form.removeData ?? false,
                reason: call.form.reason, expires: call.form.expiresAt ?? call.form.expires, by: try call.requireViewer(),
                now: call.now, dialect: call.dialect)
            return ApiBanFromCommunityResponse(personView: call.renderer(db).personView(call.form.personId), banned: call.form.ban)
        }
        add(LemmyV4.BanFromCommunity.self, auth: true) { db, call in
            try db.banFromCommunity(
                call.form.communityId, personId: call.form.personId, ban: call.form.ban,
                removeData: call.form.removeOrRestoreData ?? false, reason: call.form.reason,
                expires: call.form.expiresAt ?? call.form.expires, by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return ApiPersonResponse(personView: call.renderer(db).personView(call.form.personId))
        }
        add(LemmyV3.RemoveComment.self, auth: true) { db, call in
            try db.removeComment(
                call.form.commentId, removed: call.form.removed, reason: call.form.reason,
                by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return call.renderer(db).commentResponse(call.form.commentId)
        }
        add(LemmyV4.RemoveComment.self, auth: true) { db, call in
            try db.removeComment(
                call.form.commentId, removed: call.form.removed, reason: call.form.reason, children: call.form.removeChildren,
                by: try call.requireViewer(), now: call.now, dialect: call.dialect)
            return call.renderer(db).commentResponse(call.form.commentId)
        }
        add(LemmyV4.LockComment.self, auth: true) { db, call in
            try db.lockComment(
                call.form.commentId, locked: call.form.locked, reason: call.form.reason, by: try call.requireViewer(), now: call.now)
            return call.renderer(db).commentResponse(call.form.commentId)
        }
        add(LemmyV4.WarnPost.self, auth: true) { db, call in
            try db.warnPost(call.form.postId, reason: call.form.reason, by: try call.requireViewer(), now: call.now)
            return ApiPostResponse(postView: call.renderer(db).postView(call.form.postId))
        }
        add(LemmyV4.WarnComment.self, auth: true) { db, call in
            try db.warnComment(call.form.commentId, reason: call.form.reason, by: try call.requireViewer(), now: call.now)
            // Lemmy answers with the comment as it read it before the checks: as a guest.
            return Renderer(db: db, dialect: call.dialect, viewer: nil, host: db.host, now: call.now).commentResponse(call.form.commentId)
        }
        add(LemmyV3.AddModToCommunity.self, auth: true) { db, call in
            try db.setModerator(
                call.form.personId, of: call.form.communityId, added: call.form.added, by: try call.requireViewer(), now: call.now,
                dialect: call.dialect)
            return ApiAddModToCommunityResponse(moderators: call.renderer(db).moderators(of: call.form.communityId))
        }
        add(LemmyV4.AddModToCommunity.self, auth: true) { db, call in
            try db.setModerator(
                call.form.personId, of: call.form.communityId, added: call.form.added, by: try call.requireViewer(), now: call.now,
                dialect: call.dialect)
            return ApiAddModToCommunityResponse(moderators: call.renderer(db).moderators(of: call.form.communityId))
        }
        add(LemmyV3.BlockInstance.self, auth: true) { db, call in
            try db.blockInstance(call.form.instanceId, block: call.form.block, by: try call.requireViewer(), now: call.now)
            return ApiBlockInstanceResponse(blocked: call.form.block)
        }
        add(LemmyV4.UserBlockInstanceCommunities.self, auth: true) { db, call in
            try db.blockInstance(call.form.instanceId, block: call.form.block, by: try call.requireViewer(), now: call.now)
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV4.UserBlockInstancePersons.self, auth: true) { db, call in
            try db.blockInstance(call.form.instanceId, block: call.form.block, persons: true, by: try call.requireViewer(), now: call.now)
            return ApiSuccessResponse(success: true)
        }
    }
}
