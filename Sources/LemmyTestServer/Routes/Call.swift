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
    /// Where the request came from (read for writes only: a login is a POST).
    var origin: LoginOrigin? = nil

    /// The viewer, or the dialect's refusal of a guest (see ``APIError/Kind/notLoggedIn``).
    func requireViewer() throws -> Int {
        guard let viewer else { throw APIError.notLoggedIn }
        return viewer
    }

    /// A renderer for this call's dialect and viewer.
    func renderer(_ db: Database) -> Renderer { Renderer(db: db, dialect: dialect, viewer: viewer, host: db.host, now: now) }

    /// Which list asks, for how it answers a `limit` or `page` out of range.
    enum List {
        /// GetPosts: 0.18 and 0.19 wrap the refusal as `couldnt_get_posts`.
        case posts
        /// GetComments: `couldnt_get_comments`.
        case comments
        /// Every other list passes the query builder's text through: 0.18 as `text/plain`, 0.19
        /// as `unknown` with the text as its message.
        case other
    }

    /// Lemmy's page size: default 10 (20 on 1.0), 1 to 50. Also checks `page` (from 1; 1.0 has
    /// none). A limit out of range is 1.0's `invalid_fetch_limit`, or in 0.18 and 0.19 the query
    /// builder's `Fetch limit is > 50` (limit_and_offset, for 0 as well), as `list` reports it;
    /// a page below 1 is its `Page is < 1`.
    func limit(_ requested: Int?, page: Int? = nil, list: List = .other) throws -> Int {
        if dialect != .v1_0, let page, page < 1 { throw pagingRefusal("Page is < 1", list) }
        guard let requested else { return dialect == .v1_0 ? 20 : 10 }
        guard (1...50).contains(requested) else {
            if dialect == .v1_0 { throw APIError.code("invalid_fetch_limit") }
            throw pagingRefusal("Fetch limit is > 50", list)
        }
        return requested
    }

    private func pagingRefusal(_ text: String, _ list: List) -> APIError {
        switch list {
        case .posts: APIError.code("couldnt_get_posts")
        case .comments: APIError.code("couldnt_get_comments")
        case .other: APIError.badRequest(text)
        }
    }
}
