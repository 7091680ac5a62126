import Foundation
import LemmyAPI

/// Lemmy's settings backup (0.19 and 1.0): `UserSettingsBackup`, written by `export_settings`
/// (0.19, `crates/apub/src/api/user_settings_backup.rs`) or `export_user_settings` (1.0,
/// `crates/api/api/src/federation/user_settings_backup.rs`), and read back by their imports.
///
/// Lemmy imports the lists (follows, saves, blocks) in a task it starts after answering, and
/// resolves each URL over ActivityPub; here they are applied before the answer, and only URLs of
/// this server's own objects resolve (the test server does not federate): the others are
/// skipped, as Lemmy skips, and logs, those it cannot fetch.
extension Database {
    /// Lemmy's `MAX_API_PARAM_ELEMENTS`: how many URLs an import may carry (0.19 refuses more,
    /// 1.0's `check_api_elements_count` this many too).
    static let maximumBackupURLs = 10_000

    /// The backup of `personId` as `dialect` writes it: every member, `null` for an absent value
    /// (the struct has no `skip_serializing_none`), the lists as the objects' ActivityPub ids.
    func settingsBackup(of personId: Int, renderer: Renderer, dialect: LemmyDialect) throws -> LemmyJSONValue {
        guard let person = person(personId) else { throw APIError.notLoggedIn }
        let state = users[personId] ?? UserState()
        func text(_ value: String?) -> LemmyJSONValue { value.map(LemmyJSONValue.string) ?? .null }
        func list(_ ids: [Int: Double], _ apId: (Int) -> String?) -> LemmyJSONValue {
            .array(ids.keys.sorted().compactMap(apId).map(LemmyJSONValue.string))
        }
        func domains(_ ids: [Int: Double]) -> LemmyJSONValue {
            .array(ids.keys.sorted().compactMap { instanceDomains[$0] }.map(LemmyJSONValue.string))
        }
        func json(_ value: some Encodable) throws -> LemmyJSONValue {
            try JSONDecoder().decode(LemmyJSONValue.self, from: dialect.encode(value))
        }
        var backup: [String: LemmyJSONValue] = [
            "display_name": text(person.displayName), "bio": text(person.bio), "avatar": text(person.avatar),
            "banner": text(person.banner), "matrix_id": .null, "bot_account": .bool(person.isBot),
            "settings": try renderer.localUser(personId).map(json) ?? .null,
            "followed_communities": list(state.follows) { community($0) == nil ? nil : renderer.community($0).apId },
            "saved_posts": list(state.savedPosts) { post($0) == nil || purged.posts.contains($0) ? nil : renderer.post($0).apId },
            "saved_comments": list(state.savedComments) {
                comment($0) == nil || purged.comments.contains($0) ? nil : renderer.comment($0).apId
            },
            "blocked_communities": list(state.blockedCommunities) { community($0) == nil ? nil : renderer.community($0).apId },
            "blocked_users": list(state.blockedPersons) { self.person($0) == nil ? nil : renderer.person($0).apId },
        ]
        if dialect == .v1_0 {
            backup["blocked_instances_communities"] = domains(state.blockedInstances)
            backup["blocked_instances_persons"] = domains(state.blockedInstancePersons)
            backup["blocking_keywords"] = .array([])
            backup["discussion_languages"] = .array(
                person.settings.discussionLanguages.compactMap { Self.languageCodes[$0] }.map(LemmyJSONValue.string))
        } else {
            backup["blocked_instances"] = domains(state.blockedInstances)
            backup["vote_display_mode_settings"] = try renderer.myUser()?.localUserView.localUserVoteDisplayMode.map(json) ?? .null
        }
        return .object(backup)
    }

    /// The codes of the site's languages, by id (`Language::read_all` for the two it offers).
    static let languageCodes = [0: "und", 37: "en"]

