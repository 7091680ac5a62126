import LemmyAPI

/// Dialect-independent rows of the in-memory database. Times are seconds since 1970.
/// Ids are 1-based and equal to the row's index + 1.

/// A user account (every seeded person is local).
struct PersonRecord: Sendable {
    var id: Int
    var name: String
    var displayName: String?
    var password: String
    var isAdmin: Bool
    var bio: String?
    var published: Double
    var isBot: Bool = false
    var deleted: Bool = false
    var banned: Bool = false
    /// When a site ban ends (seconds since 1970); nil for a permanent one. Kept after an unban
    /// as Lemmy keeps the column.
    var banExpires: Double?
    var showNSFW: Bool = false
    /// Profile pictures, as URLs on the home instance's pict-rs.
    var avatar: String?
    var banner: String?
    /// The instance the account lives on (``Database/instanceDomains``); 1 is this server.
    var instanceId = 1
    /// Posts and comments written (maintained, not counted per request).
    var postCount = 0
    var commentCount = 0
    /// What SaveUserSettings changes.
    var settings = UserSettingsRecord()
    /// The RFC 6238 key of the account's two-factor secret (the bytes of the text Lemmy stores),
    /// from its generation until two-factor login is turned off.
    var totpSecret: [UInt8]?
    /// Whether login asks for a code (0.19 and 1.0 `totp_2fa_enabled`, set by UpdateTotp once a
    /// code from the generated secret checks out). 0.18 has no such flag: a secret is enough.
    var totpEnabled = false
    /// 0.18's `totp_2fa_url`, stored when SaveUserSettings generated the secret.
    var totpURL: String?
    /// Registered under "require application" and not yet accepted: login is refused.
    var applicationPending = false
    /// Registered under "require email verification" and not yet verified: login is refused.
    var emailUnverified = false
    /// The address given at sign-up; seeded accounts have `name@lemmy.test` (``emailAddress``).
    var email: String?

    /// The account's email address, as its local user shows it to the account.
    /// Empty once the account cleared its address (SaveUserSettings with `email: ""`).
    var emailAddress: String { email ?? "\(name)@lemmy.test" }
}

/// An account's settings, in the neutral form every dialect renders from.
struct UserSettingsRecord: Sendable {
    var blurNSFW = true
    var showReadPosts = true
    var showBotAccounts = true
    /// The default post sort as set (either generation's spelling) and the window of 1.0's
    /// `top`; nil until set: Lemmy's default, `Active` up to 0.19, `hot` on 1.0.
    var defaultSort: String?
    var defaultTimeRangeSeconds: Int?
    /// The default comment sort as 1.0 spells it; nil until set (`hot`).
    var defaultCommentSort: String?
    /// 1.0's `default_items_per_page`: a post or flat comment list's limit when it gives none.
    var defaultItemsPerPage = 20
    /// The default listing as 1.0 spells it (`all`, `local`, `subscribed`...).
    var defaultListing = "local"
    var discussionLanguages: [Int] = [0, 37]
    /// 0.19.9+ `show_downvotes` (a bool there); 1.0 `show_downvotes` (`show`, `show_for_others`, `hide`).
    var showDownvotes = "show"
    /// 1.0's `hide_posts_with_media`: post lists leave out image and video posts unless a list
    /// says otherwise.
    var hidePostsWithMedia = false
}

/// A community.
struct CommunityRecord: Sendable {
    var id: Int
    var name: String
    var title: String
    var description: String?
    var nsfw: Bool
    var published: Double
    var removed: Bool = false
    var deleted: Bool = false
    var postingRestrictedToMods: Bool = false
    /// Hidden by an admin (0.19+): left out of listings for everyone but admins and followers.
    var hidden = false
    /// 0.19.9+ visibility as 1.0 spells it (`public`, `local_only`...).
    var visibility = "public"
    var icon: String?
    var banner: String?
    /// The instance the community lives on; 1 is this server.
    var instanceId = 1
    var moderators: [Int]
    /// Subscribers that are not modelled as rows (seeded remote followers).
    var baseSubscribers: Int
    /// Modelled subscribers (person ids).
    var subscribers: Set<Int> = []
    /// People banned from the community by its moderators.
    var bannedPersons: Set<Int> = []
    /// Posts and comments in the community (maintained, not counted per request).
    var postCount = 0
    var commentCount = 0
}

