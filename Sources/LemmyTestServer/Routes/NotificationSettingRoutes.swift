import LemmyAPI

/// 1.0's notification settings: `PUT /community/notifications` and `PUT /post/notifications`.
/// What they change shows as `notifications` in the community's and the post's actions, and in
/// who hears of new posts and comments (``Database/notify(post:comment:by:now:)``).
extension APIRoutes {
    func addNotificationSettingRoutes() {
        add(LemmyV4.EditCommunityNotifications.self, auth: true) { db, call in
            try db.setNotifications(call.form.mode, community: call.form.communityId, by: try call.requireViewer(), now: call.now)
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV4.EditPostNotifications.self, auth: true) { db, call in
            try db.setNotifications(call.form.mode, post: call.form.postId, by: try call.requireViewer(), now: call.now)
            return ApiSuccessResponse(success: true)
        }
    }
}
