import Foundation
public import HTTPLoading
import HTTPTypes

/// Turns a `LoadResponse` into a decoded value or a typed ``LemmyClientError``.
public enum LemmyResponseMapper {
    /// Decodes a 2xx body as `T`, or maps a non-2xx response to its error.
    public static func decode<T: Decodable>(
        _ type: T.Type,
        from response: LoadResponse,
        generation: LemmyAPIGeneration
    ) throws(LemmyClientError) -> T {
        guard response.status.kind == .successful else { throw error(for: response) }
        do {
            return try LemmyResponseDecoder.decode(T.self, from: response.body, generation: generation)
        } catch {
            throw .decoding(error)
        }
    }

    /// The error a non-2xx response stands for.
    ///
    /// A JSON object with `error` is a Lemmy error; so is a short `text/plain` body (0.18 sends some
    /// errors that way). Rate limiting (`rate_limit_error`, `too_many_requests`, any 429, including
    /// 1.0's empty 429) is ``LemmyClientError/rateLimited(_:retryAfter:)``. Anything else (an HTML
    /// page from a proxy, an empty 502, JSON without `error`) is ``LemmyClientError/httpStatus(status:contentType:body:)``.
    public static func error(for response: LoadResponse) -> LemmyClientError {
        let status = response.statusCode
        let contentType = response.headerFields[.contentType]
        let retryAfter = retryAfterDelay(response.headerFields)
        let trimmed = response.body.drop(while: { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
        let looksLikeMarkup = trimmed.first == UInt8(ascii: "<") || (contentType?.lowercased().contains("html") ?? false)
        let parsed: LemmyServerError?
        if trimmed.isEmpty {
            parsed = status == 429 ? LemmyServerError(code: .tooManyRequests, status: status) : nil
        } else if looksLikeMarkup {
            parsed = nil
        } else {
            parsed = LemmyServerError.parse(body: response.body, status: status)
        }
        guard let parsed else {
            if status == 429 { return .rateLimited(LemmyServerError(code: .tooManyRequests, status: status), retryAfter: retryAfter) }
            return .httpStatus(status: status, contentType: contentType, body: response.body)
        }
        return parsed.isRateLimited ? .rateLimited(parsed, retryAfter: retryAfter) : .server(parsed)
    }

    /// `Retry-After` as delay seconds or an HTTP date, measured from `now`.
    static func retryAfterDelay(_ fields: HTTPFields, now: Date = Date()) -> Duration? {
        guard let value = fields[.retryAfter]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return .seconds(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .milliseconds(max(0, Int64(date.timeIntervalSince(now) * 1000)))
    }
}
