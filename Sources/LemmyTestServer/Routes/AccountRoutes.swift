import LemmyAPI

/// Site, login, logout, register, captcha.
extension APIRoutes {
    func addAccountRoutes() {
        add(LemmyV3.GetSite.self) { db, call in call.renderer(db).getSiteResponse() }
        add(LemmyV4.GetSite.self) { db, call in call.renderer(db).getSiteResponse() }
        add(LemmyV4.GetMyUser.self, auth: true) { db, call in
            guard let info = call.renderer(db).myUser() else { throw APIError.notLoggedIn }
            return info
        }

        // The one call that tells a missing or invalid token apart: others treat it as a guest's.
        add(LemmyV3.ValidateAuth.self) { _, call in try validateAuth(call) }
        add(LemmyV4.ValidateAuth.self) { _, call in try validateAuth(call) }

        add(LemmyV3.Login.self) { db, call in try login(&db, call) }
        add(LemmyV4.Login.self) { db, call in try login(&db, call) }
        add(LemmyV3.Logout.self, auth: true) { db, call in
            if let token = call.token { db.sessions[token] = nil }
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV4.Logout.self, auth: true) { db, call in
            if let token = call.token { db.sessions[token] = nil }
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV3.Register.self) { db, call in try register(&db, call) }
        add(LemmyV4.Register.self) { db, call in try register(&db, call) }
        add(LemmyV3.GetCaptcha.self) { db, call in captcha(&db) }
        add(LemmyV4.GetCaptcha.self) { db, call in captcha(&db) }
        addTwoFactorRoutes()
        addSiteMetadataRoutes()
        addCustomEmojiRoutes()
        addRegistrationApplicationRoutes()
        addFederationRoutes()
        addSiteEditRoutes()
        addTaglineRoutes()
    }
}

/// `validate_auth`: success for a valid session token, else `not_logged_in` (400), as 0.19 and 1.0
/// answer a missing token and one their claims check refuses.
private func validateAuth(_ call: Call<LemmyEmptyForm>) throws -> ApiSuccessResponse {
    guard call.viewer != nil else { throw APIError.code("not_logged_in") }
    return ApiSuccessResponse(success: true)
}

private func login(_ db: inout Database, _ call: Call<ApiLogin>) throws -> ApiLoginResponse {
    let (token, _) = try db.login(
        name: call.form.usernameOrEmail, password: call.form.password, totp: call.form.totp2faToken,
        now: call.now, origin: call.origin, dialect: call.dialect)
    return ApiLoginResponse(jwt: token, registrationCreated: false, verifyEmailSent: false)
}

private func register(_ db: inout Database, _ call: Call<ApiRegister>) throws -> ApiLoginResponse {
    let form = call.form
    let result = try db.register(
        name: form.username, password: form.password, verify: form.passwordVerify, email: form.email,
        answer: form.answer, captchaUUID: form.captchaUuid, captchaAnswer: form.captchaAnswer,
        now: call.now, origin: call.origin, dialect: call.dialect)
    return ApiLoginResponse(
        jwt: result.token, registrationCreated: result.applicationCreated,
        verifyEmailSent: result.verificationEmailSent)
}

/// A captcha when the site asks for one, else `{}` (Lemmy's `ok: None`). The picture and sound
/// are placeholders: tests read the answer through ``LemmyTestServer/captchaAnswer(uuid:)``.
private func captcha(_ db: inout Database) -> ApiGetCaptchaResponse {
    guard db.site.captchaEnabled else { return ApiGetCaptchaResponse() }
    let (uuid, _) = db.makeCaptcha()
    // A 1x1 PNG and an empty WAV: valid files of the right kinds.
    let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    let wav = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA="
    return ApiGetCaptchaResponse(ok: ApiCaptchaResponse(png: png, wav: wav, uuid: uuid))
}