    /// Imports `backup` into `personId`'s account as `dialect` does.
    ///
    /// 0.19 writes the person's display name, bio and Matrix id as the backup has them (an
    /// absent one clears it), then the settings and the vote display; it refuses more than
    /// ``maximumBackupURLs`` URLs only after that (`too_many_items`), so those writes stay. 1.0
    /// first checks that the account is not banned or deleted and validates the texts it will
    /// write, writes only the texts the backup has, then the settings, each absent one at its
    /// default (its `LocalUser` is `#[serde(default)]`; one that does not read is none,
    /// `deserialize_skip_error`), the discussion languages by code (none known: all), and checks
    /// the blocking keywords and counts the URLs last. Every follow is written anew, `Pending`,
    /// as both versions' import writes it (an upsert).
    mutating func importSettings(_ backup: LemmyJSONValue, by personId: Int, now: Double, dialect: LemmyDialect) throws {
        let form = try SettingsBackupForm(backup, dialect: dialect)
        guard var person = person(personId) else { throw APIError.notLoggedIn }
        if dialect == .v1_0 {
            if banFlag(person, now: now) { throw APIError.code("site_ban") }
            if person.deleted { throw APIError.code("deleted") }
            // Lemmy counts UTF-16 units (`max_length_check`).
            if let bio = form.bio, bio.utf16.count > 1000 { throw APIError.code("bio_length_overflow") }
            if let name = form.displayName { try NameRules.checkDisplayName(name, dialect: dialect) }
            if let matrixId = form.matrixId, !Self.isValidMatrixId(matrixId) { throw APIError.code("invalid_matrix_id") }
            person.displayName = form.displayName ?? person.displayName
            person.bio = form.bio ?? person.bio
        } else {
            person.displayName = form.displayName
            person.bio = form.bio
        }
        person.isBot = form.botAccount ?? person.isBot
        if let settings = form.settings {
            person.showNSFW = settings.showNSFW
            person.settings.showBotAccounts = settings.showBotAccounts
            person.settings.showReadPosts = settings.showReadPosts
            person.settings.blurNSFW = settings.blurNSFW
            person.settings.defaultListing = settings.defaultListing
            person.settings.defaultSort = settings.defaultSort
            if let sort = settings.defaultCommentSort { person.settings.defaultCommentSort = sort }
            if let hides = settings.hidePostsWithMedia { person.settings.hidePostsWithMedia = hides }
            if let show = settings.showDownvotes { person.settings.showDownvotes = show }
        }
        if let downvotes = form.showsDownvotes019 { person.settings.showDownvotes = downvotes ? "show" : "hide" }
        if dialect == .v1_0, !form.discussionLanguages.isEmpty {
            let codes = Dictionary(uniqueKeysWithValues: Self.languageCodes.map { ($1, $0) })
            // An empty list is every language (`convert_update_languages`).
            person.settings.discussionLanguages = Self.storedLanguages(
                form.discussionLanguages.compactMap { codes[$0] }, dialect: dialect)
        }
        persons[personId - 1] = person
        if dialect == .v1_0 {
            // Trimmed, then checked (`check_blocking_keywords_are_valid`); the test server keeps
            // no keyword blocks (GetMyUser lists none), so valid ones are not stored.
            let keywords = form.blockingKeywords.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if keywords.count >= Self.maximumBackupURLs { throw APIError.code("too_many_items") }
            for keyword in keywords {
                if keyword.utf16.count < 3 { throw APIError.code("block_keyword_too_short") }
                if keyword.utf16.count > 50 { throw APIError.code("block_keyword_too_long") }
            }
        }
        let count = form.urlCount
        if dialect == .v1_0 ? count >= Self.maximumBackupURLs : count > Self.maximumBackupURLs {
            throw APIError.code("too_many_items")
        }
        importLists(form, by: personId, now: now, dialect: dialect)
    }

