import Foundation

/// Account changes: sign-up with captcha and application, two-factor login, settings, password,
/// deletion. Codes and their order follow each version's Lemmy (`crates/api/src/local_user`,
/// `crates/api_crud/src/user`).
extension Database {
    /// Logs in, checking the second factor of an account that has one: on 0.18 every account with
    /// a secret (its `check_totp_2fa_valid` looks only at the secret, with HMAC-SHA256), on 0.19
    /// and 1.0 one whose two-factor login is enabled (a generated secret that UpdateTotp has not
    /// confirmed asks for nothing). 0.18 spells a wrong code `incorrect_totp token` (sic); 0.19
    /// and 1.0 `incorrect_totp_token`.
    mutating func login(
        name: String, password: String, totp: String?, now: Double, origin: LoginOrigin? = nil, dialect: LemmyDialect
    ) throws -> (token: String, personId: Int) {
        // `find_by_email_or_name`: the name without regard to case; the address too from 0.19 on,
        // as given on 0.18.
        let key = name.lowercased()
        let byAddress = { (person: PersonRecord) in
            dialect == .v0_18 ? person.emailAddress == name : person.emailAddress.lowercased() == key
        }
        guard let person = persons.first(where: { $0.name.lowercased() == key || byAddress($0) }),
            Self.samePassword(person.password, password)
        else { throw APIError.incorrectLogin }
        // 1.0 lets a banned account log in (and refuses its writes instead). A deleted account
        // keeps its local user and password, so the right password learns it is deleted
        // (`check_user_valid`; 1.0 `check_local_user_deleted`).
        if dialect != .v1_0 && isSiteBanned(person.id, now: now, dialect: dialect) { throw APIError.code("site_ban") }
        if person.deleted { throw APIError.code("deleted") }
        // Only while the site requires verification, and never for an admin (`login.rs`, every version).
        if person.emailUnverified, site.requireEmailVerification, !person.isAdmin { throw APIError.code("email_not_verified") }
        try checkRegistrationApplication(of: person, dialect: dialect)
        if dialect == .v0_18 ? person.totpSecret != nil : person.totpEnabled {
            try checkTOTP(totp, of: person, now: now, dialect: dialect)
        }
        return (issueToken(for: person.id, now: now, origin: origin), person.id)
    }

    /// A new captcha: its uuid and answer. Each captcha answers once.
    mutating func makeCaptcha() -> (uuid: String, answer: String) {
        captchaCounter += 1
        var rng = SplitMix64(seed: seed &+ UInt64(captchaCounter) &* 0x9E37_79B9)
        let letters = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        let answer = String((0..<6).map { _ in letters[rng.below(letters.count)] })
        let uuid = String(format: "00000000-0000-4000-8000-%012x", captchaCounter)
        captchas[uuid] = answer
        return (uuid, answer)
    }

    /// What a sign-up produced: a session, or the reason there is none yet.
    struct Registration {
        var token: String?
        var applicationCreated: Bool
        var verificationEmailSent: Bool
    }

