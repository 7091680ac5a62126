public import Foundation
import LemmyMiddleware

// The JSON `--json` prints. These are the CLI's contract with scripts, so they are small value
// types copied from the live models (never the models themselves, whose shape may change) and
// encoded with sorted snake_case keys by `JSONOutput`.

/// A post as `--json` prints it.
public struct PostOutput: Codable, Sendable, Equatable {
    /// The post id.
    public var id: Int
    /// The title.
    public var title: String
    /// The community name.
    public var community: String
    /// The author's user name.
    public var creator: String
    /// Upvotes minus downvotes.
    public var score: Int
    /// Upvotes.
    public var upvotes: Int
    /// Downvotes.
    public var downvotes: Int
    /// The signed-in account's vote: `up`, `down` or `none`.
    public var myVote: String
    /// The comment count.
    public var comments: Int
    /// Whether the account saved it.
    public var saved: Bool
    /// The link, if any.
    public var url: String?
    /// The body text, if any.
    public var body: String?
    /// When it was published.
    public var published: Date
}

/// A comment as `--json` prints it.
public struct CommentOutput: Codable, Sendable, Equatable {
    /// The comment id.
    public var id: Int
    /// The post id.
    public var postId: Int
    /// The parent comment's id; nil for a top-level comment.
    public var parentId: Int?
    /// 0 for a top-level comment.
    public var depth: Int
    /// The author's user name.
    public var creator: String
    /// The text.
    public var content: String
    /// Upvotes minus downvotes.
    public var score: Int
    /// The signed-in account's vote.
    public var myVote: String
    /// Replies at any depth.
    public var childCount: Int
    /// When it was published.
    public var published: Date
}

/// A community as `--json` prints it.
public struct CommunityOutput: Codable, Sendable, Equatable {
    /// The community id.
    public var id: Int
    /// The name.
    public var name: String
    /// The title.
    public var title: String
    /// The sidebar text.
    public var description: String?
    /// Subscriber count.
    public var subscribers: Int
    /// Post count.
    public var posts: Int
    /// Whether the account subscribes (`subscribed`, `pending`, `unsubscribed`).
    public var subscription: String
    /// Whether the account blocks it.
    public var blocked: Bool
    /// Moderators' user names, when known.
    public var moderators: [String]?
}

/// A person as `--json` prints it.
public struct PersonOutput: Codable, Sendable, Equatable {
    /// The person id.
    public var id: Int
    /// The user name.
    public var name: String
    /// The display name.
    public var displayName: String
    /// The profile text.
    public var bio: String?
    /// Post count, when known.
    public var posts: Int?
    /// Comment count, when known.
    public var comments: Int?
    /// Whether the person is an admin, when known.
    public var admin: Bool?
    /// Whether the account blocks the person.
    public var blocked: Bool
    /// When the account was created.
    public var created: Date
}

/// A page of the feed as `--json` prints it.
public struct FeedOutput: Codable, Sendable, Equatable {
    /// The instance.
    public var instance: String
    /// The listing: `all`, `local`, `subscribed` or `community`.
    public var listing: String
    /// The sort.
    public var sort: String
    /// The posts, in order, across all fetched pages.
    public var posts: [PostOutput]
    /// Whether more pages follow.
    public var hasMore: Bool
}

/// A post with its comments as `--json` prints it.
public struct PostDetailOutput: Codable, Sendable, Equatable {
    /// The post.
    public var post: PostOutput
    /// Its comments, in tree order (each after its parent).
    public var comments: [CommentOutput]
}

/// Search results as `--json` prints them.
public struct SearchOutput: Codable, Sendable, Equatable {
    /// Matching posts.
    public var posts: [PostOutput]
    /// Matching comments.
    public var comments: [CommentOutput]
    /// Matching communities.
    public var communities: [CommunityOutput]
    /// Matching people.
    public var people: [PersonOutput]
}

/// The inbox as `--json` prints it.
public struct InboxOutput: Codable, Sendable, Equatable {
    /// A reply to the account.
    public struct Reply: Codable, Sendable, Equatable {
        /// The reply id.
        public var id: Int
        /// Whether it was read.
        public var read: Bool
        /// The replying comment.
        public var comment: CommentOutput
    }

    /// A private message.
    public struct Message: Codable, Sendable, Equatable {
        /// The message id.
        public var id: Int
        /// The sender's user name.
        public var from: String
        /// The recipient's user name.
        public var to: String
        /// The text.
        public var content: String
        /// Whether it was read.
        public var read: Bool
        /// When it was sent.
        public var published: Date
    }

    /// Unread replies.
    public var unreadReplies: Int
    /// Unread mentions.
    public var unreadMentions: Int
    /// Unread private messages.
    public var unreadMessages: Int
    /// Replies, newest first.
    public var replies: [Reply]
    /// Private messages; nil where the server's API does not offer them (Lemmy 1.0).
    public var messages: [Message]?
}

/// `whoami` as `--json` prints it.
public struct WhoamiOutput: Codable, Sendable, Equatable {
    /// The instance.
    public var instance: String
    /// The Lemmy version it runs.
    public var version: String
    /// The signed-in account, nil for a guest.
    public var user: PersonOutput?
    /// Unread notifications (all kinds).
    public var unread: Int?
}
