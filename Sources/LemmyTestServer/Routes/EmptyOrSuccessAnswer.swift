import LemmyAPI

/// The answer of a call that 0.18 answers with `{}` (`DeleteAccountResponse`,
/// `PasswordResetResponse`) and later versions with `{"success": true}`.
struct EmptyOrSuccessAnswer: Encodable, Sendable {
    /// Whether the dialect answers `{}`.
    let isEmpty: Bool

    init(_ dialect: LemmyDialect) { isEmpty = dialect == .v0_18 }

    func encode(to encoder: any Encoder) throws {
        if isEmpty { try LemmyEmptyResponse().encode(to: encoder) } else { try ApiSuccessResponse(success: true).encode(to: encoder) }
    }
}
