import Foundation
import LemmyAPI

/// One decoded API call, handed to a route handler.
struct Call<Form: Sendable>: Sendable {
    /// The decoded parameters.
    var form: Form
    /// The logged-in person, if any.
    var viewer: Int?
    /// The session token the caller sent, if valid.
    var token: String?
    /// The server's dialect.
    var dialect: LemmyDialect
    /// Seconds since 1970, now.
    var now: Double

    /// The viewer, or `not_logged_in`.
    func requireViewer() throws -> Int {
        guard let viewer else { throw APIError.notLoggedIn }
        return viewer
    }

    /// A renderer for this call's dialect and viewer.
    func renderer(_ db: Database) -> Renderer { Renderer(db: db, dialect: dialect, viewer: viewer, host: db.host) }

    /// Lemmy's page size: default 10 (20 on 1.0), at most 50.
    func limit(_ requested: Int?) throws -> Int {
        guard let requested else { return dialect == .v1_0 ? 20 : 10 }
        guard (1...50).contains(requested) else { throw APIError.code("couldnt_parse_pagination_token") }
        return requested
    }
}
