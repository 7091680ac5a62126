public import LemmyAPI

/// Why an ``ApiClient`` call or mutation failed. Descriptions never contain the token.
///
/// A struct rather than an enum so that new kinds can be added without breaking callers'
/// `switch` statements: switch over ``kind`` (with a `default`), or compare ``lemmyCode`` with a
/// `LemmyErrorCode` to react to one server answer:
///
/// <!-- sample: doc-apiclienterror -->
/// ```swift
/// do {
///     _ = try await client.getPost(id: 42)
/// } catch where error.lemmyCode == .couldntFindPost || error.lemmyCode == .notFound {
///     print("this post is gone")       // 0.18/0.19 say couldnt_find_post, 1.0 not_found
/// } catch {
///     print(error.localizedDescription)
/// }
/// ```
public struct ApiClientError: Error, Sendable, Hashable {
    /// The broad category of a failure; new categories may be added in minor releases.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The client's ``ApiClient/permissions`` refuse the request.
        public static let permissionDenied = Kind("permissionDenied")
        /// The request needs a signed-in account, and the client is a guest or its token was rejected.
        public static let notLoggedIn = Kind("notLoggedIn")
        /// The server answered with a Lemmy error code (see ``ApiClientError/lemmyCode``).
        public static let lemmy = Kind("lemmy")
        /// The server is rate limiting the client (see ``ApiClientError/retryAfter``).
        public static let rateLimited = Kind("rateLimited")
        /// A non-2xx status without a Lemmy error body (see ``ApiClientError/httpStatus``).
        public static let httpStatus = Kind("httpStatus")
        /// The request got no answer: connection refused or lost, timeout.
        public static let transport = Kind("transport")
        /// The answer did not decode (see ``ApiClientError/codingPath``).
        public static let decoding = Kind("decoding")
        /// The server is not a supported Lemmy, or does not support this operation.
        public static let unsupported = Kind("unsupported")
        /// The server's version lacks a value or parameter the call asked for; nothing was sent.
        public static let unavailableInVersion = Kind("unavailableInVersion")
        /// The request was cancelled.
        public static let cancelled = Kind("cancelled")
        /// A value given to the client is not valid (see ``ApiClientError/reason``); nothing was sent.
        public static let invalidInput = Kind("invalidInput")

        /// The kind's name, e.g. `rateLimited`.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public let kind: Kind
    /// The Lemmy error code the server answered with, for ``Kind/lemmy``, ``Kind/rateLimited`` and
    /// ``Kind/notLoggedIn`` answers that came from the server; `nil` when the failure is local.
    public let lemmyCode: LemmyErrorCode?
    /// The server's message (Lemmy 0.19+ `message`), if it sent one. Untrusted text: sanitise
    /// before showing it in a terminal.
    public let message: String?
    /// A short technical reason (transport failure, decoding failure, unsupported operation).
    public let reason: String?
    /// The HTTP status, for ``Kind/httpStatus`` (and answers that had one).
    public let httpStatus: Int?
    /// How long the server asked the client to wait (`Retry-After`), for ``Kind/rateLimited``.
    public let retryAfter: Duration?
    /// Where in the answer decoding failed, e.g. `posts[3].post.published`, for ``Kind/decoding``.
    public let codingPath: String?
    /// The client's permissions, for ``Kind/permissionDenied``.
    public let permissions: ApiClientPermissions?

    /// Makes an error of `kind`; every detail is optional.
    public init(
        kind: Kind, lemmyCode: LemmyErrorCode? = nil, message: String? = nil, reason: String? = nil,
        httpStatus: Int? = nil, retryAfter: Duration? = nil, codingPath: String? = nil,
        permissions: ApiClientPermissions? = nil
    ) {
        self.kind = kind
        self.lemmyCode = lemmyCode
        self.message = message
        self.reason = reason
        self.httpStatus = httpStatus
        self.retryAfter = retryAfter
        self.codingPath = codingPath
        self.permissions = permissions
    }

    /// Whether sending the request again later might succeed.
    public var isRetryable: Bool {
        switch kind {
        case .rateLimited, .transport: return true
        case .httpStatus: return (httpStatus ?? 0) >= 500 || httpStatus == 408
        default: return false
        }
    }

    /// Whether the login needs a two-factor (TOTP) token: ask for one and log in again with it.
    public var needsTOTP: Bool { lemmyCode == .missingTotpToken }
}

// MARK: - Constructors with the shape of the former enum cases

extension ApiClientError {
    /// The client's permissions refuse this request.
    public static func permissionDenied(_ permissions: ApiClientPermissions) -> ApiClientError {
        ApiClientError(kind: .permissionDenied, permissions: permissions)
    }

    /// Not logged in (no server answer involved).
    public static let notLoggedIn = ApiClientError(kind: .notLoggedIn)

    /// A Lemmy error answer.
    public static func lemmy(_ code: LemmyErrorCode, message: String? = nil) -> ApiClientError {
        ApiClientError(kind: .lemmy, lemmyCode: code, message: message)
    }

    /// Rate limited, without a known delay.
    public static let rateLimited = ApiClientError(kind: .rateLimited)

    /// A non-2xx status without a Lemmy error body.
    public static func httpStatus(_ status: Int) -> ApiClientError {
        ApiClientError(kind: .httpStatus, httpStatus: status)
    }

    /// No answer.
    public static func transport(_ reason: String) -> ApiClientError {
        ApiClientError(kind: .transport, reason: reason)
    }

    /// An undecodable answer.
    public static func decoding(_ reason: String, codingPath: String? = nil) -> ApiClientError {
        ApiClientError(kind: .decoding, reason: reason, codingPath: codingPath)
    }

    /// An unsupported server or operation.
    public static func unsupported(_ reason: String) -> ApiClientError {
        ApiClientError(kind: .unsupported, reason: reason)
    }

    /// A value or parameter the server's version lacks.
    public static func unavailableInVersion(_ reason: String) -> ApiClientError {
        ApiClientError(kind: .unavailableInVersion, reason: reason)
    }

    /// Cancelled.
    public static let cancelled = ApiClientError(kind: .cancelled)

    /// A value given to the client is not valid, e.g. a file that is not a settings backup.
    public static func invalidInput(_ reason: String) -> ApiClientError {
        ApiClientError(kind: .invalidInput, reason: reason)
    }
}
