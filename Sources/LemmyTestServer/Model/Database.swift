internal import Locking
import Foundation
import HTTPLoading

/// All server state, owned by ``LemmyStore``: writes run under its lock, reads on a snapshot.
///
/// Every stored property sets ``written`` when changed (`didSet`), so a handler that was run on a
/// snapshot as a read and turned out to write is run again under the lock. A new stored property
/// needs the same `didSet` (DatabaseWriteTrackingTests lists them).
struct Database: Sendable {
    /// Whether anything changed since ``LemmyStore`` handed this value out.
    var written = false
    /// Counts the writes to the store's state; cached orderings are valid for one revision.
    var revision: UInt64 = 0
    /// Post orderings computed for a revision, shared by the store's snapshots.
    let postOrders = PostOrders()
    /// Post views encoded for a revision, shared by the store's snapshots.
    let encodedPostViews = EncodedPostViews()
    var persons: [PersonRecord] = [] { didSet { written = true } }
    var communities: [CommunityRecord] = [] { didSet { written = true } }
    var posts: [PostRecord] = [] { didSet { written = true } }
    var comments: [CommentRecord] = [] { didSet { written = true } }
    var privateMessages: [PrivateMessageRecord] = [] { didSet { written = true } }
    var inbox: [InboxRecord] = [] { didSet { written = true } }
    var reports: [ReportRecord] = [] { didSet { written = true } }
    /// Reports of private messages (admins' queue, apart from the communities' reports).
    var privateMessageReports: [ReportRecord] = [] { didSet { written = true } }
    /// Sign-ups waiting for (or decided by) an admin, under "require application".
    var registrationApplications: [RegistrationApplicationRecord] = [] { didSet { written = true } }
    /// What admins purged: gone for everyone (rows stay, as ids are indices).
    var purged = PurgedContent() { didSet { written = true } }
    /// The admins' federation allow and block lists (instance ids).
    var federation = FederationLists() { didSet { written = true } }
    /// The instances the server knows, by id: itself (1) and its peers (see
    /// ``Database/seededInstanceDomains``); an admin's federation block or allow adds the
    /// domains it names.
    var instanceDomains = Database.seededInstanceDomains { didSet { written = true } }
    /// Uploaded images by file name.
    var images: [String: ImageRecord] = [:] { didSet { written = true } }
    var modlog: [ModlogRecord] = [] { didSet { written = true } }
    /// Comment ids of each post (index = post id - 1), in creation order.
    var commentsByPost: [[Int]] = [] { didSet { written = true } }
    /// Per-user state, by person id.
    var users: [Int: UserState] = [:] { didSet { written = true } }
    /// The limit on settings exports and imports (nil: none), and each address's bucket.
    var settingsBackupRateLimit: LemmyRateLimit? = .importUserSettings { didSet { written = true } }
    var settingsBackupBuckets: [String: RateBucket] = [:] { didSet { written = true } }
    /// Session tokens to their sessions.
    var sessions: [String: SessionRecord] = [:] { didSet { written = true } }
    /// How many sessions were ever issued: the next one's ``SessionRecord/order``.
    var sessionCounter = 0 { didSet { written = true } }
    /// Inbox entry ids per recipient.
    var inboxByRecipient: [Int: [Int]] = [:] { didSet { written = true } }
    /// The seed the generator used (also drives generated comment text).
    var seed: UInt64 = 0 { didSet { written = true } }
    /// Counter for issued tokens.
    /// `host:port` used in `ap_id`s.
    var host = "lemmy.test" { didSet { written = true } }
    /// The site's creation time.
    var siteCreated: Double = 0 { didSet { written = true } }
    /// How people sign up (see ``LemmyTestServer/configureRegistration(_:)``).
    var site = SiteSettingsRecord() { didSet { written = true } }
    /// Answers of the captchas handed out and not yet used, by uuid.
    var captchas: [String: String] = [:] { didSet { written = true } }
    /// The password reset links emailed, oldest first (`password_reset_request`).
    var passwordResets: [PasswordResetRequest] = [] { didSet { written = true } }
    /// The email verification links emailed and not used, oldest first (`email_verification`).
    var emailVerifications: [EmailVerificationRecord] = [] { didSet { written = true } }
    /// Counts captchas, so each gets its own uuid and answer.
    var captchaCounter = 0 { didSet { written = true } }
    /// The pages the server's own fetches reach (GetSiteMetadata).
    var web = SimulatedWeb() { didSet { written = true } }
    /// The site's custom emojis.
    var customEmojis = CustomEmojiTable() { didSet { written = true } }
    /// 1.0's multi-communities, by id (id 1 first).
    var multiCommunities: [MultiCommunityRecord] = [] { didSet { written = true } }
    /// 1.0's community tags, by id (id 1 first).
    var communityTags: [CommunityTagRecord] = [] { didSet { written = true } }

