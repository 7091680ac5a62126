import Foundation

/// The admins' edit of the site's own settings (EditSite), and CreateSite, which a site that is
/// set up refuses.
///
/// Facts from Lemmy's `api_crud/src/site/{update,create,mod}.rs` and `utils/src/utils/validation.rs`
/// at 0.18.5, 0.19.13 and main (1.0):
/// - the checks come first, in Lemmy's order: the slur filter (the new one, or the stored one),
///   the name, the description (1.0's `summary`), the default feed, 0.18's private instance that
///   federates, the sidebar, the application question;
/// - 0.18 counts the name and description in bytes and the sidebar in Unicode scalars, and
///   checks a name's length before its absence; 0.19 and 1.0 count UTF-16 units, absence first;
/// - an empty text clears an optional field (the name cannot be empty);
/// - 0.18 cleans the texts as HTML (ammonia); 0.19 and 1.0 replace slurs in the sidebar with
///   `*removed*`, matched with the filter stored before the edit (1.0 release builds cache that
///   filter for a minute; the links' tracking parameters that 0.19 and 1.0 strip are kept here);
/// - the federation lists (0.18, 0.19) come after the site's own writes, which stay when a list
///   fails; then switching registration to applications accepts every local account, and
///   turning email verification on marks every local address verified (`set_all_users_*`;
///   switching away from applications approves no pending one); then the taglines;
/// - 0.18 and 0.19 replace the taglines whole (`[]` clears them); 1.0 edits them elsewhere.
///
///
/// Not modelled: discussion languages, icons and banners (0.18/0.19), rate limits, the URL
/// blocklist, and every setting the server does not act on
/// (themes, captcha, NSFW, votes, images): they are accepted and not stored. The slur filter is
/// stored and checks the site's own texts only; posts and comments are not filtered.
extension Database {
    /// EditSite's form in one shape for every dialect: 1.0's `summary` is the description, its
    /// `email_verification_required` 0.18/0.19's `require_email_verification`, and the
    /// registration mode and feed are spelt as 1.0 spells them.
    struct SiteEdit: Sendable {
        var name: String?
        var sidebar: String?
        var description: String?
        var contentWarning: String?
        var legalInformation: String?
        var applicationQuestion: String?
        var registrationMode: String?
        var emailVerificationRequired: Bool?
        var communityCreationAdminOnly: Bool?
        var defaultPostListingType: String?
        var slurFilterRegex: String?
        /// Stored and shown; the server hides nothing from guests of a private instance.
        var privateInstance: Bool?
        var federationEnabled: Bool?
        /// 0.18 and 0.19 only.
        var taglines: [String]?
        /// 0.18 and 0.19's federation lists, each replaced whole (1.0 edits them elsewhere).
        var allowedInstances: [String]?
        var blockedInstances: [String]?
    }

    /// The longest site name and description.
    static let siteNameLimit = 20
    static let siteDescriptionLimit = 150
    /// The longest sidebar (`is_valid_body_field`).
    static let siteSidebarLimit = 10_000

