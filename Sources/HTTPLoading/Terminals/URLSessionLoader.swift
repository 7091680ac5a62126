import Foundation
import HTTPTypes
import HTTPTypesFoundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// A terminal loader over `URLSession` (FoundationNetworking on Linux).
///
/// It never follows redirects (a ``RedirectLoader`` does, with the chain's policy), maps
/// `URLError`s to ``LoadError`` codes, and cancels the session task when the calling task is
/// cancelled. The body is received as it streams in: the load is abandoned as soon as it passes
/// ``MaximumResponseSizeOption`` or ``MaximumDecompressionRatioOption``, and the whole exchange
/// must finish within ``RequestDeadlineOption``. The body's progress goes to
/// ``UploadProgressOption`` as the session reports it sent.
public final class URLSessionLoader: HTTPLoader {
    private let session: URLSession
    private let delegate = StreamingSessionDelegate()

    /// Creates a loader with its own session. The default configuration is ephemeral: no shared
    /// cookies or cache leak between clients (Lemmy accounts on one instance must stay apart).
    ///
    /// The session gets no `URLCache` either: the chain decides what is cached, and on Linux a
    /// session with a cache creates each task's protocol on a background queue, which makes
    /// cancelling a task that is just starting unsafe (see `DataTaskHandle`).
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        // A session keeps its delegate alive until invalidated.
        session.finishTasksAndInvalidate()
    }

    /// Sends the request and buffers the response.
    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        let prepared = try PreparedRequest(request)
        guard var urlRequest = URLRequest(httpRequest: prepared.head) else {
            throw LoadError(.invalidRequest, request: request, message: "cannot express the request as a URLRequest")
        }
        urlRequest.httpBody = prepared.body
        urlRequest.timeoutInterval = prepared.timeoutInterval
        let limits = StreamingReceiver.Limits(
            maximumSize: prepared.maximumResponseSize,
            maximumRatio: prepared.maximumDecompressionRatio,
            uploadProgress: prepared.uploadProgress)
        defer { prepared.uploadProgress?.finish() }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await send(urlRequest, limits: limits, deadline: prepared.deadline)
        } catch let exceeded as StreamingReceiver.LimitExceeded {
            throw LoadError(.responseTooLarge, request: request, message: exceeded.message)
        } catch is DeadlinePassed {
            throw LoadError(.timedOut, request: request, message: "no complete answer within the deadline of \(prepared.deadline)")
        } catch {
            throw Task.isCancelled ? LoadError(.cancelled, request: request) : Self.map(error, request: request)
        }
        guard let head = (response as? HTTPURLResponse)?.httpResponse else {
            throw LoadError(.invalidResponse, request: request, message: "not an HTTP response")
        }
        return LoadResponse(request: request, head: head, body: data)
    }

    /// The exchange ran past its ``RequestDeadlineOption``.
    private struct DeadlinePassed: Error {}

    /// Runs a data task through the delegate, cancelling it when the calling task is cancelled or
    /// when `deadline` passes (then throwing ``DeadlinePassed``): the whole exchange is bounded, as
    /// a body that trickles in resets URLSession's own idle timeout for ever. A load that begins
    /// cancelled never creates a task.
    private func send(_ urlRequest: URLRequest, limits: StreamingReceiver.Limits, deadline: Duration) async throws -> (Data, URLResponse) {
        try Task.checkCancellation()
        let handle = DataTaskHandle(session.dataTask(with: urlRequest))
        let timer = deadline < ExchangeDeadline.unlimited ? DeadlineTimer(after: deadline) { handle.cancel() } : nil
        defer { timer?.cancel() }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                    delegate.register(StreamingReceiver(limits: limits, handle: handle, continuation: continuation))
                    handle.resume()
                }
            } onCancel: {
                handle.cancel()
            }
        } catch {
            if timer?.fired == true, !Task.isCancelled { throw DeadlinePassed() }
            throw error
        }
    }

    /// Nothing to reset in a transport.
    public func reset(in context: ResetContext) async {
        _ = context.claim(self)
    }

    static func map(_ error: any Error, request: LoadRequest) -> LoadError {
        guard let urlError = error as? URLError else { return LoadError.wrapping(error, for: request) }
        let code: LoadError.Code
        switch urlError.code {
        case .cancelled: code = .cancelled
        case .timedOut: code = .timedOut
        case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed, .internationalRoamingOff, .callIsActive,
            .dataNotAllowed:
            code = .cannotConnect
        case .networkConnectionLost: code = .connectionLost
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted, .serverCertificateHasUnknownRoot,
            .serverCertificateNotYetValid, .clientCertificateRejected, .clientCertificateRequired,
            .appTransportSecurityRequiresSecureConnection:
            code = .insecureConnection
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData, .zeroByteResource:
            code = .invalidResponse
        case .dataLengthExceedsMaximum: code = .responseTooLarge
        case .badURL, .unsupportedURL: code = .invalidRequest
        default: code = .unknown
        }
        return LoadError(code, request: request, underlying: urlError, message: urlError.localizedDescription)
    }
}
