import LemmyAPI

/// The account's settings, password and deletion.
extension APIRoutes {
    func addSettingsRoutes() {
        // 0.18 answers SaveUserSettings with a LoginResponse (a fresh token), 0.19 with success.
        add(LemmyV3.SaveUserSettings.self, auth: true) { db, call -> LoginOrSuccessAnswer in
            let viewer = try call.requireViewer()
            try db.saveSettings(of: viewer, change(call.form, generation: .v3, dialect: call.dialect), now: call.now, dialect: call.dialect)
            guard call.dialect == .v0_18 else { return .success(ApiSuccessResponse(success: true)) }
            let token = db.issueToken(for: viewer, now: call.now, origin: call.origin)
            return .login(ApiLoginResponse(jwt: token, registrationCreated: false, verifyEmailSent: false))
        }
        add(LemmyV4.SaveUserSettings.self, auth: true) { db, call in
            try db.saveSettings(
                of: try call.requireViewer(), change(call.form, generation: .v4, dialect: call.dialect), now: call.now,
                dialect: call.dialect)
            return ApiSuccessResponse(success: true)
        }
        add(LemmyV3.ChangePassword.self, auth: true) { db, call in try changePassword(&db, call) }
        add(LemmyV4.ChangePassword.self, auth: true) { db, call in try changePassword(&db, call) }
        // 0.18 answers DeleteAccount with `{}`, 0.19 with success.
        add(LemmyV3.DeleteAccount.self, auth: true) { db, call in
            try db.deleteAccount(try call.requireViewer(), password: call.form.password, dialect: call.dialect)
            return EmptyOrSuccessAnswer(call.dialect)
        }
        add(LemmyV4.DeleteAccount.self, auth: true) { db, call in
            try db.deleteAccount(try call.requireViewer(), password: call.form.password, dialect: call.dialect)
            return ApiSuccessResponse(success: true)
        }
    }
}

private func changePassword(_ db: inout Database, _ call: Call<ApiChangePassword>) throws -> ApiLoginResponse {
    let viewer = try call.requireViewer()
    try db.changePassword(
        of: viewer, old: call.form.oldPassword, new: call.form.newPassword, verify: call.form.newPasswordVerify,
        dialect: call.dialect)
    // Lemmy ends the other sessions and hands out a new token.
    db.endSessions(of: viewer)
    let token = db.issueToken(for: viewer, now: call.now, origin: call.origin)
    return ApiLoginResponse(jwt: token, registrationCreated: false, verifyEmailSent: false)
}

/// The neutral settings change of a SaveUserSettings form; sorts and listings are kept in 1.0's
/// spelling (the renderer reads either).
private func change(_ form: ApiSaveUserSettings, generation: LemmyAPIGeneration, dialect: LemmyDialect) -> Database.SettingsChange {
    var change = Database.SettingsChange()
    change.showNSFW = form.showNsfw
    change.blurNSFW = form.blurNsfw
    change.showReadPosts = form.showReadPosts
    change.showBotAccounts = form.showBotAccounts
    change.botAccount = form.botAccount
    change.email = form.email
    if generation == .v4 {
        change.defaultSort = form.defaultPostSortType?.wireValue(for: .v4)
        change.defaultTimeRangeSeconds = form.defaultPostTimeRangeSeconds
        change.defaultItemsPerPage = form.defaultItemsPerPage
        change.defaultCommentSort = form.defaultCommentSortType?.wireValue(for: .v4)
        change.hidePostsWithMedia = form.hidePostsWithMedia
    } else {
        change.defaultSort = form.defaultSortType?.wireValue(for: .v4)
        change.avatar = form.avatar
        change.banner = form.banner
    }
    // 1.0 takes a VoteShow, 0.19.9+ a bool (show or hide); the strict form decoder has already
    // refused the other version's form.
    switch form.showDownvotes {
    case .voteShow(let show)?: change.showDownvotes = show.wireValue(for: .v4)
    case .boolean(let show)?: change.showDownvotes = show ? "show" : "hide"
    case nil: break
    }
    change.defaultListing = form.defaultListingType?.wireValue(for: .v4)
    change.discussionLanguages = form.discussionLanguages
    change.displayName = dialect.stored(form.displayName)
    change.bio = dialect.stored(form.bio)
    if dialect == .v0_18 { change.generateTOTP = form.generateTotp2fa }
    return change
}