/// A post. Aggregates are stored, not recomputed.
struct PostRecord: Sendable {
    var id: Int
    var name: String
    var body: String?
    var url: String?
    var creatorId: Int
    var communityId: Int
    var published: Double
    var updated: Double?
    var deleted: Bool = false
    var removed: Bool = false
    var locked: Bool = false
    var nsfw: Bool = false
    var featuredCommunity: Bool = false
    var featuredLocal: Bool = false
    /// 0 (undetermined) or one of the site's languages.
    var languageId: Int = 0
    /// What a link or image post shows: the preview Lemmy fetched from the URL.
    var media: PostMedia?
    /// The ids of the community tags on the post (``Database/communityTags``; Lemmy 1.0 renders them).
    var tags: [Int] = []
    var upvotes: Int
    var downvotes: Int
    var commentCount: Int = 0
    var newestCommentTime: Double
    var score: Int { upvotes - downvotes }
}

/// A comment. `content` nil means "generated from the seed" (saves memory at scale).
struct CommentRecord: Sendable {
    var id: Int
    var postId: Int
    var creatorId: Int
    var parentId: Int?
    var depth: Int
    var content: String?
    var published: Double
    var updated: Double?
    var deleted: Bool = false
    var removed: Bool = false
    var distinguished: Bool = false
    /// Whether a moderator locked it (1.0): no one but the community's moderators and the
    /// admins may reply.
    var locked = false
    var upvotes: Int
    var downvotes: Int
    var childCount: Int = 0
    /// Undetermined (0) unless the comment named its language.
    var languageId: Int = 0
    var score: Int { upvotes - downvotes }
}

/// A private message.
struct PrivateMessageRecord: Sendable {
    var id: Int
    var creatorId: Int
    var recipientId: Int
    var content: String
    var published: Double
    var updated: Double?
    var deleted: Bool = false
    /// 1.0: the recipient deleted it (for themselves only).
    var deletedByRecipient = false
    /// Removed with its creator's site ban (0.19 and 1.0 `remove_data`): left out of lists and
    /// counts as a deleted one is.
    var removed = false
    /// The inbox entry of the recipient (holds the read flag).
    var inboxId = 0
}

/// One inbox entry: a reply, a mention or a private message. Ids are shared by all kinds, so
/// they double as 1.0 notification ids.
struct InboxRecord: Sendable {
    /// `subscribed` is 1.0's alone: a new post or comment where the recipient asked to hear of
    /// every one (its notification settings). So is `modAction`: a moderator's or admin's action
    /// on the recipient or their content (``modlogId``).
    enum Kind: Sendable { case reply, mention, privateMessage, subscribed, modAction }
    var id: Int
    var kind: Kind
    var recipientId: Int
    var commentId: Int?
    var privateMessageId: Int?
    /// The post of a 1.0 notification about a post (a mention in its body, or a new post in a
    /// community the recipient hears every post of); nil for comments and messages.
    var postId: Int? = nil
    /// The modlog entry of a `modAction` notification.
    var modlogId: Int? = nil
    var read: Bool
    var published: Double
}

/// A report of a post, a comment or (1.0) a community.
struct ReportRecord: Sendable {
    enum Kind: Sendable { case post, comment, community }
    var id: Int
    var kind: Kind
    var creatorId: Int
    var targetId: Int
    /// The post's title, the comment's text or the community's name when reported.
    var originalText: String
    /// The rest of a reported community as it was (1.0 copies it into the report row).
    var originalCommunity: OriginalCommunity? = nil
    var reason: String
    /// 1.0: the post or comment breaks the instance's rules: the report goes to the admins alone
    /// and is not federated, nor counted among the item's unresolved reports.
    var violatesInstanceRules = false
    var resolved: Bool = false
    var resolverId: Int?
    var published: Double
    var updated: Double?
}

/// What 1.0 keeps of a community in a report about it (`original_community_*`), beside its name.
struct OriginalCommunity: Sendable {
    var title: String?
    var sidebar: String?
    var icon: String?
    var banner: String?
}

