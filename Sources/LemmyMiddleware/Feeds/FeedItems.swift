public import Foundation

/// An item of the inbox: a reply, a mention or a private message.
public enum InboxItem: Sendable {
    /// A reply to one of the account's posts or comments.
    case reply(Reply1)
    /// A comment that mentions the account.
    case mention(Mention1)
    /// A private message to or from the account.
    case message(Message1)
    /// A new post or comment the account asked to hear of with a notification setting, a
    /// post whose body mentions the account, or a moderator's action on the account or its
    /// content (Lemmy 1.0; ``Notice1/reason`` says which). Mentions in comments are
    /// ``mention(_:)``.
    case notice(Notice1)
}

/// A post or a comment, as person-content and saved feeds list them.
public enum PostOrComment: Sendable {
    /// A post.
    case post(Post2)
    /// A comment.
    case comment(Comment2)
}

/// One search result of any kind.
public enum SearchResult: Sendable {
    /// A post.
    case post(Post2)
    /// A comment.
    case comment(Comment2)
    /// A community.
    case community(Community2)
    /// A person.
    case person(Person2)
}

/// The kind of results a search asks for.
public enum SearchKind: String, Sendable, Hashable, CaseIterable {
    /// Posts whose title or body matches.
    case posts
    /// Comments whose text matches.
    case comments
    /// Communities whose name or title matches.
    case communities
    /// People whose name matches.
    case people
    /// Posts whose link matches the text (a URL).
    case url
}

/// One moderator action of the modlog.
public struct ModlogEntry: Sendable {
    /// The entry's id (unique per action kind on 0.18/0.19).
    public let id: Int
    /// What was done.
    public let action: ModlogAction
    /// When.
    public let date: Date
    /// The moderator's reason.
    public let reason: String?
    /// Whether the action undoes an earlier one (restore, unlock...).
    public let isRevert: Bool
    /// The moderator; nil when the instance hides moderators from the viewer.
    public let moderator: Person1?
    /// The person acted on, or the author of the post or comment.
    public let targetPerson: Person1?
    /// The community concerned.
    public let community: Community1?
    /// The post concerned.
    public let post: Post1?
    /// The comment concerned.
    public let comment: Comment1?
    /// When a ban ends; nil for a permanent ban and for other actions.
    public let expires: Date?

    init(
        id: Int, action: ModlogAction, date: Date, reason: String?, isRevert: Bool, moderator: Person1?, targetPerson: Person1?,
        community: Community1?, post: Post1?, comment: Comment1?, expires: Date? = nil
    ) {
        self.id = id
        self.action = action
        self.date = date
        self.reason = reason
        self.isRevert = isRevert
        self.moderator = moderator
        self.targetPerson = targetPerson
        self.community = community
        self.post = post
        self.comment = comment
        self.expires = expires
    }
}

/// The kinds of moderator action a ``ModlogEntry`` records.
public enum ModlogAction: Hashable, Sendable {
    /// A post was removed (or restored).
    case removePost
    /// A comment was removed (or restored).
    case removeComment
    /// A post was locked (or unlocked).
    case lockPost
    /// A post was pinned (or unpinned).
    case featurePost
    /// A person was banned from a community (or unbanned); the entry names both.
    case banFromCommunity
    /// An admin removed a community (or restored it).
    case removeCommunity
    /// An admin purged a post; the entry names its community.
    case purgePost
    /// An admin purged a comment; the entry names its post.
    case purgeComment
    /// An admin purged a community.
    case purgeCommunity
    /// An admin purged a person.
    case purgePerson
    /// An admin banned a person from the instance (or unbanned them); the entry names the person.
    case banFromSite
    /// A person was appointed a moderator of a community (or dismissed); the entry names both.
    case addModerator
    /// A community was handed to one of its moderators, now its top moderator; the entry names both.
    case transferCommunity
    /// A person was appointed an admin (or dismissed, also by leaving); the entry names the person.
    case addAdmin
    /// A comment and the replies below it were locked (or unlocked) (Lemmy 1.0).
    case lockComment
    /// A moderator warned the author of a post (Lemmy 1.0); the entry names the post and its author.
    case warnPost
    /// A moderator warned the author of a comment (Lemmy 1.0); the entry names the comment and its author.
    case warnComment
    /// Any other action, by Lemmy's name of its kind (1.0's `ModlogKind`, e.g. `admin_block_instance`).
    case other(String)
}
