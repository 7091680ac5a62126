public import Foundation

/// One item of a Lemmy feed: a content model together with the values the feed's filters and
/// merges need, taken when the page arrived.
///
/// Content models are `@MainActor` classes, while `FeedLoading` works with `Sendable`,
/// `Identifiable` values it may handle anywhere; an entry is that value. Views usually read
/// ``model``.
public struct FeedEntry<Model: Sendable>: Identifiable, Sendable {
    /// Unique within one feed, also across the kinds of a merged feed.
    public let id: FeedEntryID
    /// The content model.
    public let model: Model
    /// When the item was published; merged feeds order by it.
    public let created: Date
    let keys: FeedFilterKeys
    /// The answer the model was made from, kept by feeds that can be saved (``FeedArchive``).
    var archive: FeedEntryArchive? = nil
}

/// The identity of a ``FeedEntry``: the kind of content and its id on the client's instance.
public struct FeedEntryID: Hashable, Sendable {
    /// The kind of content, so that a reply and a message with the same number differ.
    public let kind: FeedContentKind
    /// The id on the client's instance.
    public let value: Int
    /// Tells apart ids that Lemmy keeps per sub-kind (0.18/0.19 modlog ids are per action).
    let variant: Int

    /// The identity of the item of `kind` with id `value`.
    public init(kind: FeedContentKind, value: Int) {
        self.init(kind: kind, value: value, variant: 0)
    }

    init(kind: FeedContentKind, value: Int, variant: Int) {
        self.kind = kind
        self.value = value
        self.variant = variant
    }

    /// Two words rather than three fields: a feed hashes each entry's id into its visible-id set,
    /// and again at each of the set's resizes. Equality still compares every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(variant &* 256 &+ Int(kind.rawValue))
    }
}

/// The kinds of content a feed can hold.
public enum FeedContentKind: UInt8, Hashable, Sendable {
    /// A post.
    case post
    /// A comment.
    case comment
    /// A community.
    case community
    /// A person.
    case person
    /// A reply in the inbox.
    case reply
    /// A mention in the inbox.
    case mention
    /// A private message.
    case message
    /// A modlog entry.
    case modlog
    /// A notice of a new post or comment, or of a mention in a post (Lemmy 1.0).
    case notice
}

/// What the standard filters look at, copied out of the model so the filters need no main actor.
struct FeedFilterKeys: Sendable {
    /// ActivityPub id, for the duplicate filter (empty: never a duplicate).
    var actorId: String = ""
    var creatorId: Int?
    var communityId: Int?
    /// The post of a post or comment, for purges.
    var postId: Int?
    /// The instances of the creator and the community, for the instance blocklist.
    var creatorInstanceId: Int?
    var communityInstanceId: Int?
    /// The texts the keyword filter searches: a title or name, and a body (empty if none). Two
    /// fields rather than arrays: an array is an allocation per entry, and the filters read
    /// these once per entry per pass.
    var title: String = ""
    var body: String = ""
}
