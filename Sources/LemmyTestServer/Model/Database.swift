internal import Locking
import Foundation
import HTTPLoading

/// All server state. Guarded by ``LemmyStore``'s mutex; every method runs inside it.
struct Database: Sendable {
    var persons: [PersonRecord] = []
    var communities: [CommunityRecord] = []
    var posts: [PostRecord] = []
    var comments: [CommentRecord] = []
    var privateMessages: [PrivateMessageRecord] = []
    var inbox: [InboxRecord] = []
    var reports: [ReportRecord] = []
    /// Reports of private messages (admins' queue, apart from the communities' reports).
    var privateMessageReports: [ReportRecord] = []
    /// Sign-ups waiting for (or decided by) an admin, under "require application".
    var registrationApplications: [RegistrationApplicationRecord] = []
    /// What admins purged: gone for everyone (rows stay, as ids are indices).
    var purged = PurgedContent()
    /// The admins' federation allow and block lists (instance ids).
    var federation = FederationLists()
    /// Uploaded images by file name.
    var images: [String: ImageRecord] = [:]
    var modlog: [ModlogRecord] = []
    /// Comment ids of each post (index = post id - 1), in creation order.
    var commentsByPost: [[Int]] = []
    /// Per-user state, by person id.
    var users: [Int: UserState] = [:]
    /// Session tokens to person ids.
    var sessions: [String: Int] = [:]
    /// Inbox entry ids per recipient.
    var inboxByRecipient: [Int: [Int]] = [:]
    /// The seed the generator used (also drives generated comment text).
    var seed: UInt64 = 0
    /// Counter for issued tokens.
    /// `host:port` used in `ap_id`s.
    var host = "lemmy.test"
    /// The site's creation time.
    var siteCreated: Double = 0
    /// How people sign up (see ``LemmyTestServer/configureRegistration(_:)``).
    var site = SiteSettingsRecord()
    /// Answers of the captchas handed out and not yet used, by uuid.
    var captchas: [String: String] = [:]
    /// Counts captchas, so each gets its own uuid and answer.
    var captchaCounter = 0

    // MARK: Lookup

    func person(_ id: Int) -> PersonRecord? { id >= 1 && id <= persons.count ? persons[id - 1] : nil }
    func community(_ id: Int) -> CommunityRecord? { id >= 1 && id <= communities.count ? communities[id - 1] : nil }
    func post(_ id: Int) -> PostRecord? { id >= 1 && id <= posts.count ? posts[id - 1] : nil }
    func comment(_ id: Int) -> CommentRecord? { id >= 1 && id <= comments.count ? comments[id - 1] : nil }
    func privateMessage(_ id: Int) -> PrivateMessageRecord? {
        id >= 1 && id <= privateMessages.count ? privateMessages[id - 1] : nil
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

    func isModOrAdmin(_ personId: Int?, of communityId: Int) -> Bool {
        guard let personId, let person = person(personId) else { return false }
        return person.isAdmin || isModerator(personId, of: communityId)
    }

    func subscriberCount(_ community: CommunityRecord) -> Int { community.baseSubscribers + community.subscribers.count }

    // MARK: Sessions

    /// Issues a new session token for `personId`: 256 bits from the system's secure generator,
    /// so no token can be guessed from a name, a seed or how many logins came before.
    mutating func issueToken(for personId: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        for _ in 0..<4 { withUnsafeBytes(of: generator.next() as UInt64) { bytes += $0 } }
        let random = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        // A JWT-like header, so clients that look at the shape see one; the rest is random.
        let token = "eyJhbGciOiJIUzI1NiJ9.\(random)"
        sessions[token] = personId
        return token
    }
}

/// The thread-safe owner of the ``Database``.
final class LemmyStore: Sendable {
    private let state: Locked<Database>

    init(_ database: Database) { state = Locked(database) }

    /// Runs `body` with exclusive access.
    func with<T: Sendable>(_ body: (inout Database) throws -> T) throws -> T {
        try state.withLock { (database: inout Database) throws -> T in try body(&database) }
    }
}
