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
struct PasswordReset018: LemmyRequest {
    typealias Response = ApiPasswordResetResponse
    static let method = LemmyV3.PasswordReset.method
    static let path = LemmyV3.PasswordReset.path
    static let isAbsolutePath = LemmyV3.PasswordReset.isAbsolutePath
    static let generation = LemmyV3.PasswordReset.generation
    static let versions = ["0.18.0", "0.18.1", "0.18.3-rc.3"]
    static let takesAuthField = false
    var form: ApiPasswordReset

    init(_ form: ApiPasswordReset) { self.form = form }

    func queryItems(style: LemmyQueryStyle, version: LemmyAPIVersion?) throws(LemmyVersionError) -> [URLQueryItem] { [] }
}
