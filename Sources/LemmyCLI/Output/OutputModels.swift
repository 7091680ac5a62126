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

    /// The names of the community's tags on the post (Lemmy 1.0), absent when it has none.
    public var tags: [String]?

    /// Creates the value (what the command prints), e.g. to compare with in a test.
    public init(
        id: Int, title: String, community: String, creator: String, score: Int, upvotes: Int, downvotes: Int, myVote: String, comments: Int,
        saved: Bool, url: String? = nil, body: String? = nil, published: Date, tags: [String]? = nil
    ) {
        self.id = id
        self.title = title
        self.community = community
        self.creator = creator
        self.score = score
        self.upvotes = upvotes
        self.downvotes = downvotes
        self.myVote = myVote
        self.comments = comments
        self.saved = saved
        self.url = url
        self.body = body
        self.published = published
        self.tags = tags
    }
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

    /// Creates the value (what the command prints), e.g. to compare with in a test.
    public init(
        id: Int, postId: Int, parentId: Int? = nil, depth: Int, creator: String, content: String, score: Int, myVote: String,
        childCount: Int, published: Date
    ) {
        self.id = id
        self.postId = postId
        self.parentId = parentId
        self.depth = depth
        self.creator = creator
        self.content = content
        self.score = score
        self.myVote = myVote
        self.childCount = childCount
        self.published = published
    }
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
    /// The names of the tags the community offers its posts (Lemmy 1.0), absent when it has none.
    public var tags: [String]?

    /// Creates the value (what the command prints), e.g. to compare with in a test.
    public init(
        id: Int, name: String, title: String, description: String? = nil, subscribers: Int, posts: Int, subscription: String, blocked: Bool,
        moderators: [String]? = nil, tags: [String]? = nil
    ) {
        self.id = id
        self.name = name
        self.title = title
        self.description = description
        self.subscribers = subscribers
        self.posts = posts
        self.subscription = subscription
        self.blocked = blocked
        self.moderators = moderators
        self.tags = tags
    }
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
    /// Whether the person is banned from the instance, when known.
    public var banned: Bool?
    /// When the person's ban from the instance ends, for a ban with an end.
    public var bannedUntil: Date?
    /// Whether the account blocks the person.
    public var blocked: Bool
    /// The account's private note about the person (Lemmy 1.0), absent when none.
    public var note: String?
    /// The account's votes on the person's posts and comments as Lemmy 1.0 tallies them,
    /// absent when the account has none.
    public var yourVotes: VoteTallyOutput?
    /// When the account was created.
    public var created: Date

    /// Creates the value (what the command prints), e.g. to compare with in a test.
    public init(
        id: Int, name: String, displayName: String, bio: String? = nil, posts: Int? = nil, comments: Int? = nil, admin: Bool? = nil,
        banned: Bool? = nil, bannedUntil: Date? = nil, blocked: Bool, note: String? = nil, yourVotes: VoteTallyOutput? = nil,
        created: Date
    ) {
        self.id = id
        self.name = name
        self.displayName = displayName
        self.bio = bio
        self.posts = posts
        self.comments = comments
        self.admin = admin
        self.banned = banned
        self.bannedUntil = bannedUntil
        self.blocked = blocked
        self.note = note
        self.yourVotes = yourVotes
        self.created = created
    }
}

/// The account's votes on a person's content, as `--json` prints them (Lemmy 1.0).
public struct VoteTallyOutput: Codable, Sendable, Equatable {
    /// Upvotes given, less those taken back; absent when Lemmy keeps no count.
    public var up: Int?
    /// Downvotes given, less those taken back; absent when Lemmy keeps no count.
    public var down: Int?

    /// Creates the value.
    public init(up: Int?, down: Int?) {
        self.up = up
        self.down = down
    }
}

/// A page of the feed as `--json` prints it.
public struct FeedOutput: Codable, Sendable, Equatable {
    /// The instance.
    public var instance: String
    /// The listing: `all`, `local`, `subscribed`, `moderator-view`, `suggested`, `community` or `multi-community`.
    public var listing: String
    /// The sort.
    public var sort: String
    /// The posts, in order, across all fetched pages.
    public var posts: [PostOutput]
    /// Whether more pages follow.
    public var hasMore: Bool

