public import Logging
import Dispatch
import HTTPTypes

/// Logs each request and its outcome with swift-log, secrets redacted.
///
/// One line per completed request at `level` (method, target, status, duration, size);
/// the request line at `debug`; header fields at `trace`. Authorization, Cookie and secret query
/// parameters such as Lemmy's `auth` never appear.
public final class LogLoader: ChainedLoader {
    /// The link to the next loader.
    public let next = NextLoader()
    private let logger: Logger
    private let level: Logger.Level

    /// Creates a loader that logs to `logger`, completed requests at `level`.
    public init(logger: Logger, level: Logger.Level = .info) {
        self.logger = logger
        self.level = level
    }

    /// Logs, forwards and logs the outcome.
    ///
    /// The request is passed on whole, kept by no one here (its target is kept for the line
    /// instead), so that a loader below that changes it, such as ``ServerEnvironmentLoader``,
    /// changes it in place rather than copying its head.
    public func load(_ request: consuming LoadRequest) async throws(LoadError) -> LoadResponse {
        let start = Self.now()
        logStart(of: request)
        // Only when the line is logged: a chain logging at debug under an app at info (LemmyKit's
        // default) would copy the target's parts for nothing.
        let target = logger.logLevel <= level ? LoggedTarget(request.head) : nil
        do throws(LoadError) {
            let response = try await next.load(consume request)
            if let target { logCompletion(response, target: target, start: start) }
            return response
        } catch {
            logFailure(error, start: start)
            throw error
        }
    }

    // The lines are built in functions that are not inlined: their temporaries then live on the
    // thread's stack, not in `load`'s async frame, which the task's allocator holds for every
    // request (inlined, they made it 2.4 KB, more than one of its slabs; see "Keep a loader's async
    // frame small" in the HTTPLoading docs).

    @inline(never)
    private func logStart(of request: LoadRequest) {
        logger.debug("→ \(request.method) \(Redaction.redactedTarget(of: request.head))", source: Self.source)
        if logger.logLevel <= .trace {
            logger.trace(
                "request headers: \(Redaction.redactedHeaderLines(request.headerFields).joined(separator: ", "))", source: Self.source)
        }
    }

    @inline(never)
    private func logCompletion(_ response: LoadResponse, target: LoggedTarget, start: UInt64) {
        logger.log(
            level: level,
            Logger.Message(stringLiteral: Self.completionLine(response, target: target, milliseconds: Self.milliseconds(since: start))),
            source: Self.source)
        if logger.logLevel <= .trace {
            logger.trace(
                "response headers: \(Redaction.redactedHeaderLines(response.headerFields).joined(separator: ", "))", source: Self.source)
        }
    }

    @inline(never)
    private func logFailure(_ error: LoadError, start: UInt64) {
        // A cancellation is the caller's choice, not a failure worth a warning.
        logger.log(
            level: error.isCancellation ? .debug : .warning, "\(error) after \(Self.milliseconds(since: start)) ms",
            source: Self.source)
    }

    // Given explicitly: swift-log otherwise derives it from #fileID on every call.
    private static let source = "HTTPLoading"

    /// `200 GET https://host/path?query 12 ms 3456 B`, written as bytes into one buffer: it is
    /// formatted for every request at the usual level, where appending each part to a string
    /// cost more than the rest of the loader.
    static func completionLine(_ response: LoadResponse, target: LoggedTarget, milliseconds: Int) -> String {
        let method = target.method
        let scheme = target.scheme ?? "https"
        let authority = target.authority
        let path = Redaction.redactedPath(target.path ?? "")
        let capacity =
            3 * LineBuffer.decimalWidth + method.utf8.count + scheme.utf8.count + (authority?.utf8.count ?? 0) + path.utf8.count + 16
        return String(lineOfAtMost: capacity) { line in
            line.append(decimal: response.statusCode)
            line.append(literal: " ")
            line.append(method)
            line.append(literal: " ")
            // As Redaction.redactedTarget(of:): a relative request shows its path alone.
            if let authority {
                line.append(scheme)
                line.append(literal: "://")
                line.append(authority)
            }
            line.append(path)
            line.append(literal: " ")
            line.append(decimal: milliseconds)
            line.append(literal: " ms ")
            line.append(decimal: response.body.count)
            line.append(literal: " B")
        }
    }

    /// What the completion line names of a request: its parts, not its head, whose storage
    /// would then be shared with the loaders below.
    struct LoggedTarget {
        let method: String
        let scheme: String?
        let authority: String?
        let path: String?

        init(_ head: HTTPRequest) {
            method = head.method.rawValue
            scheme = head.scheme
            authority = head.authority
            path = head.path
        }
    }

    /// The monotonic clock in nanoseconds. Dispatch's: reading `ContinuousClock` and turning
    /// the difference of two readings into milliseconds (128-bit arithmetic) cost twice as much,
    /// for every request. Its one difference, that it stops while the device sleeps (Linux's
    /// `CLOCK_MONOTONIC`, Darwin's uptime), does not matter to a log line.
    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Whole milliseconds, rounded, from `start` (a reading of ``now()``) to now.
    private static func milliseconds(since start: UInt64) -> Int {
        Int(clamping: (now() &- start &+ 500_000) / 1_000_000)
    }
}
