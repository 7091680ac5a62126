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
    private let delegate = SessionDelegate()

    /// Creates a loader with its own session. The default configuration is ephemeral: no shared
    /// cookies or cache leak between clients (Lemmy accounts on one instance must stay apart).
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        configuration.httpShouldSetCookies = false
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
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await send(urlRequest)
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

    /// Runs a data task, cancelling it when the calling task is cancelled.
    private func send(_ urlRequest: URLRequest) async throws -> (Data, URLResponse) {
        let box = Locked<URLSessionDataTask?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = session.dataTask(with: urlRequest) { [delegate] data, response, error in
                    let challenged = box.withLock { $0.flatMap { delegate.takeChallengedResponse(of: $0) } }
                    if let challenged {
                        continuation.resume(returning: (Data(), challenged))
                    } else if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                box.withLock { $0 = task }
                task.resume()
                if Task.isCancelled { task.cancel() }
            }
        } onCancel: {
            box.withLock { $0 }?.cancel()
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

/// Refuses every redirect so the 3xx response reaches the chain's ``RedirectLoader``, and keeps
/// HTTP authentication challenges from stalling the task.
private final class SessionDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    private let challenged = Locked<[Int: URLResponse]>([:])

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
        // FoundationNetworking stalls forever on default handling of a 401 with WWW-Authenticate.
        // Credentials are the chain's job, so reject the challenge and hand back the 401 itself
        // (its body is lost: FoundationNetworking has not read it at this point).
        // Only HTTP authentication challenges carry a failure response.
        if let response = challenge.failureResponse {
            challenged.withLock { $0[task.taskIdentifier] = response }
            return completionHandler(.rejectProtectionSpace, nil)
        }
        #endif
        completionHandler(.performDefaultHandling, nil)
    }

    /// The 401 that a rejected challenge ended `task` with, if any.
    func takeChallengedResponse(of task: URLSessionTask) -> URLResponse? {
        challenged.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }
}
