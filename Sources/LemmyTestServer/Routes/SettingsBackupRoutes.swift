import LemmyAPI

/// The account's settings backup (0.19 and 1.0; see `Database+SettingsBackup.swift`): export
/// answers the backup object, import takes one and answers success. Both take a token of one
/// rate limit per address first (``LemmyRateLimit/importUserSettings``), as Lemmy's limiter
/// wraps both routes.
///
/// Lemmy's limiter runs before the body is read, so a malformed import uses up a token there;
/// here the form is decoded first, and its refusal takes none.
extension APIRoutes {
    func addSettingsBackupRoutes() {
        add(LemmyV3.ExportSettings.self, auth: true, readsOrigin: true) { db, call in try exportBackup(&db, call) }
        add(LemmyV4.ExportUserSettings.self, auth: true, readsOrigin: true) { db, call in try exportBackup(&db, call) }
        add(LemmyV3.ImportSettings.self, auth: true) { db, call in try importBackup(&db, call) }
        add(LemmyV4.ImportUserSettings.self, auth: true) { db, call in try importBackup(&db, call) }
    }
}

private func exportBackup(_ db: inout Database, _ call: Call<LemmyEmptyForm>) throws -> LemmyJSONValue {
    try db.takeSettingsBackupToken(ip: call.origin?.ip, now: call.now)
    return try db.settingsBackup(of: try call.requireViewer(), renderer: call.renderer(db), dialect: call.dialect)
}

private func importBackup(_ db: inout Database, _ call: Call<LemmyJSONValue>) throws -> ApiSuccessResponse {
    try db.takeSettingsBackupToken(ip: call.origin?.ip, now: call.now)
    try db.importSettings(call.form, by: try call.requireViewer(), now: call.now, dialect: call.dialect)
    return ApiSuccessResponse(success: true)
}