    /// 1.0's `is_valid_matrix_id`: `@localpart:server[:port]`, the localpart of ASCII from `!`
    /// to DEL without `:`, the server of letters, digits, `.` and `-`, the port of 2 to 5 digits.
    static func isValidMatrixId(_ id: String) -> Bool {
        guard id.hasPrefix("@") else { return false }
        let parts = id.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        let localpart = parts[0].unicodeScalars.allSatisfy { (0x21...0x7F).contains($0.value) }
        let digit = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
        let server = parts[1].unicodeScalars.allSatisfy {
            digit($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "." || $0 == "-"
        }
        let port = parts.count == 2 || ((2...5).contains(parts[2].unicodeScalars.count) && parts[2].unicodeScalars.allSatisfy(digit))
        return localpart && server && port
    }

    /// The lists of `form`, each URL of one of this server's objects applied, the others
    /// skipped, as Lemmy skips those it cannot fetch. Lemmy writes each row anew (an upsert):
    /// a follow becomes `Pending` again, and 1.0 dates saves and blocks now.
    private mutating func importLists(_ form: SettingsBackupForm, by personId: Int, now: Double, dialect: LemmyDialect) {
        let renderer = Renderer(db: self, dialect: .v1_0, viewer: nil, host: host, now: now)
        func ids(_ urls: [String], among candidates: [Int], _ apId: (Int) -> String) -> [Int] {
            let wanted = Set(urls)
            return wanted.isEmpty ? [] : candidates.filter { wanted.contains(apId($0)) }
        }
        let communityIds = communities.map(\.id).filter { community($0) != nil }
        let followed = ids(form.followedCommunities, among: communityIds) { renderer.community($0).apId }
        let blockedCommunities = ids(form.blockedCommunities, among: communityIds) { renderer.community($0).apId }
        let postIds = form.savedPosts.isEmpty ? [] : posts.map(\.id).filter { post($0) != nil && !purged.posts.contains($0) }
        let saved = ids(form.savedPosts, among: postIds) { renderer.post($0).apId }
        let commentIds =
            form.savedComments.isEmpty ? [] : comments.map(\.id).filter { comment($0) != nil && !purged.comments.contains($0) }
        let savedComments = ids(form.savedComments, among: commentIds) { renderer.comment($0).apId }
        let people = ids(form.blockedUsers, among: persons.map(\.id).filter { person($0) != nil }) { renderer.person($0).apId }
        let domains = Dictionary(uniqueKeysWithValues: instanceDomains.map { ($1, $0) })
        func dated(_ held: Double?) -> Double { dialect == .v1_0 ? now : held ?? now }
        var state = users[personId] ?? UserState()
        for id in followed {
            communities[id - 1].subscribers.insert(personId)
            state.follows[id] = now
            state.pendingFollows.insert(id)
            state.approvalRequiredFollows.remove(id)
            state.deniedFollows.remove(id)
        }
        for id in saved { state.savedPosts[id] = dated(state.savedPosts[id]) }
        for id in savedComments { state.savedComments[id] = dated(state.savedComments[id]) }
        for id in blockedCommunities { state.blockedCommunities[id] = dated(state.blockedCommunities[id]) }
        // Lemmy inserts a block of oneself too: nothing forbids the row.
        for id in people { state.blockedPersons[id] = dated(state.blockedPersons[id]) }
        // Lemmy creates an instance for a domain it does not know; the test server knows three.
        for id in form.blockedInstancesCommunities.compactMap({ domains[$0] }) {
            state.blockedInstances[id] = dated(state.blockedInstances[id])
        }
        for id in form.blockedInstancesPersons.compactMap({ domains[$0] }) {
            state.blockedInstancePersons[id] = dated(state.blockedInstancePersons[id])
        }
        users[personId] = state
    }
}

/// The settings of a backup that an import writes, in the test server's storage spelling (1.0's).
struct BackupSettings {
    var showNSFW, showBotAccounts, showReadPosts, blurNSFW: Bool
    var defaultListing, defaultSort: String
    var defaultCommentSort: String?
    var hidePostsWithMedia: Bool?
    var showDownvotes: String?

    /// 0.19's: a whole `LocalUser`, every member it requires there (`settings: Option<LocalUser>`
    /// with no defaults); one that does not read fails the import.
    init(v019 user: ApiLocalUser) {
        showNSFW = user.showNsfw
        showBotAccounts = user.showBotAccounts
        showReadPosts = user.showReadPosts
        blurNSFW = user.blurNsfw ?? true
        defaultListing = user.defaultListingType.wireValue(for: .v4)
        defaultSort = (user.defaultSortType ?? .active).wireValue(for: .v4)
    }

