import LemmyAPI

/// Site, login, logout, register.
extension APIRoutes {
    func addAccountRoutes() {
        add(LemmyV3.GetSite.self) { db, call in call.renderer(db).getSiteResponse() }
        add(LemmyV4.GetSite.self) { db, call in call.renderer(db).getSiteResponse() }
        add(LemmyV4.GetMyUser.self, auth: true) { db, call in
            guard let info = call.renderer(db).myUser() else { throw APIError.notLoggedIn }
            return info
        }

        add(LemmyV3.Login.self) { db, call in
            let (token, _) = try db.login(name: call.form.usernameOrEmail, password: call.form.password)
            return ApiLoginResponse(jwt: token, registrationCreated: false, verifyEmailSent: false)
        }
        add(LemmyV4.Login.self) { db, call in
            let (token, _) = try db.login(name: call.form.usernameOrEmail, password: call.form.password)
            return ApiLoginResponse(jwt: token, registrationCreated: false, verifyEmailSent: false)
        }
        add(LemmyV3.Logout.self, auth: true) { db, call in
            if let token = call.token { db.sessions[token] = nil }
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV4.Logout.self, auth: true) { db, call in
            if let token = call.token { db.sessions[token] = nil }
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV3.Register.self) { db, call in
            let (token, _) = try db.register(name: call.form.username, password: call.form.password,
                                             verify: call.form.passwordVerify, now: call.now)
            return ApiLoginResponse(jwt: token, registrationCreated: false, verifyEmailSent: false)
        }
        add(LemmyV4.Register.self) { db, call in
            let (token, _) = try db.register(name: call.form.username, password: call.form.password,
                                             verify: call.form.passwordVerify, now: call.now)
            return ApiLoginResponse(jwt: token, registrationCreated: false, verifyEmailSent: false)
        }
    }
}