    /// Signs up as Lemmy does, in its order: registration mode, password length, email,
    /// application answer, matching passwords, captcha, name.
    mutating func register(
        name: String, password: String, verify: String, email: String?, answer: String?,
        captchaUUID: String?, captchaAnswer: String?, now: Double, origin: LoginOrigin? = nil, dialect: LemmyDialect
    ) throws -> Registration {
        let requireApplication = site.registrationMode == "require_application"
        if site.registrationMode == "closed" { throw APIError.code("registration_closed") }
        guard Self.isValidPasswordLength(password) else { throw APIError.code("invalid_password") }
        // Lemmy asks only that they are there (`is_none()`): an empty email or answer passes.
        if site.requireEmailVerification && email == nil { throw APIError.code("email_required") }
        if requireApplication && answer == nil { throw APIError.code("registration_application_answer_required") }
        guard Self.samePassword(password, verify) else {
            throw APIError.code(dialect == .v0_18 ? "passwords_dont_match" : "passwords_do_not_match")
        }
        if site.captchaEnabled {
            // One use per captcha, right or wrong (0.19 deletes the row as it checks it).
            let expected = captchaUUID.flatMap { captchas.removeValue(forKey: $0) }
            guard let expected, expected.lowercased() == (captchaAnswer ?? "").lowercased() else {
                // 1.0 asks its captcha plugin, whose refusal is a `plugin_error`.
                if dialect == .v1_0 { throw APIError.code("plugin_error", message: "captcha answer incorrect") }
                throw APIError.code("captcha_incorrect")
            }
        }
        // 1.0 looks the name up before it checks it (`check_username_taken`, then `create_person`).
        if dialect == .v1_0 && person(named: name) != nil { throw APIError.code("user_already_exists") }
        guard NameRules.isValidActorName(name, dialect: dialect) else { throw APIError.code("invalid_name") }
        guard person(named: name) == nil else { throw APIError.code("user_already_exists") }
        let id = persons.count + 1
        var record = PersonRecord(id: id, name: name, password: password, isAdmin: false, published: now)
        record.applicationPending = requireApplication
        record.emailUnverified = site.requireEmailVerification
        // Every version stores the address lowercased (`create.rs`).
        record.email = email.flatMap { $0.isEmpty ? nil : $0.lowercased() }
        persons.append(record)
        users[id] = UserState()
        if requireApplication { fileRegistrationApplication(personId: id, answer: answer ?? "", now: now) }
        if site.requireEmailVerification, let email = record.email { sendVerificationEmail(to: id, email: email, now: now) }
        let loggedIn = !requireApplication && !site.requireEmailVerification
        return Registration(
            token: loggedIn ? issueToken(for: id, now: now, origin: origin) : nil, applicationCreated: requireApplication,
            verificationEmailSent: site.requireEmailVerification)
    }

    /// `password_length_check`: 10 to 60 Unicode scalars (Rust's `chars().count()`; a Swift
    /// `count` of characters would take a family emoji of seven scalars as one).
    static func isValidPasswordLength(_ password: String) -> Bool {
        (10...60).contains(password.unicodeScalars.count)
    }

    /// Whether two passwords are the same bytes, as Lemmy compares them (Rust's `==` on `str`,
    /// bcrypt on the bytes): Swift's `==` would take `é` and `e` with a combining accent as equal.
    static func samePassword(_ one: String, _ other: String) -> Bool {
        one.utf8.elementsEqual(other.utf8)
    }

    /// The wrong-password refusal of ChangePassword and DeleteAccount: 0.18 `password_incorrect`,
    /// later `incorrect_login`.
    static func wrongPassword(_ dialect: LemmyDialect) -> APIError {
        dialect == .v0_18 ? .code("password_incorrect") : .incorrectLogin
    }

    mutating func changePassword(of personId: Int, old: String, new: String, verify: String, dialect: LemmyDialect) throws {
        guard let person = person(personId) else { throw APIError.notLoggedIn }
        guard Self.isValidPasswordLength(new) else { throw APIError.code("invalid_password") }
        guard Self.samePassword(new, verify) else {
            throw APIError.code(dialect == .v0_18 ? "passwords_dont_match" : "passwords_do_not_match")
        }
        guard Self.samePassword(person.password, old) else { throw Self.wrongPassword(dialect) }
        persons[personId - 1].password = new
    }

    /// Deletes the account and ends its sessions.
    mutating func deleteAccount(_ personId: Int, password: String, dialect: LemmyDialect) throws {
        guard let person = person(personId) else { throw APIError.notLoggedIn }
        guard Self.samePassword(person.password, password) else { throw Self.wrongPassword(dialect) }
        persons[personId - 1].deleted = true
        endSessions(of: personId)
    }

