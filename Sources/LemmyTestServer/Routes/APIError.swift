import Foundation
import LemmyAPI

/// An error a route answers with; rendered per dialect by ``ErrorRendering``.
struct APIError: Error, Sendable {
    /// The kinds of failure, so each dialect can pick its own code and status.
    enum Kind: Sendable {
        /// A Lemmy error code (`couldnt_find_post`, `not_a_moderator`, ...).
        case code(String)
        /// A Lemmy error code with a message (1.0 `plugin_error`, ...).
        case codeWithMessage(String, String)
        /// A Lemmy error code that wraps another error (`with_lemmy_type`): 1.0 shows that
        /// error's text as `cause`; earlier versions show only the code.
        case codeWithCause(String, String)
        /// A Lemmy error code on a query that found no row: 404 up to 0.19, whose errors take
        /// their status from diesel's NotFound.
        case missingRow(String)
        /// 404 with the code and, on 1.0, `cause` (the database's text, e.g. a foreign key's).
        case missingRowWithCause(String, String)
        /// Lemmy panics in the handler (an `expect` on a value it did not check), so the request
        /// gets no Lemmy error (actix-web most likely drops the connection; not verified); this
        /// server answers 500 with an empty body.
        case panic
        /// Wrong username or password.
        case incorrectLogin
        /// No or invalid token where the call needs a login. 0.18 answers `not_logged_in`; 0.19 and
        /// 1.0 drop a token they cannot validate and answer as their login extractor does, 401
        /// `incorrect_login` (`LocalUserView`'s `FromRequest`). 0.19's and 1.0's `not_logged_in`
        /// comes only from `validate_auth`, which throws it as a plain code.
        case notLoggedIn
        /// The object does not exist; `what` is `post`, `comment`, `community`, `person`, ...
        case notFound(what: String)
        /// An object looked up by name that does not exist: as ``notFound(what:)``, but 404 in 0.19
        /// too (the error keeps the database's NotFound), and 0.18 names a person
        /// `couldnt_find_that_username_or_email`.
        case notFoundByName(what: String)
        /// A record the handler reads without naming an error (GetPosts by a community name that
        /// does not exist): 404 `Record not found`, as text in 0.18, as `unknown` with that message
        /// in 0.19, `not_found` in 1.0.
        case recordNotFound
        /// Rate limited.
        case rateLimited
        /// A body or query that does not decode.
        case badRequest(message: String)
        /// An error of a library Lemmy calls (reqwest, url, the resolver), which Lemmy passes on
        /// as its text: 0.18 as `text/plain`; 0.19 as `unknown` with the text as its message; 1.0
        /// likewise, with the text as `cause` too (its `LemmyError` serializes the error it wraps).
        case foreign(message: String)
    }

    var kind: Kind

