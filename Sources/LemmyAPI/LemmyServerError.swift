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
            return LemmyServerError(
                code: LemmyErrorCode(code: raw), message: dict["message"] as? String,
                cause: dict["cause"] as? String, status: status)
        }
        // 0.18 text/plain: either a bare code or a human-readable message.
        let isCode = trimmed.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && trimmed.count < 100
        if isCode { return LemmyServerError(code: LemmyErrorCode(code: trimmed), status: status) }
        return LemmyServerError(code: .unknown("unknown"), message: trimmed, status: status)
    }
}
