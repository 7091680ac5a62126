import LemmyAPI

/// The calls that take back a token Lemmy emailed (see `Database+EmailTokens.swift` for the facts
/// from Lemmy's source): VerifyEmail, PasswordChangeAfterReset, and 1.0's ResendVerificationEmail.
/// None reads a session: the token, or the address, is the whole request.
extension APIRoutes {
    func addEmailTokenRoutes() {
        // 0.18 answers `{}` (`VerifyEmailResponse`), later versions success.
        add(LemmyV3.VerifyEmail.self) { db, call in
            try db.verifyEmail(token: call.form.token, now: call.now, dialect: call.dialect)
            return EmptyOrSuccessAnswer(call.dialect)
        }
        add(LemmyV4.VerifyEmail.self) { db, call in
            try db.verifyEmail(token: call.form.token, now: call.now, dialect: call.dialect)
            return ApiSuccessResponse(success: true)
        }
        // 0.18 answers a `LoginResponse` without a token: the new password logs in on its own.
        add(LemmyV3.PasswordChangeAfterReset.self) { db, call in
            let form = call.form
            try db.changePasswordAfterReset(
                token: form.token, password: form.password, verify: form.passwordVerify, now: call.now, dialect: call.dialect)
            return call.dialect == .v0_18
                ? LoginOrSuccessAnswer.login(ApiLoginResponse(registrationCreated: false, verifyEmailSent: false))
                : .success(ApiSuccessResponse(success: true))
        }
        add(LemmyV4.ChangePasswordAfterReset.self) { db, call in
            let form = call.form
            try db.changePasswordAfterReset(
                token: form.token, password: form.password, verify: form.passwordVerify, now: call.now, dialect: call.dialect)
            return ApiSuccessResponse(success: true)
        }
        // Success whatever happened, so that it does not tell who has an account (LemmyNet/lemmy#5277).
        add(LemmyV4.ResendVerificationEmail.self) { db, call in
            db.resendVerificationEmail(email: call.form.email, now: call.now)
            return ApiSuccessResponse(success: true)
        }
    }
}
