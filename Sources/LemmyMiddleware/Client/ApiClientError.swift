internal import LemmyAPI

/// Why an ``ApiClient`` call or mutation failed. Descriptions never contain the token.
public enum ApiClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The client's ``ApiClient/permissions`` refuse this request (a mutation on a read-only client,
    /// anything on a client with no permissions).
    case permissionDenied(ApiClientPermissions)
    /// The request needs a signed-in account, and the client is a guest or its token was rejected.
    case notLoggedIn
    /// The server answered with a Lemmy error code, e.g. `couldnt_find_post`.
    case lemmy(code: String, message: String?)
    /// The server is rate limiting the client.
    case rateLimited
    /// A non-2xx status without a Lemmy error body.
    case httpStatus(Int)
    /// The request got no answer (connection refused or lost, timeout).
    case transport(String)
    /// The answer did not decode.
    case decoding(String)
    /// The server is not a supported Lemmy, or does not support this operation.
    case unsupported(String)
    /// The server's version lacks a value or parameter the call asked for (a sort such as
    /// `scaled` on 0.18, a listing such as `suggested` before 1.0); nothing was sent. The
    /// `supported…()` methods of ``ApiClient`` list what the server has.
    case unavailableInVersion(String)
    /// The request was cancelled.
    case cancelled

    /// Whether sending the request again later might succeed.
    public var isRetryable: Bool {
        switch self {
        case .rateLimited, .transport: return true
        case .httpStatus(let status): return status >= 500 || status == 408
        default: return false
        }
    }

    /// A one-line description.
    public var description: String {
        switch self {
        case .permissionDenied(let permissions): return "the client's permissions (\(permissions)) refuse this request"
        case .notLoggedIn: return "not logged in"
        case let .lemmy(code, message): return "Lemmy error \(code)" + (message.map { ": \($0)" } ?? "")
        case .rateLimited: return "rate limited"
        case .httpStatus(let status): return "HTTP \(status)"
        case .transport(let reason): return "transport failure: \(reason)"
        case .decoding(let reason): return "undecodable answer: \(reason)"
        case .unsupported(let reason): return "unsupported: \(reason)"
        case .unavailableInVersion(let reason): return "not available on this server: \(reason)"
        case .cancelled: return "cancelled"
        }
    }

    /// Maps a raw-client failure.
    init(_ error: LemmyClientError) {
        switch error {
        case .cancelled: self = .cancelled
        case .transport(let failure): self = .transport("\(failure)")
        case let .httpStatus(status, _, _): self = .httpStatus(status)
        case .server(let failure):
            switch failure.code {
            case .notLoggedIn, .incorrectLogin: self = .notLoggedIn
            default: self = .lemmy(code: failure.code.code, message: failure.message)
            }
        case .rateLimited: self = .rateLimited
        case .decoding(let failure): self = .decoding(failure.description)
        case .encoding(let reason): self = .decoding("request encoding: \(reason)")
        case let .unsupportedServer(version, reason): self = .unsupported("\(version ?? "unknown version"): \(reason)")
        case .generationMismatch: self = .unsupported(error.description)
        case .unavailableInVersion(let missing): self = .unavailableInVersion(missing.description)
        }
    }
}
