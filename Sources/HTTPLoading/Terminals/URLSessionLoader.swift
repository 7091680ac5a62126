import Foundation
import HTTPTypes
import HTTPTypesFoundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A terminal loader over `URLSession` (FoundationNetworking on Linux).
///
/// It never follows redirects (a ``RedirectLoader`` does, with the chain's policy), maps
/// `URLError`s to ``LoadError`` codes, and cancels the session task when the calling task is
/// cancelled.
public final class URLSessionLoader: HTTPLoader {
    private let session: URLSession

    /// Creates a loader with its own session. The default configuration is ephemeral: no shared
    /// cookies or cache leak between clients (Lemmy accounts on one instance must stay apart).
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration, delegate: RedirectRefusingDelegate(), delegateQueue: nil)
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
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            throw Task.isCancelled ? LoadError(.cancelled, request: request) : Self.map(error, request: request)
        }
        guard let head = (response as? HTTPURLResponse)?.httpResponse else {
            throw LoadError(.invalidResponse, request: request, message: "not an HTTP response")
        }
        guard data.count <= prepared.maximumResponseSize else {
            throw LoadError(.responseTooLarge, request: request, message: "\(data.count) bytes exceeds \(prepared.maximumResponseSize)")
        }
        return LoadResponse(request: request, head: head, body: data)
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
        case .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed, .internationalRoamingOff, .callIsActive, .dataNotAllowed:
            code = .cannotConnect
        case .networkConnectionLost: code = .connectionLost
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted, .serverCertificateHasUnknownRoot,
             .serverCertificateNotYetValid, .clientCertificateRejected, .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
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

/// Refuses every redirect so the 3xx response reaches the chain's ``RedirectLoader``.
private final class RedirectRefusingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