    /// The settings SaveUserSettings may change, already in the dialect's neutral form.
    struct SettingsChange {
        var showNSFW: Bool?
        var blurNSFW: Bool?
        var showReadPosts: Bool?
        var showBotAccounts: Bool?
        var botAccount: Bool?
        var defaultSort: String?
        var defaultTimeRangeSeconds: Int?
        var defaultCommentSort: String?
        var defaultItemsPerPage: Int?
        var defaultListing: String?
        var discussionLanguages: [Int]?
        var displayName: String?
        var bio: String?
        var avatar: String?
        var banner: String?
        var showDownvotes: String?
        var hidePostsWithMedia: Bool?
        /// 0.18's `generate_totp_2fa` (``totpSetting018(_:for:)``).
        var generateTOTP: Bool?
        /// A new address (lowercased when stored), or empty to clear it.
        var email: String?
    }

    /// Applies `change`, validating as the dialect's Lemmy does; nothing changes on a refusal,
    /// except that 0.19 deletes a replaced avatar or banner the person uploaded
    /// (``deleteReplacedImage019(old:new:by:)``) before its other checks. An empty display name,
    /// bio, avatar or banner clears it.
    mutating func saveSettings(of personId: Int, _ change: SettingsChange, now: Double, dialect: LemmyDialect) throws {
        guard var person = person(personId) else { throw APIError.notLoggedIn }
        if dialect == .v0_19 {
            // 0.19 reads the avatar, then the banner, and deletes each replaced upload at once,
            // before any other check (`save_settings.rs`): a later refusal does not bring it back.
            try replacePictures019([(change.avatar, person.avatar), (change.banner, person.banner)], by: personId)
        }
        // 0.18 reads the picture URLs before the address.
        if dialect == .v0_18 { try Self.checkPictureURLs(change, dialect: dialect) }
        let takenAddress018 = try changeEmail(of: person, to: change.email, now: now, dialect: dialect)
        if let bio = change.bio, bio.count > (dialect == .v0_18 ? 300 : 1000) { throw APIError.code("bio_length_overflow") }
        // An empty name clears it; 1.0 trims before deciding that, 0.18 and 0.19 after (so "  " is
        // refused there) (`diesel_string_update`, then `is_valid_display_name(name.trim())`).
        if let name = change.displayName.map({ dialect == .v1_0 ? ContentRules.trimmed($0) : $0 }), !name.isEmpty {
            try NameRules.checkDisplayName(name, dialect: dialect)
        }
        if dialect == .v1_0 { try Self.checkPictureURLs(change, dialect: dialect) }
        // 1.0 checks the page size as a fetch limit (`limit_fetch_check`).
        if let size = change.defaultItemsPerPage, !(1...50).contains(size) { throw APIError.code("invalid_fetch_limit") }
        if let languages = change.discussionLanguages, !languages.allSatisfy(Self.siteLanguages.contains) {
            throw APIError.code("language_not_allowed")
        }
        if let (secret, url) = try totpSetting018(change.generateTOTP, for: person) {
            person.totpSecret = secret
            person.totpURL = url
        }
        func cleared(_ text: String?, keeping old: String?) -> String? {
            guard let text else { return old }
            return text.isEmpty ? nil : text
        }
        person.showNSFW = change.showNSFW ?? person.showNSFW
        person.isBot = change.botAccount ?? person.isBot
        person.displayName = cleared(
            change.displayName.map { dialect == .v1_0 ? ContentRules.trimmed($0) : $0 }, keeping: person.displayName)
        person.bio = cleared(change.bio, keeping: person.bio)
        person.avatar = cleared(change.avatar, keeping: person.avatar)
        person.banner = cleared(change.banner, keeping: person.banner)
        var settings = person.settings
        settings.blurNSFW = change.blurNSFW ?? settings.blurNSFW
        settings.showReadPosts = change.showReadPosts ?? settings.showReadPosts
        settings.showBotAccounts = change.showBotAccounts ?? settings.showBotAccounts
        settings.defaultSort = change.defaultSort ?? settings.defaultSort
        // 1.0's `diesel_opt_number_update`: absent keeps the range, 0 clears it.
        if let seconds = change.defaultTimeRangeSeconds { settings.defaultTimeRangeSeconds = seconds == 0 ? nil : seconds }
        settings.defaultCommentSort = change.defaultCommentSort ?? settings.defaultCommentSort
        settings.defaultItemsPerPage = change.defaultItemsPerPage ?? settings.defaultItemsPerPage
        settings.defaultListing = change.defaultListing ?? settings.defaultListing
        if let languages = change.discussionLanguages {
            settings.discussionLanguages = Self.storedLanguages(languages, dialect: dialect)
        }
        settings.showDownvotes = change.showDownvotes ?? settings.showDownvotes
        settings.hidePostsWithMedia = change.hidePostsWithMedia ?? settings.hidePostsWithMedia
        person.settings = settings
        // 0.18 learns that the address is taken only from the database, as it writes the local
        // user, after the person (names, bio, pictures, bot flag) and the languages.
        if takenAddress018 {
            var written = persons[personId - 1]
            written.displayName = person.displayName
            written.bio = person.bio
            written.avatar = person.avatar
            written.banner = person.banner
            written.isBot = person.isBot
            written.settings.discussionLanguages = person.settings.discussionLanguages
            persons[personId - 1] = written
            throw APIError.code("email_already_exists")
        }
        if let email = change.email { person.email = email.lowercased() }
        persons[personId - 1] = person
    }

