import LemmyAPI

/// "Forgot password": the request that emails a reset link, as each version answers it (the
/// email itself is only recorded, in ``Database/passwordResets``).
///
/// Facts from Lemmy's source (`local_user/reset_password.rs`): 0.18.5 refuses an unknown address
/// (`couldnt_find_that_username_or_email`) and a fourth request within a day
/// (`password_reset_limit_reached`) and answers `{}`; 0.19.13 refuses an unknown address as
/// `incorrect_login` (401) and an unverified one where the site requires verification
/// (`email_not_verified`, admins exempt), and answers success; 1.0 answers success whatever the
/// address, so that it does not tell who has an account (LemmyNet/lemmy#5277). Addresses match
/// without regard to case.
extension APIRoutes {
    func addPasswordResetRoutes() {
        add(LemmyV3.PasswordReset.self) { db, call in
            guard let person = db.person(withEmail: call.form.email) else {
                throw call.dialect == .v0_18 ? APIError.code("couldnt_find_that_username_or_email") : APIError.incorrectLogin
            }
            if call.dialect == .v0_18 {
                let recent = db.passwordResets.filter { $0.personId == person.id && $0.published > call.now - 86_400 }
                if recent.count >= 3 { throw APIError.code("password_reset_limit_reached") }
            } else if !db.mayResetPassword(person) {
                throw APIError.code("email_not_verified")
            }
            db.sendPasswordResetEmail(to: person.id, now: call.now)
            return EmptyOrSuccessAnswer(call.dialect)
        }
        add(LemmyV4.ResetPassword.self) { db, call in
            if let person = db.person(withEmail: call.form.email), !db.banFlag(person, now: call.now), db.mayResetPassword(person) {
                db.sendPasswordResetEmail(to: person.id, now: call.now)
            }
            return ApiSuccessResponse(success: true)
        }
    }
}

extension Database {
    /// The undeleted account whose address is `email`, compared without regard to case.
    func person(withEmail email: String) -> PersonRecord? {
        let email = email.lowercased()
        guard !email.isEmpty else { return nil }
        return persons.first { $0.emailAddress.lowercased() == email && !$0.deleted }
    }

    /// `check_email_verified`: an admin, or a verified address where the site requires it.
    func mayResetPassword(_ person: PersonRecord) -> Bool {
        person.isAdmin || !site.requireEmailVerification || !person.emailUnverified
    }
}