    static func code(_ code: String) -> APIError { APIError(kind: .code(code)) }
    static func code(_ code: String, message: String) -> APIError { APIError(kind: .codeWithMessage(code, message)) }
    static func code(_ code: String, cause: String) -> APIError { APIError(kind: .codeWithCause(code, cause)) }
    /// Whether Lemmy would panic here (``Kind/panic``).
    var isPanic: Bool {
        if case .panic = kind { return true }
        return false
    }
    static func missingRow(_ code: String) -> APIError { APIError(kind: .missingRow(code)) }
    /// A missing row answered 404 with `code` and, on 1.0, `cause` (the database's text).
    static func missingRow(_ code: String, cause: String) -> APIError { APIError(kind: .missingRowWithCause(code, cause)) }
    static let panic = APIError(kind: .panic)
    static let incorrectLogin = APIError(kind: .incorrectLogin)
    static let notLoggedIn = APIError(kind: .notLoggedIn)
    static let rateLimited = APIError(kind: .rateLimited)
    static func notFound(_ what: String) -> APIError { APIError(kind: .notFound(what: what)) }
    /// A missing `what` where 0.18 reads the row with `?` (diesel's NotFound, a bare 404
    /// ``recordNotFound``) and later versions answer their `not_found` code.
    static func notFound(_ what: String, in dialect: LemmyDialect) -> APIError {
        dialect == .v0_18 ? recordNotFound : notFound(what)
    }
    static func notFoundByName(_ what: String) -> APIError { APIError(kind: .notFoundByName(what: what)) }
    static let recordNotFound = APIError(kind: .recordNotFound)
    static func badRequest(_ message: String) -> APIError { APIError(kind: .badRequest(message: message)) }
    static func foreign(_ message: String) -> APIError { APIError(kind: .foreign(message: message)) }
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
        case let .codeWithCause(value, cause):
            return (400, body(code: value, dialect: dialect, cause: .text(cause)), "application/json")
        case .missingRow(let value):
            code = value
            status = 404
        case let .missingRowWithCause(value, cause):
            return (404, body(code: value, dialect: dialect, cause: .text(cause)), "application/json")
        case .panic:
            return (500, Data(), "text/plain; charset=utf-8")
        case .incorrectLogin:
            code = "incorrect_login"
            if dialect != .v0_18 { status = 401 }
        case .notLoggedIn:
            if dialect == .v0_18 {
                code = "not_logged_in"
            } else {
                code = "incorrect_login"
                status = 401
            }
        case .notFound(let what):
            if dialect == .v1_0 {
                code = "not_found"
                status = 404
            } else {
                code = "couldnt_find_\(what)"
                status = dialect == .v0_18 ? 404 : 400
            }
        case .notFoundByName(let what):
            status = 404
            switch dialect {
            case .v0_18: code = what == "person" ? "couldnt_find_that_username_or_email" : "couldnt_find_\(what)"
            case .v0_19: code = "couldnt_find_\(what)"
            case .v1_0: code = "not_found"
            }
        case .recordNotFound:
            switch dialect {
            // A `LemmyError` without a message: `text/plain`, no charset.
            case .v0_18: return (404, Data("Record not found".utf8), "text/plain")
            case .v0_19: return (404, body(code: "unknown", message: "Record not found", dialect: dialect), "application/json")
            // diesel's NotFound becomes `not_found`, its text the cause (`impl From for LemmyError`).
            case .v1_0: return (404, body(code: "not_found", dialect: dialect, cause: .text("Record not found")), "application/json")
            }
        case .rateLimited:
            if dialect == .v1_0 {
                // The limiter answers `LemmyErrorType` alone, without the `cause` of a handler's
                // `LemmyError` (`rate_limit/response.rs`).
                return (429, body(code: "too_many_requests", dialect: dialect, cause: .none), "application/json")
            } else {
                code = "rate_limit_error"
            }
        case .badRequest(let text):
            if dialect == .v0_18 { return (400, Data(text.utf8), "text/plain; charset=utf-8") }
            return (400, body(code: "unknown", message: text, dialect: dialect, cause: .none), "application/json")
        case .foreign(let text):
            // 0.18's `LemmyError` without a message sets the type without a charset.
            if dialect == .v0_18 { return (400, Data(text.utf8), "text/plain") }
            return (400, body(code: "unknown", message: text, dialect: dialect, cause: .text(text)), "application/json")
        }
        return (status, body(code: code, dialect: dialect), "application/json")
    }

    /// What 1.0 writes as an error's `cause` (earlier versions write none).
    enum Cause {
        /// The Rust variant of the code, as for Lemmy's own errors.
        case variant
        /// The text of the error Lemmy wraps (`with_lemmy_type`, or a library's error).
        case text(String)
        /// None: actix-web's own errors.
        case none
    }

    /// The JSON error body for `code`; 1.0 adds `cause`.
    static func body(code: String, message: String? = nil, dialect: LemmyDialect, cause: Cause = .variant) -> Data {
        var object: [String: String] = ["error": code]
        if dialect != .v0_18, let message { object["message"] = message }
        if dialect == .v1_0 {
            switch cause {
            case .variant: object["cause"] = causeName(code)
            case .text(let text): object["cause"] = text
            case .none: break
            }
        }
        // serde_json leaves `/` as it is.
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    /// The Rust variant name 1.0 puts in `cause` (`couldnt_find_post` -> `CouldntFindPost`).
    static func causeName(_ code: String) -> String {
        code.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

extension APIError {
    /// The text of a query member lemmy-js-client types as a string union (`"all" | ModlogKind`),
    /// which must be one of `variants`: anything else fails to deserialize, as Lemmy's form does.
    static func variant(_ value: LemmyJSONValue, of variants: [String]) throws -> String {
        guard case .string(let text) = value else { throw APIError.badRequest("Query deserialize error") }
        guard variants.contains(text) else { throw APIError.badRequest("Query deserialize error: unknown variant `\(text)`") }
        return text
    }
}
