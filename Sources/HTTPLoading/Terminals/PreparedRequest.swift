public import Foundation
public import HTTPTypes

/// A request checked and encoded for a transport: what every terminal loader does before sending.
///
/// Public so that terminal loaders in other modules apply the same rules.
public struct PreparedRequest: Sendable {
    /// The absolute URL.
    public let url: URL
    /// The head, with `Content-Type` from the body when the request had none.
    public let head: HTTPRequest
    /// The encoded body, or `nil` for none.
    public let body: Data?
    /// The request's idle timeout (``TimeoutOption``).
    public let timeout: Duration
    /// The longest the whole exchange may take (``RequestDeadlineOption``).
    public let deadline: Duration
    /// The largest acceptable response body.
    public let maximumResponseSize: Int
    /// How many times its compressed size a body may inflate to (``MaximumDecompressionRatioOption``).
    public let maximumDecompressionRatio: Int
    /// Where the body's progress goes (``UploadProgressOption``); nil without a handler or a body.
    /// The terminal reports to it while sending and calls ``UploadProgressReporter/finish()``
    /// when the load returns or throws.
    public let uploadProgress: UploadProgressReporter?

    /// Checks that `request` is absolute, uses http(s), is not plain http to a host other than
    /// loopback (``Origin/isLoopbackHost(_:)``) unless allowed, has no negative limit (size,
    /// ratio, timeout, deadline: transports trap on them), and encodes its body.
    public init(_ request: LoadRequest) throws(LoadError) {
        // The origin from the URL already built: `request.origin` would parse the head into a URL again.
        guard let url = request.url, let origin = Origin(url) else {
            throw LoadError(.invalidRequest, request: request, message: "the request has no absolute URL; add a ServerEnvironmentLoader")
        }
        switch origin.scheme {
        case "https": break
        case "http":
            guard origin.isLoopback || request.options[AllowsInsecureHTTPOption.self] else {
                throw LoadError(
                    .insecureConnection, request: request,
                    message: "plain http to \(origin.host) refused; use https or set AllowsInsecureHTTPOption")
            }
        default:
            throw LoadError(.invalidRequest, request: request, message: "unsupported scheme \(origin.scheme)")
        }
        self.timeout = request.options[TimeoutOption.self]
        self.deadline = request.options[RequestDeadlineOption.self]
        self.maximumResponseSize = request.options[MaximumResponseSizeOption.self]
        self.maximumDecompressionRatio = request.options[MaximumDecompressionRatioOption.self]
        guard timeout >= .zero, deadline >= .zero, maximumResponseSize >= 0, maximumDecompressionRatio >= 0 else {
            throw LoadError(
                .invalidRequest, request: request,
                message:
                    "a negative limit: timeout \(timeout), deadline \(deadline), response size \(maximumResponseSize), decompression ratio \(maximumDecompressionRatio)"
            )
        }
        var head = request.head
        if request.body.isEmpty {
            body = nil
        } else {
            do { body = try request.body.encode() } catch {
                throw LoadError(
                    .bodyEncodingFailed, request: request, underlying: SendableErrorBox(error), message: String(describing: error))
            }
            if head.headerFields[.contentType] == nil, let type = request.body.contentType {
                head.headerFields[.contentType] = type
            }
        }
        self.url = url
        self.head = head
        self.uploadProgress = UploadProgressReporter(totalBytes: body?.count ?? 0, handler: request.options[UploadProgressOption.self])
    }

    /// The timeout in seconds, for APIs that take `TimeInterval`.
    public var timeoutInterval: TimeInterval {
        let (seconds, attoseconds) = timeout.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
