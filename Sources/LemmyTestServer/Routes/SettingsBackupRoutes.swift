import LemmyAPI

/// The account's settings backup (0.19 and 1.0; see `Database+SettingsBackup.swift`): export
/// answers the backup object, import takes one and answers success. Both take a token of one
/// rate limit per address first (``LemmyRateLimit/importUserSettings``), as Lemmy's limiter
/// wraps both routes.
///
/// The limiter runs before the login and the body are read, as Lemmy's wraps the routes: a
/// guest's or a malformed request uses up a token too.
extension APIRoutes {
    func addSettingsBackupRoutes() {
        let limit: @Sendable (inout Database, String?, Double) throws -> Void = { db, ip, now in
            try db.takeSettingsBackupToken(ip: ip, now: now)
        }
        add(LemmyV3.ExportSettings.self, auth: true, rateLimit: limit) { db, call in try exportBackup(db, call) }
        add(LemmyV4.ExportUserSettings.self, auth: true, rateLimit: limit) { db, call in try exportBackup(db, call) }
        add(LemmyV3.ImportSettings.self, auth: true, rateLimit: limit) { db, call in try importBackup(&db, call) }
        add(LemmyV4.ImportUserSettings.self, auth: true, rateLimit: limit) { db, call in try importBackup(&db, call) }
    }
}

private func exportBackup(_ db: Database, _ call: Call<LemmyEmptyForm>) throws -> LemmyJSONValue {
    try db.settingsBackup(of: try call.requireViewer(), renderer: call.renderer(db), dialect: call.dialect)
}

private func importBackup(_ db: inout Database, _ call: Call<LemmyJSONValue>) throws -> ApiSuccessResponse {
    try db.importSettings(call.form, by: try call.requireViewer(), now: call.now, dialect: call.dialect)
    return ApiSuccessResponse(success: true)
}
