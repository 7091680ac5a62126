import Foundation
import Logging

/// Keeps the library's HTTP log off the terminal: a failed request already becomes one clear
/// line from ``CLIFailure``, and the log's warnings would repeat it with internals.
enum LogSetup {
    /// Logs to standard error at `LEMMY_LOG`'s level (e.g. `debug`), or only critical messages.
    static func bootstrap(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let level = environment["LEMMY_LOG"].flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? .critical
        LoggingSystem.bootstrap { label in handler(label: label, level: level) }
    }

    /// A handler writing to `stream` (standard error) through ``TerminalSafeLogStream``, so what a
    /// server put in the log cannot drive the terminal.
    static func handler(label: String, level: Logger.Level, stream: TerminalSafeLogStream = TerminalSafeLogStream()) -> StreamLogHandler {
        var handler = StreamLogHandler(label: label, stream: stream)
        handler.logLevel = level
        return handler
    }
}
