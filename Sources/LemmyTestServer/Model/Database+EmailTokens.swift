import Foundation

/// A password reset link sent by email (`password_reset_request`): any number may be valid at
/// once for one account, each for a day.
struct PasswordResetRequest: Sendable, Hashable {
    var personId: Int
    /// The UUID in the link `/password_change/{token}`.
    var token: String
    var published: Double
}

/// An email verification link sent by email (`email_verification`): the address it confirms
/// and its token, valid for a week. A new link does not end the older ones.
struct EmailVerificationRecord: Sendable, Hashable {
    var personId: Int
    var email: String
    /// The UUID in the link `/verify_email/{token}`.
    var token: String
    var published: Double
}

/// The links Lemmy emails, and the calls that take their tokens back: VerifyEmail,
/// PasswordChangeAfterReset (1.0 ChangePasswordAfterReset) and 1.0's ResendVerificationEmail.
///
/// Facts from Lemmy's source (`local_user/verify_email.rs`, `change_password_after_reset.rs`,
/// `resend_verification_email.rs`, `db_schema/src/impls/{email_verification,
/// password_reset_request}.rs`, `email/src/account.rs`), 0.18.5, 0.19.13 and main:
/// - tokens are v4 UUIDs; a verification lasts 7 days, a reset request 1 day;
/// - VerifyEmail sets the address of the verification, marks it verified and deletes every
///   verification of the account; 1.0 refuses a banned (`site_ban`) or deleted (`deleted`)
///   account after finding the token;
/// - 0.18's reset leaves its token valid for the rest of the day; 0.19 and 1.0 take the token
///   before the password checks, so a refused change still uses it up; every version ends the
///   account's sessions (0.18 by its `validator_time`).
extension Database {
    /// Seconds a verification link stays valid.
    static let verificationLifetime: Double = 7 * 86_400
    /// Seconds a password reset link stays valid.
    static let passwordResetLifetime: Double = 86_400

    /// A fresh token, as Lemmy's `Uuid::new_v4().to_string()` spells it.
    static func emailToken() -> String { UUID().uuidString.lowercased() }

    /// Records a verification link for `email`, as `send_verification_email` does on sign-up.
    mutating func sendVerificationEmail(to personId: Int, email: String, now: Double) {
        emailVerifications.append(EmailVerificationRecord(personId: personId, email: email, token: Self.emailToken(), published: now))
    }

    /// Records a password reset link for `personId`.
    mutating func sendPasswordResetEmail(to personId: Int, now: Double) {
        passwordResets.append(PasswordResetRequest(personId: personId, token: Self.emailToken(), published: now))
    }

    /// VerifyEmail: confirms the address of the verification `token`.
    mutating func verifyEmail(token: String, now: Double, dialect: LemmyDialect) throws {
        guard let verification = emailVerifications.last(where: { $0.token == token && $0.published > now - Self.verificationLifetime })
        else {
            switch dialect {
            // 0.18 keeps diesel's NotFound (404); 0.19 maps a missing row to its own error (400).
            case .v0_18: throw APIError.missingRow("token_not_found")
            case .v0_19: throw APIError.code("token_not_found")
            case .v1_0: throw APIError.recordNotFound
            }
        }
        let personId = verification.personId
        if dialect == .v1_0 {
            if isSiteBanned(personId, now: now, dialect: dialect) { throw APIError.code("site_ban") }
            if person(personId)?.deleted == true { throw APIError.code("deleted") }
        }
        // Writing an address another account has breaks `local_user.email`'s unique key: 0.18, which
        // checks nothing first, fails with the database's text.
        if isEmailTaken(verification.email, byOtherThan: personId) {
            throw APIError.foreign("duplicate key value violates unique constraint \"local_user_email_key\"")
        }
        persons[personId - 1].email = verification.email
        persons[personId - 1].emailUnverified = false
        emailVerifications.removeAll { $0.personId == personId }
    }

    /// PasswordChangeAfterReset: sets the password of the account the reset `token` was sent to,
    /// and ends its sessions.
    mutating func changePasswordAfterReset(token: String, password: String, verify: String, now: Double, dialect: LemmyDialect) throws {
        let valid = { (request: PasswordResetRequest) in request.token == token && request.published > now - Self.passwordResetLifetime }
        guard let index = passwordResets.lastIndex(where: valid) else {
            switch dialect {
            // 0.18 answers diesel's NotFound as it is: 404 `Record not found`, as text.
            case .v0_18: throw APIError.recordNotFound
            case .v0_19: throw APIError.code("token_not_found")
            // 1.0 tags the failed delete `Deleted`.
            case .v1_0: throw APIError.code("deleted", cause: "Record not found")
            }
        }
        let personId = passwordResets[index].personId
        if dialect != .v0_18 { passwordResets.remove(at: index) }
        guard Self.isValidPasswordLength(password) else { throw APIError.code("invalid_password") }
        guard Self.samePassword(password, verify) else {
            throw APIError.code(dialect == .v0_18 ? "passwords_dont_match" : "passwords_do_not_match")
        }
        persons[personId - 1].password = password
        endSessions(of: personId)
    }

    /// 1.0's ResendVerificationEmail: a new link for the account with `email`, if it is neither
    /// banned nor deleted, not an admin, and unverified where the site asks for verification.
    /// Says nothing either way (the caller answers success).
    mutating func resendVerificationEmail(email: String, now: Double) {
        guard let person = person(withEmail: email), !isSiteBanned(person.id, now: now, dialect: .v1_0), !person.isAdmin else { return }
        guard site.requireEmailVerification, person.emailUnverified else { return }
        sendVerificationEmail(to: person.id, email: person.emailAddress, now: now)
    }
}