/// A moderator action.
struct ModlogRecord: Sendable {
    enum Kind: Sendable {
        case removePost, removeComment, lockPost, featurePost, banFromCommunity
        /// A moderator locked (or unlocked) a comment and the comments below it (1.0 alone).
        case lockComment
        /// A moderator warned the author of a post or a comment (1.0 alone): the target is it.
        case warnPost, warnComment

        /// Whether only 1.0 writes entries of this kind (0.18 and 0.19 have no table for it).
        var isOnly10: Bool {
            switch self {
            case .changeCommunityVisibility, .lockComment, .warnPost, .warnComment, .blockInstance, .allowInstance: true
            default: false
            }
        }
        /// An admin banned (or unbanned) the target person from the instance.
        case banFromSite
        /// An admin removed (or restored) a community: the target, and ``communityId``, is it.
        case removeCommunity
        /// A moderator or admin changed a community's visibility (1.0 alone writes it): the target,
        /// and ``communityId``, is the community.
        case changeCommunityVisibility
        /// Admin purges: the target is the purged post, comment, community or person.
        case purgePost, purgeComment, purgeCommunity, purgePerson
        /// A moderator or admin added (or removed) the target person as a moderator of
        /// ``communityId``.
        case addModerator
        /// The target person became the top moderator of ``communityId`` (never reverted).
        case transferCommunity
        /// An admin made the target person an admin (or no longer one; LeaveAdmin names the admin
        /// themself).
        case addAdmin
        /// An admin put the target instance on the federation blocklist or allowlist (or took it
        /// off; 1.0 alone).
        case blockInstance, allowInstance
    }
    var id: Int
    var kind: Kind
    var moderatorId: Int
    var targetId: Int
    var reason: String?
    var flag: Bool
    var when: Double
    /// The community of a ban, a moderator's appointment or a transfer (the target is then the
    /// person), or a community's removal.
    var communityId: Int? = nil
    /// Whether a feature pinned the post on the instance rather than in its community.
    var onInstance = false
    /// When a ban ends, for bans with an expiry.
    var expires: Double? = nil
    /// How many entries 1.0 wrote under this one (a site ban's removals).
    var childCount = 0
    /// A community's top moderator when an admin removed it (1.0 names them as the entry's
    /// target person), if it had one.
    var ownerId: Int? = nil
}

/// What one user did: votes, saves, reads, hides, follows, blocks. Times are when it happened.
struct UserState: Sendable {
    var postVotes: [Int: Int] = [:]
    var commentVotes: [Int: Int] = [:]
    var postVoteTimes: [Int: Double] = [:]
    var commentVoteTimes: [Int: Double] = [:]
    var savedPosts: [Int: Double] = [:]
    var savedComments: [Int: Double] = [:]
    var readPosts: [Int: Double] = [:]
    var readCommentCounts: [Int: Int] = [:]
    var hiddenPosts: [Int: Double] = [:]
    var follows: [Int: Double] = [:]
    /// Follows of remote communities the remote instance has not accepted yet (it never does:
    /// the test server does not federate), shown as `Pending`.
    var pendingFollows: Set<Int> = []
    /// Follows of private communities (1.0) that wait for a moderator's approval.
    var approvalRequiredFollows: Set<Int> = []
    /// Follows of private communities (1.0) that a moderator denied: still rows, with
    /// `follow_state` `Denied`, until the person follows again or leaves.
    var deniedFollows: Set<Int> = []
    var blockedCommunities: [Int: Double] = [:]
    var blockedPersons: [Int: Double] = [:]
    /// Instances whose communities are blocked (0.19 `BlockInstance`, 1.0 "communities").
    var blockedInstances: [Int: Double] = [:]
    /// Instances whose people are blocked (1.0 only).
    var blockedInstancePersons: [Int: Double] = [:]
    /// 1.0's notification setting of each community that has one (`community_actions.notifications`).
    var communityNotifications: [Int: ApiCommunityNotificationsMode] = [:]
    /// 1.0's notification setting of each post that has one (`post_actions.notifications`).
    var postNotifications: [Int: ApiPostNotificationsMode] = [:]
    /// 1.0's private notes about people, by person (`person_actions.note`, `noted_at`).
    var personNotes: [Int: PersonNoteRecord] = [:]
    /// 1.0's tally of the user's votes on each person's posts and comments, by person
    /// (`person_actions.voted_at`, `upvotes`, `downvotes`).
    var personVotes: [Int: PersonVoteTally] = [:]
}

