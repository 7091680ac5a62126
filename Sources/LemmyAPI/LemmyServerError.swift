public import Foundation

/// An error answer from a Lemmy server, typed.
///
/// Wire formats: 0.18 `{"error":"code"}` or a `text/plain` body; 0.19 `{"error":"code","message"?}`
/// (non-Lemmy failures as `{"error":"unknown","message":...}`); 1.0 adds `"cause"`. Rate limiting is
/// 400 `rate_limit_error` up to 0.19 and 429 `too_many_requests` (empty body before mid-2025) in 1.0.
public struct LemmyServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The error code.
    public var code: LemmyErrorCode
    /// The `message` member, or the text of a `text/plain` body that is not a code.
    public var message: String?
    /// The 1.0 `cause` member (the Rust variant name).
    public var cause: String?
    /// The HTTP status, if known.
    public var status: Int?

    /// Creates an error.
    public init(code: LemmyErrorCode, message: String? = nil, cause: String? = nil, status: Int? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
        self.status = status
    }

    /// Whether this is rate limiting (retry later): `rate_limit_error`, `too_many_requests` or 429.
    public var isRateLimited: Bool {
        code == .rateLimitError || code == .tooManyRequests || status == 429
    }

    /// `code: message`, without any request data.
    public var description: String {
        "Lemmy error \(code.code)" + (message.map { ": \($0)" } ?? "") + (status.map { " (HTTP \($0))" } ?? "")
    }

    /// Parses an error body. Returns nil if the body is a JSON value that is not an error object.
    public static func parse(body: Data, status: Int? = nil) -> LemmyServerError? {
        let trimmed = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            guard let status else { return nil }
            return LemmyServerError(code: status == 429 ? .tooManyRequests : .unknown("http_\(status)"), status: status)
        }
        if let object = try? JSONSerialization.jsonObject(with: body) {
            guard let dict = object as? [String: Any],
                let raw = (dict["error"] as? String) ?? (dict["error_type"] as? String)
            else { return nil }
            let (code, message) = normalized(raw, message: dict["message"] as? String)
            return LemmyServerError(code: code, message: message, cause: dict["cause"] as? String, status: status)
        }
        // 0.18 text/plain: either a bare code or a human-readable message.
        let isCode = trimmed.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && trimmed.count < 100
        if isCode { return LemmyServerError(code: LemmyErrorCode(code: trimmed), status: status) }
        return LemmyServerError(code: .unknown("unknown"), message: trimmed, status: status)
    }

    /// The code of `raw`, reading 0.18's own spellings of registration refusals as the codes later
    /// versions give them: 0.18 answers a pending application with `registration_application_pending`
    /// and a denied one with the translated `Registration denied: REASON` (the account's interface
    /// language; English unless the applicant chose another), where 0.19 says
    /// `registration_application_is_pending` and `registration_denied` with the reason as message.
    static func normalized(_ raw: String, message: String?) -> (LemmyErrorCode, String?) {
        if raw == "registration_application_pending" { return (.registrationApplicationIsPending, message) }
        let denied = "Registration denied: "
        if raw.hasPrefix(denied) { return (.registrationDenied, message ?? String(raw.dropFirst(denied.count))) }
        return (LemmyErrorCode(code: raw), message)
    }
}