    /// Whether an account other than `personId`, deleted ones too, has `email` (in any case):
    /// `local_user.email`'s unique key.
    func isEmailTaken(_ email: String, byOtherThan personId: Int) -> Bool {
        let email = email.lowercased()
        return persons.contains { $0.id != personId && $0.emailAddress.lowercased() == email }
    }

    /// The avatar and banner URLs of `change` (an empty one clears the picture).
    private static func checkPictureURLs(_ change: SettingsChange, dialect: LemmyDialect) throws {
        for url in [change.avatar, change.banner].compactMap({ $0 }) where !url.isEmpty {
            try checkPictureURL(url, dialect: dialect)
        }
    }

    /// SaveUserSettings' address, before its other checks (`save_settings.rs` in each version):
    /// lowercased; a new one is refused if another account has it (0.19 `email_already_exists`,
    /// 1.0 `email_already_taken`; 0.18 only when writing, so this returns true for that) and is
    /// sent a verification link at once, though the address is stored at once too and the
    /// account stays verified; an empty one, which clears it, is `email_required` where the site
    /// requires verification.
    private mutating func changeEmail(of person: PersonRecord, to email: String?, now: Double, dialect: LemmyDialect) throws -> Bool {
        guard let email = email?.lowercased() else { return false }
        var taken018 = false
        if !email.isEmpty && email != person.emailAddress.lowercased() {
            let taken = isEmailTaken(email, byOtherThan: person.id)
            if taken && dialect != .v0_18 { throw APIError.code(dialect == .v1_0 ? "email_already_taken" : "email_already_exists") }
            taken018 = taken
            sendVerificationEmail(to: person.id, email: email, now: now)
        }
        if email.isEmpty && site.requireEmailVerification { throw APIError.code("email_required") }
        return taken018
    }
}

extension Database {
    /// A picture URL as SaveUserSettings (and, with `invalid_url` on every version,
    /// Create/EditCommunity) takes it: `invalid_url` (0.18: `invalid_url_scheme`) unless it is an
    /// http or https URL with a host.
    static func checkPictureURL(_ url: String, dialect: LemmyDialect) throws {
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host != nil else {
            throw APIError.code(dialect == .v0_18 ? "invalid_url_scheme" : "invalid_url")
        }
    }

    /// The site's languages: undetermined (0) and English (37).
    static let siteLanguages = [0, 37]

    /// The discussion languages Lemmy stores for `languages` (`LocalUserLanguage::update`): none
    /// means every language, and 0.18 and 0.19 always add undetermined (1.0 does not, so a 1.0
    /// user who leaves it out stops seeing posts and comments without a language).
    static func storedLanguages(_ languages: [Int], dialect: LemmyDialect) -> [Int] {
        var stored = Set(languages.isEmpty ? siteLanguages : languages)
        if dialect != .v1_0 { stored.insert(0) }
        return stored.sorted()
    }
}
