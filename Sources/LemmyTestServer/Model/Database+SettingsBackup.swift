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
            .array(ids.keys.sorted().compactMap { Self.knownInstanceDomains[$0] }.map(LemmyJSONValue.string))
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
    /// absent one clears it), then the settings; it refuses more than ``maximumBackupURLs`` URLs
    /// only after that (`too_many_items`), so those writes stay. 1.0 first checks that the account
    /// is not banned or deleted and validates the texts it will write, writes only the texts the
    /// backup has, ignores settings that do not read as its `LocalUser` (`deserialize_skip_error`),
    /// takes the discussion languages by code, and counts the URLs last too. Follows arrive
    /// `Pending`, as both versions' import writes them.
    mutating func importSettings(_ backup: LemmyJSONValue, by personId: Int, now: Double, dialect: LemmyDialect) throws {
        let form = try SettingsBackupForm(backup, dialect: dialect)
        guard var person = person(personId) else { throw APIError.notLoggedIn }
        if dialect == .v1_0 {
            if person.banned || person.deleted { throw APIError.code(person.banned ? "site_ban" : "deleted") }
            if let bio = form.bio, bio.count > 1000 { throw APIError.code("bio_length_overflow") }
            if let name = form.displayName { try NameRules.checkDisplayName(name, dialect: dialect) }
            person.displayName = form.displayName ?? person.displayName
            person.bio = form.bio ?? person.bio
        } else {
            person.displayName = form.displayName
            person.bio = form.bio
        }
        person.isBot = form.botAccount ?? person.isBot
        if let settings = form.settings {
            person.showNSFW = settings.showNsfw
            person.settings.showBotAccounts = settings.showBotAccounts
            person.settings.showReadPosts = settings.showReadPosts
            person.settings.blurNSFW = settings.blurNsfw ?? person.settings.blurNSFW
            person.settings.defaultListing = settings.defaultListingType.wireValue(for: .v4)
            if let sort = settings.defaultPostSortType { person.settings.defaultSort = sort.wireValue(for: .v4) }
            if let sort = settings.defaultSortType { person.settings.defaultSort = sort.wireValue(for: .v4) }
            if dialect == .v1_0 {
                person.settings.defaultCommentSort =
                    settings.defaultCommentSortType?.wireValue(for: .v4) ?? person.settings.defaultCommentSort
                person.settings.hidePostsWithMedia = settings.hidePostsWithMedia ?? person.settings.hidePostsWithMedia
                person.settings.showDownvotes = settings.showDownvotes?.wireValue(for: .v4) ?? person.settings.showDownvotes
            }
        }
        if dialect == .v1_0, !form.discussionLanguages.isEmpty {
            let codes = Dictionary(uniqueKeysWithValues: Self.languageCodes.map { ($1, $0) })
            person.settings.discussionLanguages = form.discussionLanguages.compactMap { codes[$0] }
        }
        persons[personId - 1] = person
        let count = form.urlCount
        if dialect == .v1_0 ? count >= Self.maximumBackupURLs : count > Self.maximumBackupURLs {
            throw APIError.code("too_many_items")
        }
        importLists(form, by: personId, now: now)
    }

    /// The lists of `form`, each URL of one of this server's objects applied, the others skipped.
    private mutating func importLists(_ form: SettingsBackupForm, by personId: Int, now: Double) {
        let renderer = Renderer(db: self, dialect: .v1_0, viewer: nil, host: host, now: now)
        func ids(_ urls: [String], among candidates: [Int], _ apId: (Int) -> String) -> [Int] {
            let wanted = Set(urls)
            return candidates.filter { wanted.contains(apId($0)) }
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
        let domains = Dictionary(uniqueKeysWithValues: Self.knownInstanceDomains.map { ($1, $0) })
        var state = users[personId] ?? UserState()
        for id in followed where state.follows[id] == nil {
            state.follows[id] = now
            state.pendingFollows.insert(id)
        }
        for id in saved { state.savedPosts[id] = state.savedPosts[id] ?? now }
        for id in savedComments { state.savedComments[id] = state.savedComments[id] ?? now }
        for id in blockedCommunities { state.blockedCommunities[id] = state.blockedCommunities[id] ?? now }
        for id in people where id != personId { state.blockedPersons[id] = state.blockedPersons[id] ?? now }
        for id in form.blockedInstancesCommunities.compactMap({ domains[$0] }) {
            state.blockedInstances[id] = state.blockedInstances[id] ?? now
        }
        for id in form.blockedInstancesPersons.compactMap({ domains[$0] }) {
            state.blockedInstancePersons[id] = state.blockedInstancePersons[id] ?? now
        }
        users[personId] = state
    }
}

/// A `UserSettingsBackup` as an import reads it: every member optional, lists empty when absent,
/// each list's URLs parsed (a string that is not an absolute URL fails the whole form, as serde's
/// `Url` does). 0.19 reads `blocked_instances`; 1.0 reads it as `blocked_instances_communities`
/// too (its alias) and has the people's instance blocks, keyword blocks and languages.
struct SettingsBackupForm {
    var displayName, bio, matrixId: String?
    var botAccount: Bool?
    var settings: ApiLocalUser?
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
        if let settings = members["settings"], settings != .null {
            let data = try JSONEncoder().encode(settings)
            do {
                self.settings = try FormDecoding.decoder(for: dialect.apiVersion).decode(ApiLocalUser.self, from: data)
            } catch {
                // 1.0 reads `settings` with `deserialize_skip_error`: one it cannot read is none.
                if dialect != .v1_0 { throw APIError.badRequest(FormDecoding.describe(error, source: "Json")) }
            }
        }
        followedCommunities = try strings("followed_communities")
        savedPosts = try strings("saved_posts")
        savedComments = try strings("saved_comments")
        blockedCommunities = try strings("blocked_communities")
        blockedUsers = try strings("blocked_users")
        if dialect == .v1_0 {
            // `blocked_instances` is the member's alias (0.19's name).
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
