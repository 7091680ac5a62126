public import Foundation
internal import LemmyAPI

/// What an instance asks of a new account, from its site settings.
public struct RegistrationRequirements: Sendable, Hashable {
    /// How the instance takes new accounts.
    public enum Mode: Sendable, Hashable {
        /// Anyone may sign up.
        case open
        /// Sign-ups answer ``RegistrationRequirements/applicationQuestion`` and wait for an admin.
        case requireApplication
        /// Only with an invitation (Lemmy 1.0).
        case requireInvitation
        /// Nobody may sign up.
        case closed
    }

    /// The registration mode.
    public var mode: Mode
    /// Whether sign-ups solve a captcha (``ApiClient/getCaptcha()``).
    public var captcha: Bool
    /// Whether an email address is needed, and verified before the first login.
    public var emailVerification: Bool
    /// The question an application answers (Markdown), when the mode asks for one.
    public var applicationQuestion: String?
}

/// A captcha to show before signing up: a picture and its spoken form.
public struct Captcha: Sendable, Hashable {
    /// Identifies the captcha in ``Registration/captcha``.
    public var uuid: String
    /// The picture (PNG).
    public var png: Data
    /// The answer read aloud (WAV); empty if the server sent none.
    public var wav: Data
}

/// A sign-up.
public struct Registration: Sendable {
    /// The account name (letters, digits and `_`).
    public var username: String
    /// The password (10 to 60 characters).
    public var password: String
    /// The email address; required when ``RegistrationRequirements/emailVerification`` is set.
    public var email: String?
    /// Whether the account shows NSFW content (nil: no; 0.18 requires the field).
    public var showNSFW: Bool?
    /// The captcha's uuid and the answer read off it, when the instance asks for one.
    public var captcha: (uuid: String, answer: String)?
    /// The answer to ``RegistrationRequirements/applicationQuestion``.
    public var applicationAnswer: String?

    /// Creates a sign-up.
    public init(
        username: String, password: String, email: String? = nil, showNSFW: Bool? = nil,
        captcha: (uuid: String, answer: String)? = nil, applicationAnswer: String? = nil
    ) {
        self.username = username
        self.password = password
        self.email = email
        self.showNSFW = showNSFW
        self.captcha = captcha
        self.applicationAnswer = applicationAnswer
    }
}

/// What a sign-up achieved.
public enum RegistrationResult {
    /// The account exists and is logged in: its client.
    case loggedIn(ApiClient)
    /// The account exists; it can log in once its email address is verified.
    case needsEmailVerification
    /// The application waits for an admin; the account can log in once it is accepted (and, if
    /// `emailVerificationSent`, its address verified).
    case applicationPending(emailVerificationSent: Bool)
}

extension ApiClient {
    /// What the instance asks of new accounts (one GetSite).
    public func registrationRequirements() async throws(ApiClientError) -> RegistrationRequirements {
        let site: ApiGetSiteResponse =
            try await generation() == .v4
            ? try await send(LemmyV4.GetSite(), mutation: false)
            : try await send(LemmyV3.GetSite(), mutation: false)
        let local = site.siteView.localSite
        return RegistrationRequirements(
            mode: RegistrationRequirements.Mode(local.registrationMode), captcha: site.captchaEnabled ?? local.captchaEnabled ?? false,
            emailVerification: local.requireEmailVerification ?? local.emailVerificationRequired ?? false,
            applicationQuestion: local.applicationQuestion)
    }

    /// A new captcha, or nil when the instance asks for none.
    public func getCaptcha() async throws(ApiClientError) -> Captcha? {
        let response =
            try await generation() == .v4
            ? try await send(LemmyV4.GetCaptcha(), mutation: false)
            : try await send(LemmyV3.GetCaptcha(), mutation: false)
        guard let ok = response.ok else { return nil }
        guard let png = Data(base64Encoded: ok.png) else { throw .decoding("the captcha picture is not base64") }
        return Captcha(uuid: ok.uuid, png: png, wav: Data(base64Encoded: ok.wav) ?? Data())
    }

    /// Signs up on the client's instance (call it on a guest client).
    ///
    /// The server refuses with its own codes: a missing or wrong captcha is `captcha_incorrect`
    /// (0.18, 0.19) or the captcha plugin's `plugin_error` (1.0); a missing application answer
    /// `registration_application_answer_required`; a taken name `user_already_exists`.
    public func register(_ registration: Registration) async throws(ApiClientError) -> RegistrationResult {
        var form = ApiRegister(
            username: registration.username, password: registration.password,
            passwordVerify: registration.password, showNsfw: registration.showNSFW ?? false,
            email: registration.email)
        form.captchaUuid = registration.captcha?.uuid
        form.captchaAnswer = registration.captcha?.answer
        form.answer = registration.applicationAnswer
        let response =
            try await generation() == .v4
            ? try await send(LemmyV4.Register(form), mutation: true)
            : try await send(LemmyV3.Register(form), mutation: true)
        if let jwt = response.jwt { return .loggedIn(ApiClient.getApiClient(for: baseURL, with: jwt, loader: loader)) }
        if response.registrationCreated { return .applicationPending(emailVerificationSent: response.verifyEmailSent) }
        return .needsEmailVerification
    }
}
