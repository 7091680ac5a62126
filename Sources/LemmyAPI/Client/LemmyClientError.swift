public import Foundation
public import HTTPLoading

/// Why a ``LemmyRawClient`` call failed.
///
/// Descriptions never contain the token or a password: requests are described by method and
/// path with secret query values redacted, and bodies by their size.
public enum LemmyClientError: Error, Sendable, CustomStringConvertible {
    /// The calling task was cancelled (or the chain was reset). Not a failure to report.
    case cancelled
    /// The request never got an HTTP response (DNS, TLS, timeout, connection lost).
    case transport(LoadError)
    /// A non-2xx status whose body is not a Lemmy error (an HTML proxy page, an empty 502).
    case httpStatus(status: Int, contentType: String?, body: Data)
    /// An error reported by Lemmy: its code, message and (1.0) cause.
    case server(LemmyServerError)
    /// Rate limiting (0.18/0.19: 400 `rate_limit_error`; 1.0: 429 `too_many_requests`, possibly
    /// with an empty body). Retryable after `retryAfter` if the server sent `Retry-After`.
    case rateLimited(LemmyServerError, retryAfter: Duration?)
    /// A 2xx body that does not decode as the response type; keeps the payload and coding path.
    case decoding(LemmyDecodingFailure)
    /// The request's form could not be encoded as JSON.
    case encoding(String)
    /// The server is not a supported Lemmy (older than 0.18, no version, or neither API answered).
    case unsupportedServer(version: String?, reason: String)
    /// A typed request of one API generation was sent to a server of the other one.
    case generationMismatch(request: LemmyAPIGeneration, server: LemmyServerVersion)
    /// The request asks for a parameter or value (`sort=Top`, `show_read`) that the server's
    /// version does not have; it was not sent, since the server would refuse or ignore it.
    case unavailableInVersion(LemmyVersionError)

    /// Whether this is a cancellation rather than a failure.
    public var isCancellation: Bool {
        if case .cancelled = self { return true }
        return false
    }

    /// Whether sending the same request again later may succeed: rate limiting, transient
    /// transport failures and 5xx/408 statuses.
    public var isRetryable: Bool {
        switch self {
        case .rateLimited: return true
        case .transport(let error): return error.isTransient
        case .httpStatus(let status, _, _): return status == 408 || (500...599).contains(status)
        default: return false
        }
    }

    /// The Lemmy error code, for ``server(_:)`` and ``rateLimited(_:retryAfter:)``.
    public var lemmyErrorCode: LemmyErrorCode? {
        switch self {
        case .server(let error), .rateLimited(let error, _): return error.code
        default: return nil
        }
    }

    /// A one-line description, free of secrets.
    public var description: String {
        switch self {
        case .cancelled:
            return "cancelled"
        case .transport(let error):
            return "transport failure: \(error)"
        case let .httpStatus(status, contentType, body):
            return "HTTP \(status) without a Lemmy error body (\(contentType ?? "no content type"), \(body.count) bytes)"
        case .server(let error):
            return error.description
        case let .rateLimited(error, retryAfter):
            return "rate limited (\(error.code.code))" + (retryAfter.map { ", retry after \($0)" } ?? "")
        case .decoding(let failure):
            return failure.description
        case .encoding(let reason):
            return "could not encode the request: \(reason)"
        case .unavailableInVersion(let error):
            return "not available on this server: \(error)"
        case let .unsupportedServer(version, reason):
            return "unsupported server\(version.map { " \($0)" } ?? ""): \(reason)"
        case let .generationMismatch(request, server):
            return "a \(request.pathPrefix) request cannot be sent to Lemmy \(server) (\(server.generation.pathPrefix))"
        }
    }

    /// Maps a chain failure: cancellation stays distinguishable, everything else is transport.
    init(_ error: LoadError) {
        self = error.isCancellation || error.code == .resetInProgress ? .cancelled : .transport(error)
    }
}