    /// Applies `edit` by admin `personId`: `not_an_admin` for anyone else, then the checks in
    /// Lemmy's order, then the writes and their side effects.
    mutating func editSite(_ edit: SiteEdit, by personId: Int, now: Double, dialect: LemmyDialect) throws {
        try requireAdmin(personId)
        let filter = try SlurFilter(pattern: edit.slurFilterRegex ?? site.slurFilterRegex)
        try checkSiteTexts(name: edit.name, description: edit.description, filter: filter, dialect: dialect)
        if let type = edit.defaultPostListingType {
            let refused = dialect == .v1_0 ? ["subscribed", "moderator_view"].contains(type) : !["all", "local"].contains(type)
            if refused { throw APIError.code("invalid_default_post_listing_type") }
        }
        // 0.18 alone, with the values as they would be: the check and its error are gone from 0.19 on.
        if dialect == .v0_18, edit.privateInstance ?? site.privateInstance, edit.federationEnabled ?? site.federationEnabled {
            throw APIError.code("cant_enable_private_instance_and_federation_together")
        }
        if let sidebar = edit.sidebar {
            let length = dialect == .v0_18 ? sidebar.unicodeScalars.count : sidebar.utf16.count
            if length > Self.siteSidebarLimit { throw APIError.code("invalid_body_field") }
        }
        let mode = edit.registrationMode ?? site.registrationMode
        let noQuestion = site.applicationQuestion == nil && edit.applicationQuestion == nil
        if mode == "require_application", noQuestion || edit.applicationQuestion == "" {
            throw APIError.code("application_question_required")
        }
        // Lemmy's order, with no outer transaction: the site's writes stay when a list fails, and
        // the accounts and taglines change only after both lists.
        let before = site
        writeSiteEdit(edit, dialect: dialect, storedFilter: try SlurFilter(pattern: site.slurFilterRegex), now: now)
        if dialect != .v1_0 {
            try replaceFederationList(edit.allowedInstances, blocking: false, now: now, dialect: dialect)
            try replaceFederationList(edit.blockedInstances, blocking: true, now: now, dialect: dialect)
        }
        applyAccountSideEffects(from: before)
        // `Tagline::replace`: every row deleted and each line inserted anew, with a new id.
        if dialect != .v1_0, let taglines = edit.taglines { site.taglines = taglines.map { newTagline($0, now: now) } }
    }

    /// Switching registration to applications accepts every local account
    /// (`set_all_users_registration_applications_accepted`, also those an admin denied), and
    /// turning email verification on marks every local address verified (`set_all_users_email_verified`).
    private mutating func applyAccountSideEffects(from before: SiteSettingsRecord) {
        let acceptAll = before.registrationMode != "require_application" && site.registrationMode == "require_application"
        let verifyAll = !before.requireEmailVerification && site.requireEmailVerification
        guard acceptAll || verifyAll else { return }
        for index in persons.indices where persons[index].instanceId == 1 {
            if acceptAll { persons[index].applicationPending = false }
            if verifyAll { persons[index].emailUnverified = false }
        }
    }

    /// 0.18/0.19's `FederationAllowList::replace` and `FederationBlockList::replace`: in one
    /// transaction, empty the list and add each domain's instance (made as written when unknown:
    /// 0.18 looks domains up exactly, 0.19 without case). A domain named twice breaks the list's
    /// unique key, and the transaction, its new instances included, is rolled back. The lists
    /// may both hold instances: only 1.0 keeps them apart. Blocks made here have no end.
    private mutating func replaceFederationList(_ domains: [String]?, blocking: Bool, now: Double, dialect: LemmyDialect) throws {
        guard let domains else { return }
        let before = (instanceDomains, federation)
        var ids: [Int] = []
        do {
            for domain in domains {
                // The database's refusals: the domain column's 255 characters, the list's unique instance.
                guard domain.unicodeScalars.count <= 255 else { throw APIError.foreign("value too long for type character varying(255)") }
                let id = try instanceId(readingOrCreating: domain, ignoringCase: dialect != .v0_18, now: now)
                guard !ids.contains(id) else {
                    let key = blocking ? "federation_blocklist_instance_id_key" : "federation_allowlist_instance_id_key"
                    throw APIError.foreign("duplicate key value violates unique constraint \"\(key)\"")
                }
                ids.append(id)
            }
        } catch {
            // The transaction is rolled back, the instances it made included.
            (instanceDomains, federation) = before
            throw error
        }
        if blocking {
            federation.blocked = Dictionary(uniqueKeysWithValues: ids.map { ($0, FederationBlock(published: now, expires: nil)) })
        } else {
            federation.allowed = Dictionary(uniqueKeysWithValues: ids.map { ($0, now) })
        }
    }

    /// CreateSite: the site is set up, so an admin is refused `site_already_exists` (1.0:
    /// `already_exists`), after `not_an_admin` for anyone else.
    func createSite(by personId: Int, dialect: LemmyDialect) throws {
        try requireAdmin(personId)
        throw APIError.code(dialect == .v1_0 ? "already_exists" : "site_already_exists")
    }

