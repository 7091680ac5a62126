import LemmyAPI

/// 1.0's notification settings of a community or a post (`update_notifications.rs` of
/// `community` and `post` on Lemmy main): what ``notify(post:comment:by:now:)`` reads.
extension Database {
    /// EditCommunityNotifications: stores `mode` for the person (an upsert of their
    /// `community_actions` row, so no other check: a banned person, or one blocking the
    /// community, may set it). A community that does not exist breaks the row's foreign key.
    /// Hearing of every post of a remote community needs its posts, so `all_posts` and
    /// `all_posts_and_comments` follow a remote community too (a pending follow again, even
    /// one already accepted).
    mutating func setNotifications(_ mode: ApiCommunityNotificationsMode, community communityId: Int, by personId: Int, now: Double)
        throws
    {
        guard let community = community(communityId) else { throw Self.foreignKeyViolation("community_actions", "community") }
        users[personId, default: UserState()].communityNotifications[communityId] = mode
        if mode == .allPosts || mode == .allPostsAndComments, community.instanceId != 1 {
            try follow(communityId, by: personId, follow: true, now: now)
        }
    }

    /// EditPostNotifications: as ``setNotifications(_:community:by:now:)`` for a post's
    /// `post_actions` row; `all_comments` in a remote community follows the community.
    mutating func setNotifications(_ mode: ApiPostNotificationsMode, post postId: Int, by personId: Int, now: Double) throws {
        guard let post = post(postId) else { throw Self.foreignKeyViolation("post_actions", "post") }
        users[personId, default: UserState()].postNotifications[postId] = mode
        if mode == .allComments, let community = community(post.communityId), community.instanceId != 1 {
            try follow(community.id, by: personId, follow: true, now: now)
        }
    }

    /// Lemmy's error for an insert whose foreign key names no row: diesel's database error,
    /// passed on as `unknown` with PostgreSQL's message (as message and cause).
    static func foreignKeyViolation(_ table: String, _ column: String) -> APIError {
        .foreign("insert or update on table \"\(table)\" violates foreign key constraint \"\(table)_\(column)_id_fkey\"")
    }
}