    /// 1.0's: its `LocalUser` is `#[serde(default)]`, so any member may be absent and is then
    /// `Default`'s: false, `active`, `local`, `hot`, `show`.
    init(v10 user: LocalUserBackup10) {
        showNSFW = user.showNsfw ?? false
        showBotAccounts = user.showBotAccounts ?? false
        showReadPosts = user.showReadPosts ?? false
        blurNSFW = user.blurNsfw ?? false
        defaultListing = (user.defaultListingType ?? .local).wireValue(for: .v4)
        defaultSort = (user.defaultPostSortType ?? .active).wireValue(for: .v4)
        defaultCommentSort = (user.defaultCommentSortType ?? .hot).wireValue(for: .v4)
        hidePostsWithMedia = user.hidePostsWithMedia ?? false
        showDownvotes = (user.showDownvotes ?? .show).wireValue(for: .v4)
    }
}

/// 1.0's `LocalUser` as a backup's `settings` holds it: every member optional (`#[serde(default)]`),
/// each present one of its type, or the whole value does not read.
struct LocalUserBackup10: Decodable {
    var showNsfw, showBotAccounts, showReadPosts, blurNsfw, hidePostsWithMedia: Bool?
    var defaultPostSortType: ApiPostSortType?
    var defaultCommentSortType: ApiCommentSortType?
    var defaultListingType: ApiListingType?
    var showDownvotes: ApiVoteShow?
    var postListingMode: ApiPostListingMode?
    var lastDonationNotificationAt: LemmyDate?
    var id, personId, defaultPostTimeRangeSeconds, defaultItemsPerPage, invitedByLocalUserId: Int?
    var email, theme, interfaceLanguage: String?
    var showAvatars, sendNotificationsToEmail, emailVerified, acceptedApplication, openLinksInNewTab: Bool?
    var infiniteScrollEnabled, admin, totp2faEnabled, animatedImagesEnabled, collapseBotComments: Bool?
    var privateMessagesEnabled, autoMarkFetchedPostsAsRead, showScore, showUpvotes, showUpvotePercentage: Bool?
    var showPersonVotes, showMedia: Bool?

    enum CodingKeys: String, CodingKey {
        case showNsfw = "show_nsfw", showBotAccounts = "show_bot_accounts", showReadPosts = "show_read_posts"
        case blurNsfw = "blur_nsfw", hidePostsWithMedia = "hide_posts_with_media"
        case defaultPostSortType = "default_post_sort_type", defaultCommentSortType = "default_comment_sort_type"
        case defaultListingType = "default_listing_type", showDownvotes = "show_downvotes", postListingMode = "post_listing_mode"
        case lastDonationNotificationAt = "last_donation_notification_at"
        case id, personId = "person_id", defaultPostTimeRangeSeconds = "default_post_time_range_seconds"
        case defaultItemsPerPage = "default_items_per_page", invitedByLocalUserId = "invited_by_local_user_id"
        case email, theme, interfaceLanguage = "interface_language"
        case showAvatars = "show_avatars", sendNotificationsToEmail = "send_notifications_to_email"
        case emailVerified = "email_verified", acceptedApplication = "accepted_application"
        case openLinksInNewTab = "open_links_in_new_tab", infiniteScrollEnabled = "infinite_scroll_enabled", admin
        case totp2faEnabled = "totp_2fa_enabled", animatedImagesEnabled = "animated_images_enabled"
        case collapseBotComments = "collapse_bot_comments", privateMessagesEnabled = "private_messages_enabled"
        case autoMarkFetchedPostsAsRead = "auto_mark_fetched_posts_as_read", showScore = "show_score"
        case showUpvotes = "show_upvotes", showUpvotePercentage = "show_upvote_percentage"
        case showPersonVotes = "show_person_votes", showMedia = "show_media"
    }
}

/// A `UserSettingsBackup` as an import reads it: every member optional, lists empty when absent,
/// each list's URLs parsed (a string that is not an absolute URL fails the whole form, as serde's
/// `Url` does). 0.19 reads `blocked_instances`; 1.0 reads it as `blocked_instances_communities`
/// too (its alias) and has the people's instance blocks, keyword blocks and languages.
struct SettingsBackupForm {
    var displayName, bio, matrixId: String?
    var botAccount: Bool?
    var settings: BackupSettings?
    /// 0.19's `vote_display_mode_settings.downvotes`, which its import writes.
    var showsDownvotes019: Bool?
    var followedCommunities: [String] = []
    var savedPosts: [String] = []
    var savedComments: [String] = []
    var blockedCommunities: [String] = []
    var blockedUsers: [String] = []
    var blockedInstancesCommunities: [String] = []
    var blockedInstancesPersons: [String] = []
    var blockingKeywords: [String] = []
    var discussionLanguages: [String] = []

