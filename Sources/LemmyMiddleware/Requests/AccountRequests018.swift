import Foundation
internal import LemmyAPI

/// `PUT /user/save_user_settings` as Lemmy 0.18 answers it: with a `LoginResponse` (a fresh
/// token), where 0.19 answers `{"success": true}` (the generated ``LemmyV3/SaveUserSettings``
/// follows 0.19).
struct SaveUserSettings018: LemmyAuthFieldRequest {
    typealias Response = ApiLoginResponse
    static let method = LemmyV3.SaveUserSettings.method
    static let path = LemmyV3.SaveUserSettings.path
    static let isAbsolutePath = LemmyV3.SaveUserSettings.isAbsolutePath
    static let generation = LemmyV3.SaveUserSettings.generation
    static let versions = ["0.18.0", "0.18.1", "0.18.3-rc.3"]
    static let takesAuthField = true
    var form: ApiSaveUserSettings

    var auth: String? {
        get { form.auth }
        set { form.auth = newValue }
    }

    init(_ form: ApiSaveUserSettings) { self.form = form }

    func queryItems(style: LemmyQueryStyle, version: LemmyAPIVersion?) throws(LemmyVersionError) -> [URLQueryItem] { [] }
}

/// `POST /user/delete_account` as Lemmy 0.18 answers it: `{}` (`DeleteAccountResponse`), where
/// 0.19 answers `{"success": true}`.
struct DeleteAccount018: LemmyAuthFieldRequest {
    typealias Response = ApiDeleteAccountResponse
    static let method = LemmyV3.DeleteAccount.method
    static let path = LemmyV3.DeleteAccount.path
    static let isAbsolutePath = LemmyV3.DeleteAccount.isAbsolutePath
    static let generation = LemmyV3.DeleteAccount.generation
    static let versions = ["0.18.0", "0.18.1", "0.18.3-rc.3"]
    static let takesAuthField = true
    var form: ApiDeleteAccount

    var auth: String? {
        get { form.auth }
        set { form.auth = newValue }
    }

    init(_ form: ApiDeleteAccount) { self.form = form }

    func queryItems(style: LemmyQueryStyle, version: LemmyAPIVersion?) throws(LemmyVersionError) -> [URLQueryItem] { [] }
}

/// `POST /user/password_reset` as Lemmy 0.18 answers it: `{}` (`PasswordResetResponse`), where
/// 0.19 answers `{"success": true}`.
typealias PasswordReset018 = Answered018<LemmyV3.PasswordReset, ApiPasswordResetResponse>

/// `POST /user/verify_email` as Lemmy 0.18 answers it: `{}` (`VerifyEmailResponse`).
typealias VerifyEmail018 = Answered018<LemmyV3.VerifyEmail, ApiVerifyEmailResponse>

/// `POST /user/password_change` as Lemmy 0.18 answers it: a `LoginResponse` without a token.
typealias PasswordChangeAfterReset018 = Answered018<LemmyV3.PasswordChangeAfterReset, ApiLoginResponse>

/// A `POST` without the `auth` member, `Base`, as Lemmy 0.18 answers it: with `Answer` where
/// the generated `Base` follows 0.19 (`{"success": true}`).
struct Answered018<Base: LemmyRequest, Answer: Decodable & Sendable>: LemmyRequest {
    typealias Response = Answer
    static var method: LemmyHTTPMethod { Base.method }
    static var path: String { Base.path }
    static var isAbsolutePath: Bool { Base.isAbsolutePath }
    static var generation: LemmyAPIGeneration { Base.generation }
    static var versions: [String] { ["0.18.0", "0.18.1", "0.18.3-rc.3"] }
    static var takesAuthField: Bool { false }
    var form: Base.Form

    init(_ form: Base.Form) { self.form = form }

    /// None: the body carries the form.
    func queryItems(style: LemmyQueryStyle, version: LemmyAPIVersion?) throws(LemmyVersionError) -> [URLQueryItem] { [] }
}
