internal import Locking

/// How much of a request's body the terminal loader has sent.
public struct UploadProgress: Hashable, Sendable {
    /// Body bytes sent so far.
    public var bytesSent: Int
    /// The body's size in bytes.
    public var totalBytes: Int

    /// Creates a value.
    public init(bytesSent: Int, totalBytes: Int) {
        self.bytesSent = bytesSent
        self.totalBytes = totalBytes
    }

    /// `bytesSent / totalBytes`, 1 for an empty body.
    public var fractionCompleted: Double {
        totalBytes == 0 ? 1 : Double(bytesSent) / Double(totalBytes)
    }
}

/// Called with the request body's progress while a terminal sends it: set it with
/// ``UploadProgressOption``.
public typealias UploadProgressHandler = @Sendable (UploadProgress) -> Void

/// Reports the request body's progress as the terminal loader sends it.
///
/// Both terminals report while the body goes out in pieces (``URLSessionLoader`` as the session
/// says it sent them; `AsyncHTTPClientLoader` as it hands each piece of at most
/// ``UploadProgressReporter/chunkSize`` bytes to the connection). Reports rise strictly, never
/// pass the body's size, end with the whole body once it is sent, and stop when the load
/// returns or throws (cancellation included): no report arrives after that. The handler is
/// called on the terminal's thread, one report at a time; it should return quickly (hop to
/// the main actor to update a view). Requests without a body report nothing.
public enum UploadProgressOption: RequestOption {
    /// None.
    public static let defaultValue: UploadProgressHandler? = nil
}

/// Turns a terminal's raw "bytes sent" counts into the reports ``UploadProgressOption``
/// promises: strictly rising, within the body's size, and none once ``finish()`` was called.
///
/// Public so that terminal loaders in other modules keep the same promises.
public final class UploadProgressReporter: Sendable {
    /// The size of the pieces a terminal that slices the body itself hands over: 64 KiB.
    public static let chunkSize = 64 << 10

    private struct State {
        var reported = 0
        var finished = false
    }

    /// The body's size.
    public let totalBytes: Int
    private let handler: UploadProgressHandler
    // Assigned in `init`, after its guard: a default value would make the lock even for a
    // request that gets no reporter, which is nearly every request.
    private let state: Locked<State>

    /// A reporter for a body of `totalBytes` bytes, or nil when the request asks for no reports
    /// or has no body.
    public init?(totalBytes: Int, handler: UploadProgressHandler?) {
        guard let handler, totalBytes > 0 else { return nil }
        self.totalBytes = totalBytes
        self.handler = handler
        self.state = Locked(State())
    }

    /// Reports that `bytesSent` bytes are out, if that is more than reported before and the load
    /// has not finished. The handler runs under the reporter's lock, which is what keeps a report
    /// from arriving after ``finish()``.
    public func report(bytesSent: Int) {
        let sent = min(bytesSent, totalBytes)
        state.withLock { state in
            guard !state.finished, sent > state.reported else { return }
            state.reported = sent
            handler(UploadProgress(bytesSent: sent, totalBytes: totalBytes))
        }
    }

    /// Ends the reports: the load has returned or thrown.
    public func finish() {
        state.withLock { $0.finished = true }
    }
}
