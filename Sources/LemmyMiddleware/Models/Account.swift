public import Observation

/// The signed-in account's own state, kept in step by mutations: who it is, what it subscribes
/// to and blocks, and how much unread mail it has. Load it with ``ApiClient/loadAccount()``.
@MainActor @Observable
public final class Account {
    /// The account's person, once loaded.
    public internal(set) var person: Person1?
    /// Whether the account is an administrator of the instance.
    public internal(set) var isAdmin = false
    /// Ids of the communities the account subscribes to, or waits to.
    ///
    /// Lemmy 1.0's own list of the account's follows (``ApiClient/loadAccount()``) leaves out
    /// requests to private communities that wait for a moderator or were denied: such a
    /// community is here only while a read of it shows the waiting follow, and a reload of the
    /// account takes it out again.
    public internal(set) var subscribedCommunityIds: Set<Int> = []
    /// Ids of the communities the account moderates.
    public internal(set) var moderatedCommunityIds: Set<Int> = []
    /// Ids of the people the account blocks.
    public internal(set) var blockedPersonIds: Set<Int> = []
    /// Ids of the communities the account blocks.
    public internal(set) var blockedCommunityIds: Set<Int> = []
    /// Ids of the instances whose communities the account blocks (Lemmy 0.19 and later); compare
    /// with ``Community1Providing/instanceId``.
    public internal(set) var blockedInstanceIds: Set<Int> = []
    /// Ids of the communities the account marked as favourites. Lemmy has no favourites: they live
    /// in the client. Persist them by observing this set and restore them with
    /// ``ApiClient/restoreFavoriteCommunities(_:)``.
    public internal(set) var favoriteCommunityIds: Set<Int> = []
    /// Ids of the multi-communities the account follows, pending follows and deleted ones too
    /// (Lemmy 1.0; empty before).
    public internal(set) var followedMultiCommunityIds: Set<Int> = []
    /// Unread inbox counts.
    public internal(set) var unread = UnreadCounts()
    /// The account's settings, once loaded; ``ApiClient/saveSettings(_:)`` changes them.
    public internal(set) var settings: AccountSettings?
    /// Whether logging in to the account asks for a two-factor code, once loaded (see
    /// ``ApiClient/beginTwoFactorSetup()``).
    public internal(set) var isTwoFactorEnabled = false

    init() {}

    /// Forgets everything about the account (logout).
    func clear() {
        person = nil
        isAdmin = false
        subscribedCommunityIds = []
        moderatedCommunityIds = []
        blockedPersonIds = []
        blockedCommunityIds = []
        blockedInstanceIds = []
        favoriteCommunityIds = []
        followedMultiCommunityIds = []
        unread = UnreadCounts()
        settings = nil
        isTwoFactorEnabled = false
    }

    /// Inserts or removes `id`, writing only if that changes the set.
    static func set(_ set: inout Set<Int>, _ id: Int, member: Bool) {
        if member, !set.contains(id) { set.insert(id) }
        if !member, set.contains(id) { set.remove(id) }
    }
}

/// Unread inbox counts.
public struct UnreadCounts: Sendable, Hashable {
    /// Unread replies to the account's posts and comments.
    public var replies = 0
    /// Unread mentions.
    public var mentions = 0
    /// Unread private messages.
    public var messages = 0
    /// All unread notifications (1.0 reports one total; earlier versions the sum), held at
    /// `Int.max` rather than overflowing.
    public var total: Int {
        replies.clampedCount.saturatingAdd(mentions.clampedCount).saturatingAdd(messages.clampedCount)
    }

    /// Creates counts; negative counts (a hostile or broken server) are taken as zero.
    public init(replies: Int = 0, mentions: Int = 0, messages: Int = 0) {
        self.replies = replies.clampedCount
        self.mentions = mentions.clampedCount
        self.messages = messages.clampedCount
    }
}