    /// Creates the value (what the command prints), e.g. to compare with in a test.
    public init(instance: String, listing: String, sort: String, posts: [PostOutput], hasMore: Bool) {
        self.instance = instance
        self.listing = listing
        self.sort = sort
        self.posts = posts
        self.hasMore = hasMore
    }
}

/// A post with its comments as `--json` prints it.
public struct PostDetailOutput: Codable, Sendable, Equatable {
    /// The post.
    public var post: PostOutput
    /// Its comments, in tree order (each after its parent).
    public var comments: [CommentOutput]

    /// Creates the value (what the command prints), e.g. to compare with in a test.
    public init(post: PostOutput, comments: [CommentOutput]) {
        self.post = post
        self.comments = comments
    }
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

    /// Creates the value (what the command prints), e.g. to compare with in a test.
    public init(posts: [PostOutput], comments: [CommentOutput], communities: [CommunityOutput], people: [PersonOutput]) {
        self.posts = posts
        self.comments = comments
        self.communities = communities
        self.people = people
    }
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

        /// Creates the value (what the command prints), e.g. to compare with in a test.
        public init(id: Int, read: Bool, comment: CommentOutput) {
            self.id = id
            self.read = read
            self.comment = comment
        }
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

        /// Creates the value (what the command prints), e.g. to compare with in a test.
        public init(id: Int, from: String, to: String, content: String, read: Bool, published: Date) {
            self.id = id
            self.from = from
            self.to = to
            self.content = content
            self.read = read
            self.published = published
        }
    }

    /// A notice (Lemmy 1.0): a new post or comment heard of by a notification setting, or a
    /// post that mentions the account.
    public struct Notice: Codable, Sendable, Equatable {
        /// The notification id.
        public var id: Int
        /// `subscribed`, `mention` or `moderator_action`.
        public var reason: String
        /// Whether it was read.
        public var read: Bool
        /// The post, for a notice about a post.
        public var post: PostOutput?
        /// The comment, for a notice about a comment.
        public var comment: CommentOutput?
        /// What a moderator or admin did, for a `moderator_action` notice.
        public var moderatorAction: ModeratorAction?

        /// Creates the value (what the command prints), e.g. to compare with in a test.
        public init(
            id: Int, reason: String, read: Bool, post: PostOutput? = nil, comment: CommentOutput? = nil,
            moderatorAction: ModeratorAction? = nil
        ) {
            self.id = id
            self.reason = reason
            self.read = read
            self.post = post
            self.comment = comment
            self.moderatorAction = moderatorAction
        }
    }

    /// A moderator's or admin's action on the account or its content, as Lemmy 1.0 notifies it.
    public struct ModeratorAction: Codable, Sendable, Equatable {
        /// What was done: `remove_post`, `remove_comment`, `lock_post`, `lock_comment`, `warn_post`,
        /// `warn_comment`, `ban_from_community`, `ban_from_site`, `add_moderator`... (Lemmy's name
        /// of its kind for others).
        public var action: String
        /// Whether it undid an earlier action (a restore, an unban).
        public var revert: Bool
        /// The moderator's reason.
        public var reason: String?
        /// The moderator's user name; nil when the instance hides it (from everyone but admins).
        public var moderator: String?
        /// The community's name.
        public var community: String?
        /// The post's id.
        public var postId: Int?
        /// The post's title.
        public var postTitle: String?
        /// The comment's id.
        public var commentId: Int?
        /// When a ban ends; nil for a permanent one and other actions.
        public var expires: Date?

        /// Creates the value (what the command prints), e.g. to compare with in a test.
        public init(
            action: String, revert: Bool, reason: String? = nil, moderator: String? = nil, community: String? = nil,
            postId: Int? = nil, postTitle: String? = nil, commentId: Int? = nil, expires: Date? = nil
        ) {
            self.action = action
            self.revert = revert
            self.reason = reason
            self.moderator = moderator
            self.community = community
            self.postId = postId
            self.postTitle = postTitle
            self.commentId = commentId
            self.expires = expires
        }
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
    /// Notices, newest first; nil before Lemmy 1.0, which has none.
    public var notices: [Notice]?

    /// Creates the value (what the command prints), e.g. to compare with in a test.
    public init(
        unreadReplies: Int, unreadMentions: Int, unreadMessages: Int, replies: [Reply], messages: [Message]? = nil,
        notices: [Notice]? = nil
    ) {
        self.unreadReplies = unreadReplies
        self.unreadMentions = unreadMentions
        self.unreadMessages = unreadMessages
        self.replies = replies
        self.messages = messages
        self.notices = notices
    }
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

    /// Creates the value (what the command prints), e.g. to compare with in a test.
    public init(instance: String, version: String, user: PersonOutput? = nil, unread: Int? = nil) {
        self.instance = instance
        self.version = version
        self.user = user
        self.unread = unread
    }
}