    /// How many URLs and domains the import fetches or blocks.
    var urlCount: Int {
        followedCommunities.count + savedPosts.count + savedComments.count + blockedCommunities.count + blockedUsers.count
            + blockedInstancesCommunities.count + blockedInstancesPersons.count
    }

    /// Reads `value` as `dialect`'s import does; a body that is not such an object is a
    /// `Json deserialize error`.
    init(_ value: LemmyJSONValue, dialect: LemmyDialect) throws {
        guard case .object(let members) = value else {
            throw APIError.badRequest("Json deserialize error: invalid type: expected struct UserSettingsBackup")
        }
        func text(_ key: String) throws -> String? {
            switch members[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default: throw APIError.badRequest("Json deserialize error: invalid type for `\(key)`, expected a string")
            }
        }
        func strings(_ key: String, urls: Bool = true) throws -> [String] {
            switch members[key] {
            case nil: return []
            case .array(let items)?:
                return try items.map { item in
                    guard case .string(let text) = item, !urls || URL(string: text)?.scheme != nil else {
                        throw APIError.badRequest(
                            "Json deserialize error: invalid value in `\(key)`, expected \(urls ? "a URL" : "a string")")
                    }
                    return text
                }
            default: throw APIError.badRequest("Json deserialize error: invalid type for `\(key)`, expected a sequence")
            }
        }
        displayName = try text("display_name")
        bio = try text("bio")
        matrixId = try text("matrix_id")
        // Read as URLs (`DbUrl`, 1.0's `Url`), though the import writes neither.
        for key in ["avatar", "banner"] {
            if let link = try text(key), URL(string: link)?.scheme == nil {
                throw APIError.badRequest("Json deserialize error: invalid value in `\(key)`, expected a URL")
            }
        }
        switch members["bot_account"] {
        case nil, .null?: botAccount = nil
        case .bool(let flag)?: botAccount = flag
        default: throw APIError.badRequest("Json deserialize error: invalid type for `bot_account`, expected a boolean")
        }
        let decoder = FormDecoding.decoder(for: dialect.apiVersion)
        func encoded(_ value: LemmyJSONValue) throws -> Data {
            do { return try JSONEncoder().encode(value) } catch { throw APIError.badRequest("Json deserialize error: \(error)") }
        }
        if let settings = members["settings"], settings != .null {
            let data = try encoded(settings)
            if dialect == .v1_0 {
                // `deserialize_skip_error`: settings that do not read are none.
                self.settings = (try? decoder.decode(LocalUserBackup10.self, from: data)).map(BackupSettings.init(v10:))
            } else {
                do {
                    self.settings = BackupSettings(v019: try decoder.decode(ApiLocalUser.self, from: data))
                } catch {
                    throw APIError.badRequest(FormDecoding.describe(error, source: "Json"))
                }
            }
        }
        if dialect == .v0_19, let display = members["vote_display_mode_settings"], display != .null {
            do {
                showsDownvotes019 = try decoder.decode(ApiLocalUserVoteDisplayMode.self, from: try encoded(display)).downvotes
            } catch {
                throw APIError.badRequest(FormDecoding.describe(error, source: "Json"))
            }
        }
        followedCommunities = try strings("followed_communities")
        savedPosts = try strings("saved_posts")
        savedComments = try strings("saved_comments")
        blockedCommunities = try strings("blocked_communities")
        blockedUsers = try strings("blocked_users")
        if dialect == .v1_0 {
            // `blocked_instances` is the member's alias (0.19's name); serde refuses both at once.
            if members["blocked_instances_communities"] != nil && members["blocked_instances"] != nil {
                throw APIError.badRequest("Json deserialize error: duplicate field `blocked_instances_communities`")
            }
            let key = members["blocked_instances_communities"] == nil ? "blocked_instances" : "blocked_instances_communities"
            blockedInstancesCommunities = try strings(key, urls: false)
            blockedInstancesPersons = try strings("blocked_instances_persons", urls: false)
            blockingKeywords = try strings("blocking_keywords", urls: false)
            discussionLanguages = try strings("discussion_languages", urls: false)
        } else {
            blockedInstancesCommunities = try strings("blocked_instances", urls: false)
        }
    }
}
