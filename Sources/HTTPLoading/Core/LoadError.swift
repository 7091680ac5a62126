import Foundation
import HTTPTypes

/// Why a load did not produce a response.
///
/// Every loader throws only this type. A cancelled load has ``Code-swift.enum/cancelled`` and
/// ``isCancellation`` is `true`: it is reported as a cancellation, never as a failure.
public struct LoadError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: Hashable, Sendable {
        /// The task awaiting the load was cancelled, or the load was cancelled by a reset.
        case cancelled
        /// The host could not be reached (DNS, refused connection, network down).
        case cannotConnect
        /// The connection dropped or the peer closed it before a complete response arrived.
        case connectionLost
        /// The request did not complete within its timeout.
        case timedOut
        /// Plain HTTP to a non-loopback host, or a TLS failure.
        case insecureConnection
        /// The request cannot be sent as it is (no absolute URL, unsupported scheme).
        case invalidRequest
        /// The server's answer is not a valid HTTP response.
        case invalidResponse
        /// The body could not be encoded.
        case bodyEncodingFailed
        /// The response body exceeded ``MaximumResponseSizeOption``.
        case responseTooLarge
        /// More redirects than the limit allows.
        case tooManyRedirects
        /// A redirect would downgrade https to http, or has no usable location.
        case invalidRedirect
        /// A ``ValidationLoader`` rejected the response status; ``response`` holds it.
        case unacceptableStatus
        /// A chained loader has no next loader to hand the request to.
        case noNextLoader
        /// The chain is resetting; the request was refused or abandoned.
        case resetInProgress
        /// Credentials could not be obtained or were rejected after a refresh.
        case authenticationFailed
        /// A `MockLoader` (HTTPLoadingTesting) received a request it had no handler for.
        case unexpectedRequest
        /// A transport error with no better mapping; see ``underlying``.
        case unknown
    }

    /// The fields, in one immutable box shared by copies: every loader of a chain reserves room
    /// for a typed-throws error in its async frame, and the fields inline (192 bytes) made those
    /// frames outgrow the task allocator's first slab, costing allocations on every request.
    private struct Fields: Sendable {
        var code: Code
        var request: LoadRequest
        var response: LoadResponse?
        var underlying: (any Error & Sendable)?
        var message: String?
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// Replaces the box with one holding the changed fields (value semantics; errors change rarely).
    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = box.fields
        change(&fields)
        box = Box(fields)
    }

    /// The kind of failure.
    public var code: Code {
        get { box.fields.code }
        set { update { $0.code = newValue } }
    }
    /// The request that failed.
    public var request: LoadRequest {
        get { box.fields.request }
        set { update { $0.request = newValue } }
    }
    /// The response, when one arrived (e.g. an unacceptable status).
    public var response: LoadResponse? {
        get { box.fields.response }
        set { update { $0.response = newValue } }
    }
    /// The transport's own error, when there is one.
    public var underlying: (any Error & Sendable)? {
        get { box.fields.underlying }
        set { update { $0.underlying = newValue } }
    }
    /// A human-readable detail, free of secrets.
    public var message: String? {
        get { box.fields.message }
        set { update { $0.message = newValue } }
    }

    public init(
        _ code: Code,
        request: LoadRequest,
        response: LoadResponse? = nil,
        underlying: (any Error & Sendable)? = nil,
        message: String? = nil
    ) {
        box = Box(Fields(code: code, request: request, response: response, underlying: underlying, message: message))
    }

    /// Whether this is a cancellation rather than a failure.
    public var isCancellation: Bool { code == .cancelled }

    /// The response a ``ValidationLoader`` rejected, so loaders above it (retry, auth) can judge
    /// its status as if it had arrived as a response.
    public var rejectedResponse: LoadResponse? { code == .unacceptableStatus ? response : nil }

    /// Whether the failure is transient, so sending the same request again may succeed.
    public var isTransient: Bool {
        switch code {
        case .cannotConnect, .connectionLost, .timedOut: return true
        default: return false
        }
    }

    /// A one-line description naming the failure and the request, with secrets redacted.
    public var description: String {
        var text = "\(code) for \(request.method) \(Redaction.redactedTarget(of: request.head))"
        if let status = response?.status { text += " (status \(status.code))" }
        if let message { text += ": \(message)" }
        return text
    }

    /// Maps any error thrown while loading `request` to a ``LoadError``.
    ///
    /// A `LoadError` passes through; `CancellationError` becomes ``Code-swift.enum/cancelled``.
    public static func wrapping(_ error: any Error, for request: LoadRequest) -> LoadError {
        if let error = error as? LoadError { return error }
        if error is CancellationError { return LoadError(.cancelled, request: request) }
        return LoadError(.unknown, request: request, underlying: SendableErrorBox(error), message: String(describing: error))
    }
}

/// Carries a non-Sendable error's description across concurrency domains.
package struct SendableErrorBox: Error, Sendable, CustomStringConvertible {
    /// The wrapped error's description.
    package let description: String
    /// The wrapped error's type name.
    package let typeName: String

    /// Captures the description and type of `error`.
    package init(_ error: any Error) {
        description = String(describing: error)
        typeName = String(describing: type(of: error))
    }
}