/// A page of communities as `lemmy communities --json` prints it.
public struct CommunitiesOutput: Codable, Sendable, Equatable {
    /// The instance.
    public var instance: String
    /// The listing: `all`, `local`, `subscribed` or `moderator-view`.
    public var listing: String
    /// The sort's name.
    public var sort: String
    /// The communities, in order.
    public var communities: [CommunityOutput]
    /// Whether more pages follow.
    public var hasMore: Bool
}

/// A page of people as `lemmy people --json` prints it (Lemmy 1.0).
public struct PeopleOutput: Codable, Sendable, Equatable {
    /// The instance.
    public var instance: String
    /// The sort: `new`, `old`, `post-score` or `comment-score`.
    public var sort: String
    /// The search term, if any.
    public var search: String?
    /// The people, in order.
    public var people: [PersonOutput]
    /// Whether more pages follow.
    public var hasMore: Bool
}

/// A multi-community as `lemmy multi` prints it with `--json` (Lemmy 1.0).
public struct MultiCommunityOutput: Codable, Sendable, Equatable {
    /// Its id.
    public var id: Int
    /// Its name.
    public var name: String
    /// The title, or the name when none is set.
    public var title: String
    /// The one-line description.
    public var summary: String?
    /// Its creator's user name.
    public var owner: String
    /// Whether it was deleted (Lemmy still lists it).
    public var deleted: Bool
    /// Follower count.
    public var subscribers: Int
    /// How many communities it holds.
    public var communityCount: Int
    /// Whether the account follows it (`subscribed`, `pending`, `unsubscribed`).
    public var subscription: String
    /// The names of its communities the account sees, when shown.
    public var communities: [String]?

    /// Creates the value (what the command prints), e.g. to compare with in a test.
    public init(
        id: Int, name: String, title: String, summary: String? = nil, owner: String, deleted: Bool, subscribers: Int,
        communityCount: Int, subscription: String, communities: [String]? = nil
    ) {
        self.id = id
        self.name = name
        self.title = title
        self.summary = summary
        self.owner = owner
        self.deleted = deleted
        self.subscribers = subscribers
        self.communityCount = communityCount
        self.subscription = subscription
        self.communities = communities
    }
}

/// `lemmy multi list --json`.
public struct MultiCommunitiesOutput: Codable, Sendable, Equatable {
    /// The instance.
    public var instance: String
    /// The listing: `all`, `local` or `subscribed`.
    public var listing: String
    /// The sort's name.
    public var sort: String
    /// The multi-communities, in order.
    public var multiCommunities: [MultiCommunityOutput]
    /// Whether more pages follow.
    public var hasMore: Bool

    /// Creates the value (what the command prints), e.g. to compare with in a test.
    public init(instance: String, listing: String, sort: String, multiCommunities: [MultiCommunityOutput], hasMore: Bool) {
        self.instance = instance
        self.listing = listing
        self.sort = sort
        self.multiCommunities = multiCommunities
        self.hasMore = hasMore
    }
}
