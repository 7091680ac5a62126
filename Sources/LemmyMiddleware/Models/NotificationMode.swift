/// What the signed-in account hears of a community's new posts and comments (Lemmy 1.0's
/// community notification setting).
///
/// Before 1.0 there is no setting, and every community is ``repliesAndMentions``: replies to the
/// account and mentions of it, nothing else.
public enum CommunityNotificationMode: Sendable, Hashable {
    /// Every new post and every new comment.
    case allPostsAndComments
    /// Every new post, and replies and mentions.
    case allPosts
    /// Replies to the account and mentions of it only: Lemmy's default.
    case repliesAndMentions
    /// Nothing, not even replies and mentions.
    case mute
    /// A setting this version of LemmyKit does not know, kept as the server spelled it.
    case other(String)
}

/// What the signed-in account hears of a post's new comments (Lemmy 1.0's post notification
/// setting).
///
/// Before 1.0 there is no setting, and every post is ``repliesAndMentions``.
public enum PostNotificationMode: Sendable, Hashable {
    /// Every new comment on the post.
    case allComments
    /// Replies to the account and mentions of it only: Lemmy's default.
    case repliesAndMentions
    /// Nothing, not even replies and mentions.
    case mute
    /// A setting this version of LemmyKit does not know, kept as the server spelled it.
    case other(String)
}

/// Why a ``Notice1`` reached the account's inbox.
public enum NoticeReason: Sendable, Hashable {
    /// A new post or comment where the account's notification settings ask for every one.
    case subscribed
    /// A post whose body mentions the account.
    case mention
    /// A moderator or admin acted on the account or its content (Lemmy 1.0): removed or locked
    /// a post or comment, banned the account, appointed it... The notice's
    /// ``Notice1/moderatorAction`` says what was done.
    case moderatorAction
}