    // MARK: Lookup

    func person(_ id: Int) -> PersonRecord? { id >= 1 && id <= persons.count ? persons[id - 1] : nil }
    func community(_ id: Int) -> CommunityRecord? { id >= 1 && id <= communities.count ? communities[id - 1] : nil }
    /// Whether community `id` is NSFW, read in place (a feed asks it of every post it walks).
    func isNSFWCommunity(_ id: Int) -> Bool { id >= 1 && id <= communities.count && communities[id - 1].nsfw }
    func post(_ id: Int) -> PostRecord? { id >= 1 && id <= posts.count ? posts[id - 1] : nil }
    func comment(_ id: Int) -> CommentRecord? { id >= 1 && id <= comments.count ? comments[id - 1] : nil }
    /// The message with this id; nil once a purge of its creator or recipient deleted it (0.18).
    func privateMessage(_ id: Int) -> PrivateMessageRecord? {
        guard id >= 1 && id <= privateMessages.count, !isPurged(privateMessages[id - 1]) else { return nil }
        return privateMessages[id - 1]
    }

    func person(named name: String) -> PersonRecord? {
        let lower = name.lowercased()
        return persons.first { $0.name.lowercased() == lower }
    }

    func community(named name: String) -> CommunityRecord? {
        let bare = name.split(separator: "@").first.map(String.init) ?? name
        return communities.first { $0.name == bare }
    }

    func user(_ id: Int?) -> UserState? { id.flatMap { users[$0] } }

    /// The text of a comment, generated from the seed unless it was written or edited.
    func content(of comment: CommentRecord) -> String {
        comment.content ?? TextGenerator.comment(seed: seed, id: comment.id)
    }

    /// Ids from the root to `comment` (the `path` without the leading 0).
    func pathIds(of comment: CommentRecord) -> [Int] {
        var ids = [comment.id]
        var parent = comment.parentId
        while let id = parent, let row = self.comment(id) {
            ids.append(id)
            parent = row.parentId
        }
        return ids.reversed()
    }

    /// Lemmy's ltree path, `0.12.34`.
    func path(of comment: CommentRecord) -> String {
        "0." + pathIds(of: comment).map(String.init).joined(separator: ".")
    }

    func isModerator(_ personId: Int, of communityId: Int) -> Bool {
        community(communityId)?.moderators.contains(personId) ?? false
    }

    /// Whether `personId` is an admin.
    func isAdmin(_ personId: Int?) -> Bool {
        personId.flatMap(person)?.isAdmin ?? false
    }

    /// Whether `personId` hides bots (`show_bot_accounts` off); no one for an anonymous caller.
    func hidesBots(_ personId: Int?) -> Bool {
        !(personId.flatMap(person)?.settings.showBotAccounts ?? true)
    }

    func isModOrAdmin(_ personId: Int?, of communityId: Int) -> Bool {
        guard let personId, let person = person(personId) else { return false }
        return person.isAdmin || isModerator(personId, of: communityId)
    }

