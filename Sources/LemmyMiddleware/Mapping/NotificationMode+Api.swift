internal import LemmyAPI

extension CommunityNotificationMode {
    /// The mode of a 1.0 `community_actions.notifications`; no row or no setting is Lemmy's
    /// default, replies and mentions.
    init(_ mode: ApiCommunityNotificationsMode?) {
        switch mode {
        case .allPostsAndComments?: self = .allPostsAndComments
        case .allPosts?: self = .allPosts
        case .repliesAndMentions?, nil: self = .repliesAndMentions
        case .mute?: self = .mute
        case .unknown(let text)?: self = .other(text)
        }
    }

    /// The wire value; nil for a mode this client cannot send (``other(_:)``).
    var api: ApiCommunityNotificationsMode? {
        switch self {
        case .allPostsAndComments: .allPostsAndComments
        case .allPosts: .allPosts
        case .repliesAndMentions: .repliesAndMentions
        case .mute: .mute
        case .other: nil
        }
    }
}

extension PostNotificationMode {
    /// The mode of a 1.0 `post_actions.notifications`; no row or no setting is Lemmy's default,
    /// replies and mentions.
    init(_ mode: ApiPostNotificationsMode?) {
        switch mode {
        case .allComments?: self = .allComments
        case .repliesAndMentions?, nil: self = .repliesAndMentions
        case .mute?: self = .mute
        case .unknown(let text)?: self = .other(text)
        }
    }

    /// The wire value; nil for a mode this client cannot send (``other(_:)``).
    var api: ApiPostNotificationsMode? {
        switch self {
        case .allComments: .allComments
        case .repliesAndMentions: .repliesAndMentions
        case .mute: .mute
        case .other: nil
        }
    }
}