/// What Lemmy 1.0 keeps of one user's votes on one person's posts and comments
/// (`PersonActions::like`, `db_schema/src/impls/person.rs`): counters that each vote moves
/// (an upvote taken back or turned into a downvote takes one off), and when the last vote or
/// change was. The row stays once made, at zero too; content purged later keeps its count.
///
/// The counters are nil when the user's `person_actions` row for the person existed before the
/// first vote (a block or a note made it): the columns have no default, Lemmy's upsert adds to
/// NULL, and they stay NULL for good, so Lemmy sends `voted_at` alone.
struct PersonVoteTally: Sendable, Equatable {
    var upvotes: Int?
    var downvotes: Int?
    var at: Double

    /// The first vote's row: counted from zero, or with no counters when the row was already
    /// there (`rowExisted`).
    init(rowExisted: Bool, now: Double) {
        upvotes = rowExisted ? nil : 0
        downvotes = rowExisted ? nil : 0
        at = now
    }

    /// Moves the counters from vote `old` to vote `new` (1, -1, or 0 for none), at `now`.
    mutating func record(from old: Int, to new: Int, now: Double) {
        let up = (new == 1 ? 1 : 0) - (old == 1 ? 1 : 0)
        let down = (new == -1 ? 1 : 0) - (old == -1 ? 1 : 0)
        upvotes = upvotes.map { $0 + up }
        downvotes = downvotes.map { $0 + down }
        at = now
    }
}

/// A private note about a person (Lemmy 1.0), seen by its author alone.
struct PersonNoteRecord: Sendable, Equatable {
    var text: String
    /// When it was last saved.
    var at: Double
}

/// The media of a link, image or video post, as Lemmy stores it after fetching the URL.
struct PostMedia: Sendable {
    var thumbnailURL: String?
    var embedTitle: String?
    var embedDescription: String?
    var embedVideoURL: String?
    var contentType: String?
    var altText: String?
}

/// The site's own settings: what EditSite changes and GetSite shows, and how people sign up.
struct SiteSettingsRecord: Sendable {
    /// The site's name (also the issuer of its two-factor secrets).
    var name = "Lemmy Test Server"
    /// The sidebar (Markdown).
    var sidebar: String? = "An in-memory Lemmy for tests."
    /// The one-line description (0.18/0.19 `description`, 1.0 `summary`).
    var description: String? = "In-memory Lemmy-compatible server"
    /// A warning shown before the site's content (0.19.4, 1.0).
    var contentWarning: String?
    var legalInformation: String?
    /// What an application to join asks.
    var applicationQuestion: String?
    /// Whether only admins may create communities.
    var communityCreationAdminOnly = false
    /// Whether the site federates: 0.18 and 0.19 list no federated instances when it does not.
    var federationEnabled = true
    /// Whether the site is private (stored and shown; guests are not kept out).
    var privateInstance = false
    /// The feed a guest sees first, as 1.0 spells it (`all`, `local`, `suggested`).
    var defaultPostListingType = "local"
    /// The admins' slur filter, a regular expression matched ignoring case, or nil.
    var slurFilterRegex: String?
    /// The taglines, oldest first: 0.18 and 0.19 list them all with the site, 1.0 shows one.
    var taglines: [TaglineRecord] = []
    /// The id the next tagline gets.
    var nextTaglineId = 1
    /// When EditSite last changed the site.
    var updated: Double?
    /// As 1.0 spells it: `open`, `require_application`, `closed`.
    var registrationMode = "open"
    var captchaEnabled = false
    var requireEmailVerification = false
    /// The site's icon URL (1.0 sets it by upload).
    var icon: String?
    /// The site's banner URL (1.0 sets it by upload).
    var banner: String?
}

/// One of the site's taglines (a line the site shows under its name).
struct TaglineRecord: Sendable, Equatable {
    var id: Int
    var content: String
    var published: Double
    /// When 1.0's EditTagline last changed it.
    var updated: Double?
}
