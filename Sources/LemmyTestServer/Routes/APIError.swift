import Foundation

/// An error a route answers with; rendered per dialect by ``ErrorRendering``.
struct APIError: Error, Sendable {
    /// The kinds of failure, so each dialect can pick its own code and status.
    enum Kind: Sendable {
        /// A Lemmy error code (`couldnt_find_post`, `not_a_moderator`, ...).
        case code(String)
        /// A Lemmy error code with a message (1.0 `plugin_error`, ...).
        case codeWithMessage(String, String)
        /// Wrong username or password.
        case incorrectLogin
        /// No or invalid token.
        case notLoggedIn
        /// The object does not exist; `what` is `post`, `comment`, `community`, `person`, ...
        case notFound(what: String)
        /// Rate limited.
        case rateLimited
        /// A body or query that does not decode.
        case badRequest(message: String)
    }

    var kind: Kind

    static func code(_ code: String) -> APIError { APIError(kind: .code(code)) }
    static func code(_ code: String, message: String) -> APIError { APIError(kind: .codeWithMessage(code, message)) }
    static let incorrectLogin = APIError(kind: .incorrectLogin)
    static let notLoggedIn = APIError(kind: .notLoggedIn)
    static let rateLimited = APIError(kind: .rateLimited)
    static func notFound(_ what: String) -> APIError { APIError(kind: .notFound(what: what)) }
    static func badRequest(_ message: String) -> APIError { APIError(kind: .badRequest(message: message)) }
}

/// How each dialect spells an ``APIError`` on the wire.
enum ErrorRendering {
    /// The status and JSON body of `error` in `dialect`.
    ///
    /// 0.18: `{"error":code}`, 404 for `couldnt_find_*` (a diesel NotFound), else 400, rate limit
    /// 400 `rate_limit_error`. 0.19: `{"error","message"?}`, 401 `incorrect_login`, 404
    /// `not_found`, else 400. 1.0: as 0.19 plus `cause`, missing objects are 404 `not_found`, rate
    /// limit 429 `too_many_requests`.
    ///
    /// A form that does not deserialize is actix-web's error, not Lemmy's: 0.18 answers it as
    /// actix does, `text/plain` (`Query deserialize error: unknown variant ...`); 0.19 and 1.0
    /// wrap that text as `{"error":"unknown","message":...}` (their `jsonify_plain_text_errors`
    /// middleware), without 1.0's `cause`, which only Lemmy's own errors carry.
    static func render(_ error: APIError, dialect: LemmyDialect) -> (status: Int, body: Data, contentType: String) {
        var code: String
        var status = 400
        switch error.kind {
        case .code(let value): code = value
        case let .codeWithMessage(value, message):
            return (400, body(code: value, message: message, dialect: dialect), "application/json")
        case .incorrectLogin:
            code = "incorrect_login"
            if dialect != .v0_18 { status = 401 }
        case .notLoggedIn: code = "not_logged_in"
        case .notFound(let what):
            if dialect == .v1_0 {
                code = "not_found"
                status = 404
            } else {
                code = "couldnt_find_\(what)"
                status = dialect == .v0_18 ? 404 : 400
            }
        case .rateLimited:
            if dialect == .v1_0 {
                code = "too_many_requests"
                status = 429
            } else {
                code = "rate_limit_error"
            }
        case .badRequest(let text):
            if dialect == .v0_18 { return (400, Data(text.utf8), "text/plain; charset=utf-8") }
            return (400, body(code: "unknown", message: text, dialect: dialect, cause: false), "application/json")
        }
        return (status, body(code: code, dialect: dialect), "application/json")
    }

    /// The JSON error body for `code`; 1.0 adds `cause` to Lemmy's own errors.
    static func body(code: String, message: String? = nil, dialect: LemmyDialect, cause: Bool = true) -> Data {
        var object: [String: String] = ["error": code]
        if dialect != .v0_18, let message { object["message"] = message }
        if dialect == .v1_0 && cause { object["cause"] = causeName(code) }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    /// The Rust variant name 1.0 puts in `cause` (`couldnt_find_post` -> `CouldntFindPost`).
    static func causeName(_ code: String) -> String {
        code.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