    /// The name (`site_name_required`, `site_name_length_overflow`, `slurs`) and the description
    /// (`site_description_length_overflow`, `slurs`), as `dialect` checks them.
    private func checkSiteTexts(name: String?, description: String?, filter: SlurFilter, dialect: LemmyDialect) throws {
        func length(_ text: String) -> Int { dialect == .v0_18 ? text.utf8.count : text.utf16.count }
        // 0.18 tests a name's maximum before its minimum, later versions the other way round;
        // no name is both, so one order serves.
        if let name {
            if name.isEmpty { throw APIError.code("site_name_required") }
            if length(name) > Self.siteNameLimit { throw APIError.code("site_name_length_overflow") }
            try filter.check(name)
        }
        if let description {
            if length(description) > Self.siteDescriptionLimit { throw APIError.code("site_description_length_overflow") }
            try filter.check(description)
        }
    }

    /// The site's own writes of a checked edit.
    private mutating func writeSiteEdit(_ edit: SiteEdit, dialect: LemmyDialect, storedFilter: SlurFilter, now: Double) {
        /// An optional text: kept when absent, cleared when empty once stored (0.18 cleans it as
        /// HTML first, `sanitize_html_opt`, so markup alone clears it too).
        func update(_ field: inout String?, _ text: String?) {
            guard let text else { return }
            let stored = dialect.stored(text)
            field = stored.isEmpty ? nil : stored
        }
        var settings = site
        if let name = edit.name { settings.name = dialect.stored(name) }
        // 0.19 and 1.0 put the sidebar through `process_markdown`, whose slur filter replaces.
        update(&settings.sidebar, dialect == .v0_18 ? edit.sidebar : edit.sidebar.map(storedFilter.replacingMatches(in:)))
        update(&settings.description, edit.description)
        update(&settings.legalInformation, edit.legalInformation)
        update(&settings.applicationQuestion, edit.applicationQuestion)
        if dialect != .v0_18, let warning = edit.contentWarning { settings.contentWarning = warning.isEmpty ? nil : warning }
        if let regex = edit.slurFilterRegex { settings.slurFilterRegex = regex.isEmpty ? nil : regex }
        if let mode = edit.registrationMode { settings.registrationMode = mode }
        if let required = edit.emailVerificationRequired { settings.requireEmailVerification = required }
        if let adminOnly = edit.communityCreationAdminOnly { settings.communityCreationAdminOnly = adminOnly }
        if let type = edit.defaultPostListingType { settings.defaultPostListingType = type }
        if let privateInstance = edit.privateInstance { settings.privateInstance = privateInstance }
        if let federation = edit.federationEnabled { settings.federationEnabled = federation }
        settings.updated = now
        site = settings
    }
}

/// The admins' slur filter as Lemmy builds it (`build_and_check_regex`): a pattern matched
/// ignoring case; none (or an empty one) matches nothing. A pattern that does not compile is
/// `invalid_regex`; one that matches "1" is `permissive_regex`, since it would match nearly
/// everything. Compiled with Foundation's engine, whose syntax is close to Rust's `regex` for the
/// word lists admins write, though not the same.
struct SlurFilter {
    private let regex: NSRegularExpression?

    init(pattern: String?) throws {
        guard let pattern, !pattern.isEmpty else {
            regex = nil
            return
        }
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else {
            throw APIError.code("invalid_regex")
        }
        self.regex = regex
        if matches("1") { throw APIError.code("permissive_regex") }
    }

    /// Whether `text` holds a match.
    func matches(_ text: String) -> Bool {
        guard let regex else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// `slurs` if `text` holds a match (`check_slurs`); 1.0's cause names the matches, sorted,
    /// each once: `No slurs - a, b`.
    func check(_ text: String) throws {
        guard let regex else { return }
        let found = regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range, in: text).map { String(text[$0]) }
        }
        guard !found.isEmpty else { return }
        let listed = Set(found).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        throw APIError.code("slurs", cause: "No slurs - " + listed.joined(separator: ", "))
    }

    /// `text` with each match replaced by `*removed*` (`remove_slurs`).
    func replacingMatches(in text: String) -> String {
        guard let regex else { return text }
        return regex.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: NSRegularExpression.escapedTemplate(for: "*removed*"))
    }
}
