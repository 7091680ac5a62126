import Foundation

/// How a ``LemmyTestServer`` lets people sign up: what an admin sets in the site settings (on 1.0
/// a captcha comes from a loaded captcha plugin).
public struct RegistrationSettings: Sendable, Hashable {
    /// Lemmy's registration modes.
    public enum Mode: String, Sendable, Hashable {
        /// Anyone may sign up.
        case open
        /// Sign-ups answer the site's question and wait for an admin to accept them.
        case requireApplication = "require_application"
        /// Nobody may sign up.
        case closed
    }

    /// The registration mode.
    public var mode: Mode
    /// Whether sign-ups must solve a captcha.
    public var captcha: Bool
    /// Whether sign-ups must give an email address and verify it before logging in.
    public var emailVerification: Bool

    /// Creates settings; the default is the seeded site's (open, no captcha, no verification).
    public init(mode: Mode = .open, captcha: Bool = false, emailVerification: Bool = false) {
        self.mode = mode
        self.captcha = captcha
        self.emailVerification = emailVerification
    }
}

extension LemmyTestServer {
    /// The seeded account that logs in with a second factor: password `password`, and the code
    /// of ``TOTP/seededSecret`` (``TOTP/code(secret:at:digits:algorithm:)`` with the dialect's
    /// ``TOTP/algorithm(for:)``: 0.18 checks HMAC-SHA256 codes, later versions HMAC-SHA1).
    public static let twoFactorUsername = "dave"

    /// Changes how people sign up, as an admin would in the site settings. A site taking
    /// applications gets a question if it has none, as Lemmy refuses that mode without one
    /// (`application_question_required`); the other settings are kept.
    public func configureRegistration(_ settings: RegistrationSettings) {
        _ = try? store.with { db in
            db.site.registrationMode = settings.mode.rawValue
            db.site.captchaEnabled = settings.captcha
            db.site.requireEmailVerification = settings.emailVerification
            if settings.mode == .requireApplication, db.site.applicationQuestion == nil {
                db.site.applicationQuestion = "Why do you want to join?"
            }
        }
    }

    /// The answer of the captcha `uuid` handed out and not used yet: what a person reads off the
    /// picture. Nil for an unknown or used captcha.
    public func captchaAnswer(uuid: String) -> String? {
        try? store.with { db in db.captchas[uuid] }
    }

    /// Accepts the pending registration application of `username` (as the seeded admin would) and
    /// marks the account's email verified, so it can log in.
    public func approveRegistration(of username: String) {
        let dialect = dialect
        _ = try? store.with { db in
            guard let person = db.person(named: username) else { return }
            if let application = db.registrationApplication(ofPerson: person.id) {
                _ = try db.decideRegistrationApplication(
                    application.id, approve: true, denyReason: nil, by: 1, now: application.published, dialect: dialect)
            }
            db.persons[person.id - 1].applicationPending = false
            db.persons[person.id - 1].emailUnverified = false
        }
    }
}
