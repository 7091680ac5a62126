import LemmyAPI

/// Two-factor setup (0.19 `/user/totp/*`, 1.0 `/account/auth/totp/*`) and the list of the
/// account's logins (0.19 `/user/list_logins`, 1.0 `/account/login/list`). 0.18 has neither: it
/// sets two-factor login up through SaveUserSettings and keeps no sessions.
extension APIRoutes {
    func addTwoFactorRoutes() {
        add(LemmyV3.GenerateTotpSecret.self, auth: true) { db, call in
            ApiGenerateTotpSecretResponse(totpSecretUrl: try db.generateTOTPSecret(for: try call.requireViewer()))
        }
        add(LemmyV4.GenerateTotpSecret.self, auth: true) { db, call in
            ApiGenerateTotpSecretResponse(totpSecretUrl: try db.generateTOTPSecret(for: try call.requireViewer()))
        }
        add(LemmyV3.UpdateTotp.self, auth: true) { db, call in
            try db.updateTOTP(
                for: try call.requireViewer(), token: call.form.totpToken, enabled: call.form.enabled, now: call.now,
                dialect: call.dialect)
            return ApiUpdateTotpResponse(enabled: call.form.enabled)
        }
        add(LemmyV4.EditTotp.self, auth: true) { db, call in
            try db.updateTOTP(
                for: try call.requireViewer(), token: call.form.totpToken, enabled: call.form.enabled, now: call.now,
                dialect: call.dialect)
            return ApiEditTotpResponse(enabled: call.form.enabled)
        }
        // 0.19 answers a bare array, 1.0 wraps it.
        add(LemmyV3.ListLogins.self, auth: true) { db, call in try logins(db, call) }
        add(LemmyV4.ListLogins.self, auth: true) { db, call in ApiListLoginsResponse(logins: try logins(db, call)) }
    }
}

/// The caller's live sessions, in the order they began (Lemmy's query has no `ORDER BY`, so
/// Postgres answers in the table's order, which for rows only ever inserted and deleted is
/// usually that). The token itself is never shown (`#[serde(skip)]`).
private func logins<Form>(_ db: Database, _ call: Call<Form>) throws -> [ApiLoginToken] {
    let viewer = try call.requireViewer()
    let renderer = call.renderer(db)
    return db.sessions.values.filter { $0.personId == viewer }.sorted { $0.order < $1.order }.map { session in
        ApiLoginToken(userId: viewer, publishedAt: renderer.date(session.published), ip: session.ip, userAgent: session.userAgent)
    }
}
