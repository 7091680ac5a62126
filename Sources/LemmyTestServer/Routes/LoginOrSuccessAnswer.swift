import LemmyAPI

/// The answer of a call that 0.18 answers with a `LoginResponse` (SaveUserSettings with a fresh
/// token, PasswordChangeAfterReset without one) and 0.19 with `{"success": true}`.
enum LoginOrSuccessAnswer: Encodable, Sendable {
    case login(ApiLoginResponse)
    case success(ApiSuccessResponse)

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .login(let value): try value.encode(to: encoder)
        case .success(let value): try value.encode(to: encoder)
        }
    }
}
