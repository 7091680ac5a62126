import LemmyAPI

/// Admin purges of posts, comments, communities and people (every dialect has all four; 0.18
/// answers `PurgeItemResponse`, which has the same `{success}` shape).
extension APIRoutes {
    func addPurgeRoutes() {
        add(LemmyV3.PurgePost.self, auth: true) { db, call in
            try db.purgePost(call.form.postId, by: try call.requireViewer(), reason: call.form.reason, now: call.now, dialect: call.dialect)
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV4.PurgePost.self, auth: true) { db, call in
            try db.purgePost(call.form.postId, by: try call.requireViewer(), reason: call.form.reason, now: call.now, dialect: call.dialect)
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV3.PurgeComment.self, auth: true) { db, call in
            try db.purgeComment(
                call.form.commentId, by: try call.requireViewer(), reason: call.form.reason, now: call.now, dialect: call.dialect)
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV4.PurgeComment.self, auth: true) { db, call in
            try db.purgeComment(
                call.form.commentId, by: try call.requireViewer(), reason: call.form.reason, now: call.now, dialect: call.dialect)
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV3.PurgeCommunity.self, auth: true) { db, call in
            try db.purgeCommunity(call.form.communityId, by: try call.requireViewer(), reason: call.form.reason, now: call.now)
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV4.PurgeCommunity.self, auth: true) { db, call in
            try db.purgeCommunity(call.form.communityId, by: try call.requireViewer(), reason: call.form.reason, now: call.now)
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV3.PurgePerson.self, auth: true) { db, call in
            try db.purgePerson(
                call.form.personId, by: try call.requireViewer(), reason: call.form.reason, now: call.now, dialect: call.dialect)
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV4.PurgePerson.self, auth: true) { db, call in
            try db.purgePerson(
                call.form.personId, by: try call.requireViewer(), reason: call.form.reason, now: call.now, dialect: call.dialect)
            return ApiSuccessResponse(success: true)
        }
    }
}
