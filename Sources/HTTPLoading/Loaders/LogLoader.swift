public import Logging
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
    private let clock = ContinuousClock()

    /// Creates a loader that logs to `logger`, completed requests at `level`.
    public init(logger: Logger, level: Logger.Level = .info) {
        self.logger = logger
        self.level = level
    }

    /// Logs, forwards and logs the outcome.
    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        let start = clock.now
        logger.debug("→ \(request.method) \(Redaction.redactedTarget(of: request.head))", source: Self.source)
        if logger.logLevel <= .trace {
            logger.trace(
                "request headers: \(Redaction.redactedHeaderLines(request.headerFields).joined(separator: ", "))", source: Self.source)
        }
        do throws(LoadError) {
            let response = try await next.load(request)
            logger.log(
                level: level,
                "\(response.status.code) \(request.method) \(Redaction.redactedTarget(of: request.head)) \(Self.milliseconds(clock.now - start)) ms \(response.body.count) B",
                source: Self.source)
            if logger.logLevel <= .trace {
                logger.trace(
                    "response headers: \(Redaction.redactedHeaderLines(response.headerFields).joined(separator: ", "))", source: Self.source
                )
            }
            return response
        } catch {
            // A cancellation is the caller's choice, not a failure worth a warning.
            logger.log(
                level: error.isCancellation ? .debug : .warning, "\(error) after \(Self.milliseconds(clock.now - start)) ms",
                source: Self.source)
            throw error
        }
    }

    // Given explicitly: swift-log otherwise derives it from #fileID on every call.
    private static let source = "HTTPLoading"

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let ms = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(Int(ms.rounded()))
    }
}
