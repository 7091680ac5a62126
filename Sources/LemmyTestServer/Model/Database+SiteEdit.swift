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
///   `*removed*`, matched with the filter stored before the edit;
/// - switching registration to applications accepts every local account, and turning email
///   verification on marks every local address verified (`set_all_users_*`); switching away
///   from applications approves no pending one;
/// - 0.18 and 0.19 replace the taglines whole (`[]` clears them); 1.0 edits them elsewhere.
///
/// - 0.18 and 0.19 replace the federation allowlist and blocklist whole, after the site's writes.
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
        /// Read by 0.18's check alone (this server neither hides nor federates).
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
        // 0.18 alone: the check and its error are gone from 0.19 on. This server never federates
        // nor hides, so what is stored is false for both.
        if dialect == .v0_18, edit.privateInstance == true, edit.federationEnabled == true {
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
        writeSiteEdit(edit, dialect: dialect, storedFilter: try SlurFilter(pattern: site.slurFilterRegex), now: now)
        // After the site's writes, which stay when a list fails (Lemmy runs no outer transaction).
        guard dialect != .v1_0 else { return }
        try replaceFederationList(edit.allowedInstances, blocking: false, now: now, dialect: dialect)
        try replaceFederationList(edit.blockedInstances, blocking: true, now: now, dialect: dialect)
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
        for domain in domains {
            let id = try instanceId(readingOrCreating: domain, ignoringCase: dialect != .v0_18, now: now)
            guard !ids.contains(id) else {
                (instanceDomains, federation) = before
                let key = blocking ? "federation_blocklist_instance_id_key" : "federation_allowlist_instance_id_key"
                throw APIError.foreign("duplicate key value violates unique constraint \"\(key)\"")
            }
            ids.append(id)
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
        if let name {
            let empty = APIError.code("site_name_required")
            let long = APIError.code("site_name_length_overflow")
            // 0.18's `site_name_length_check` tests the maximum first; later ones the minimum.
            if dialect == .v0_18 {
                if length(name) > Self.siteNameLimit { throw long }
                if name.isEmpty { throw empty }
            } else {
                if name.isEmpty { throw empty }
                if length(name) > Self.siteNameLimit { throw long }
            }
            if filter.matches(name) { throw APIError.code("slurs") }
        }
        if let description {
            if length(description) > Self.siteDescriptionLimit { throw APIError.code("site_description_length_overflow") }
            if filter.matches(description) { throw APIError.code("slurs") }
        }
    }

    /// The writes of a checked edit and their side effects on the accounts.
    private mutating func writeSiteEdit(_ edit: SiteEdit, dialect: LemmyDialect, storedFilter: SlurFilter, now: Double) {
        // 0.18 stores these texts cleaned as HTML (`sanitize_html_opt`), checked as sent.
        func stored(_ text: String) -> String { dialect == .v0_18 ? AmmoniaText.clean(text) : text }
        /// An optional text: kept when absent, cleared when empty.
        func update(_ field: inout String?, _ text: String?) {
            guard let text else { return }
            field = text.isEmpty ? nil : stored(text)
        }
        var settings = site
        if let name = edit.name { settings.name = stored(name) }
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
        // `Tagline::replace`: every row deleted and each line inserted anew, with a new id.
        if dialect != .v1_0, let taglines = edit.taglines {
            settings.taglines = taglines.map { content in
                defer { settings.nextTaglineId += 1 }
                return TaglineRecord(id: settings.nextTaglineId, content: content, published: now)
            }
        }
        settings.updated = now
        let acceptAll = site.registrationMode != "require_application" && settings.registrationMode == "require_application"
        let verifyAll = !site.requireEmailVerification && settings.requireEmailVerification
        site = settings
        guard acceptAll || verifyAll else { return }
        for index in persons.indices where persons[index].instanceId == 1 {
            if acceptAll { persons[index].applicationPending = false }
            if verifyAll { persons[index].emailUnverified = false }
        }
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

    /// `text` with each match replaced by `*removed*` (`remove_slurs`).
    func replacingMatches(in text: String) -> String {
        guard let regex else { return text }
        return regex.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: NSRegularExpression.escapedTemplate(for: "*removed*"))
    }
}
