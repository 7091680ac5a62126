internal import Locking
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One data task's answer as it streams in, checked against the size limits on the way so that a
/// hostile body is abandoned as soon as it passes them rather than after it has been read.
///
/// On Linux, FoundationNetworking has libcurl decompress `gzip` and `deflate` bodies itself and
/// offers no way to turn that off or to learn how many compressed bytes came in; the receiver
/// sees decompressed bytes only. So the decompression ratio can be checked only when the server
/// states the compressed size in `Content-Length`; without it (chunked encoding) the absolute
/// size limit is what bounds a decompression bomb.
final class StreamingReceiver: Sendable {
    /// The limits of one response.
    struct Limits: Sendable {
        /// ``MaximumResponseSizeOption``.
        var maximumSize: Int
        /// ``MaximumDecompressionRatioOption``.
        var maximumRatio: Int
        /// Where the request body's progress goes (``UploadProgressOption``).
        var uploadProgress: UploadProgressReporter? = nil
    }

    /// Why the receiver abandoned the response.
    struct LimitExceeded: Error, Sendable {
        let message: String
    }

    private struct State {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
        var response: URLResponse?
        var body = Data()
        /// The most body bytes this response may have, and what set that bound.
        var limit: Int
        var limitDescription: String
        var exceeded: LimitExceeded?
        /// The 401 of an HTTP authentication challenge, which ends the task without its body.
        var challenged: URLResponse?
    }

    private let limits: Limits
    private let state: Locked<State>
    /// The data task whose answer this receives.
    let handle: DataTaskHandle

    init(limits: Limits, handle: DataTaskHandle, continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        self.limits = limits
        self.handle = handle
        state = Locked(
            State(
                continuation: continuation, limit: limits.maximumSize,
                limitDescription: "the limit of \(limits.maximumSize) bytes"))
    }

    /// Records the response head; returns `false` when the announced size already breaks a limit.
    func receive(response: URLResponse) -> Bool {
        let http = response as? HTTPURLResponse
        let length = http?.value(forHTTPHeaderField: "Content-Length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let encoding = http?.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return state.withLock { state in
            state.response = response
            guard let length else { return true }
            if length > limits.maximumSize {
                state.exceeded = LimitExceeded(message: "the server announced \(length) bytes, over \(state.limitDescription)")
                return false
            }
            // A compressed body of known size may inflate only so far.
            if !encoding.isEmpty, encoding != "identity" {
                let (bound, overflow) = max(length, 1).multipliedReportingOverflow(by: limits.maximumRatio)
                if !overflow, bound < state.limit {
                    state.limit = bound
                    state.limitDescription = "\(limits.maximumRatio) times its \(length) compressed bytes (\(encoding))"
                }
            }
            return true
        }
    }

    /// Appends a piece of the body; returns `false` once the body passes its limit (the task
    /// must then be cancelled).
    func receive(data: Data) -> Bool {
        state.withLock { state in
            guard state.exceeded == nil else { return false }
            guard data.count <= state.limit - state.body.count else {
                state.exceeded = LimitExceeded(message: "the body passed \(state.limitDescription) and was abandoned")
                state.body = Data()
                return false
            }
            state.body.append(data)
            return true
        }
    }

    /// Reports that the session has sent `bytes` of the request body.
    func sent(bytes: Int64) {
        limits.uploadProgress?.report(bytesSent: Int(clamping: bytes))
    }

    /// Records the 401 of a rejected authentication challenge.
    func receive(challengeResponse: URLResponse) {
        state.withLock { $0.challenged = challengeResponse }
    }

    /// Finishes the load with what was received, or why it failed. The task is marked finished
    /// first, so nothing cancels it once the session has reported its end.
    func complete(error: (any Error)?) {
        handle.finish()
        let (continuation, result): (CheckedContinuation<(Data, URLResponse), any Error>?, Result<(Data, URLResponse), any Error>)
        (continuation, result) = state.withLock { state in
            let continuation = state.continuation
            state.continuation = nil
            if let exceeded = state.exceeded { return (continuation, .failure(exceeded)) }
            if let challenged = state.challenged { return (continuation, .success((Data(), challenged))) }
            if let error { return (continuation, .failure(error)) }
            guard let response = state.response else { return (continuation, .failure(URLError(.badServerResponse))) }
            return (continuation, .success((state.body, response)))
        }
        continuation?.resume(with: result)
    }
}

/// The session delegate of a ``URLSessionLoader``: routes each data task's events to its
/// ``StreamingReceiver``, refuses every redirect so the 3xx response reaches the chain's
/// ``RedirectLoader``, and keeps HTTP authentication challenges from stalling the task.
final class StreamingSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let receivers = Locked<[Int: StreamingReceiver]>([:])

    /// Routes the events of the receiver's task to it until the task completes.
    func register(_ receiver: StreamingReceiver) {
        receivers.withLock { $0[receiver.handle.taskIdentifier] = receiver }
    }

    private func receiver(for task: URLSessionTask) -> StreamingReceiver? {
        receivers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let receiver = receiver(for: dataTask) else { return completionHandler(.allow) }
        let proceed = receiver.receive(response: response)
        // FoundationNetworking ignores the disposition, so the task is cancelled directly too.
        if !proceed { receiver.handle.cancel() }
        completionHandler(proceed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let receiver = receiver(for: dataTask), !receiver.receive(data: data) else { return }
        receiver.handle.cancel()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        receiver(for: task)?.sent(bytes: totalBytesSent)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let receiver = receivers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        receiver?.complete(error: error)
    }

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
            receiver(for: task)?.receive(challengeResponse: response)
            return completionHandler(.rejectProtectionSpace, nil)
        }
        #endif
        completionHandler(.performDefaultHandling, nil)
    }
}
