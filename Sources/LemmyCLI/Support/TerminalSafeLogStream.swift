import Foundation

/// The stream `lemmy`'s log writes to: each line through ``TerminalText``.
///
/// With `LEMMY_LOG=trace` the log carries a server's own text (response header values, error
/// descriptions), which swift-log's `StreamLogHandler` writes as it is. HTTP header values may hold
/// UTF-8 C1 controls such as U+009B (CSI), which a terminal obeys. Sanitising the whole formatted
/// line covers the message, the metadata and the error text alike.
struct TerminalSafeLogStream: TextOutputStream, Sendable {
    /// Where a cleaned line goes: standard error outside tests.
    var sink: @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }

    mutating func write(_ string: String) {
        sink(Self.clean(string))
    }

    /// `text` with every control shown as U+FFFD, except the one newline ending the line: a line
    /// break inside a message would forge a log line of its own.
    static func clean(_ text: String) -> String {
        var scalars = text.unicodeScalars
        let endsLine = scalars.last == "\n"
        if endsLine { scalars.removeLast() }
        return TerminalText.sanitize(String(scalars), keepLayout: false) + (endsLine ? "\n" : "")
    }
}
