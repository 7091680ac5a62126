import LemmyAPI

/// The answer of a call that 0.18 answers with `{}` (`DeleteAccountResponse`,
/// `PasswordResetResponse`, `VerifyEmailResponse`: Rust structs without fields) and later
/// versions with `{"success": true}`.
struct EmptyOrSuccessAnswer: Encodable, Sendable {
    /// Whether the dialect answers `{}`.
    let isEmpty: Bool

    init(_ dialect: LemmyDialect) { isEmpty = dialect == .v0_18 }

    /// No members: a keyed container left empty is `{}` (`LemmyEmptyResponse` encodes `null`).
    private enum NoKeys: CodingKey {}

    func encode(to encoder: any Encoder) throws {
        if isEmpty { _ = encoder.container(keyedBy: NoKeys.self) } else { try ApiSuccessResponse(success: true).encode(to: encoder) }
    }
}