    /// 1.0's `local_user_can_mod` (`db_schema/src/utils/queries/selects.rs`): `viewer` is an
    /// admin, or the creator is not one and `viewer` moderates the community and became a
    /// moderator no later than the creator did (a creator who moderates nothing counts as later;
    /// so does the viewer's own content).
    func canMod(_ viewer: Int?, creator: Int, community communityId: Int) -> Bool {
        guard let viewer, let person = person(viewer) else { return false }
        if person.isAdmin { return true }
        if self.person(creator)?.isAdmin ?? false { return false }
        guard let moderators = community(communityId)?.moderators, let mine = moderators.firstIndex(of: viewer) else { return false }
        return moderators.firstIndex(of: creator).map { $0 >= mine } ?? true
    }

    /// The `subscribers` a community shows: the instance's own count, plus the follows made
    /// here. 0.18's trigger counts every follow; 0.19's and 1.0's only a local community's (a
    /// remote community's count comes from its instance).
    func subscriberCount(_ community: CommunityRecord, dialect: LemmyDialect) -> Int {
        community.baseSubscribers + (dialect == .v0_18 || community.instanceId == 1 ? community.subscribers.count : 0)
    }

    // MARK: Sessions

    /// Issues a new session token for `personId`: 256 bits from the system's secure generator,
    /// so no token can be guessed from a name, a seed or how many logins came before. `now` and
    /// `origin` are what 0.19 and 1.0 store with it (`LoginToken`) and ListLogins shows.
    mutating func issueToken(for personId: Int, now: Double, origin: LoginOrigin?) -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        for _ in 0..<4 { withUnsafeBytes(of: generator.next() as UInt64) { bytes += $0 } }
        let random = Base64URL.encode(Data(bytes))
        // A JWT-like header, so clients that look at the shape see one; the rest is random.
        let token = "eyJhbGciOiJIUzI1NiJ9.\(random)"
        sessionCounter += 1
        sessions[token] = SessionRecord(
            personId: personId, published: now, ip: origin?.ip, userAgent: origin?.userAgent, order: sessionCounter)
        return token
    }

    /// Ends every session of `personId` (Lemmy's `LoginToken::invalidate_all`).
    mutating func endSessions(of personId: Int) {
        for (token, session) in sessions where session.personId == personId { sessions[token] = nil }
    }

    /// The person a session token belongs to, if it is live.
    func sessionPerson(_ token: String?) -> Int? { token.flatMap { sessions[$0]?.personId } }
}

/// The thread-safe owner of the ``Database``: writes are serialized under a lock, reads run on
/// an immutable snapshot taken under it, so readers neither wait for each other nor hold the lock
/// while they render.
final class LemmyStore: Sendable {
    private let state: Locked<Database>

    init(_ database: Database) { state = Locked(database) }

    /// Runs `body` with exclusive access; what it changes stays (also when it throws afterwards).
    func with<T: Sendable>(_ body: (inout Database) throws -> T) throws -> T {
        try state.withLock { (database: inout Database) throws -> T in
            database.written = false
            defer {
                if database.written { database.revision &+= 1 }
                database.written = false
            }
            return try body(&database)
        }
    }

    /// The state now: a copy-on-write value, so taking it costs a few retains.
    func snapshot() -> Database { state.withLock { $0 } }

    /// Runs `body` on a snapshot, outside the lock. If it changed the snapshot (a read with a side
    /// effect, such as 1.0's `mark_as_read`), that change is dropped and `body` runs again under
    /// the lock with ``with(_:)``, so its effect lands exactly once and in order with other writes.
    func read<T: Sendable>(_ body: (inout Database) throws -> T) throws -> T {
        var copy = snapshot()
        let outcome = Result(catching: { try body(&copy) })
        if copy.written { return try with(body) }
        return try outcome.get()
    }
}
