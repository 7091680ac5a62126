import Foundation

/// Writes to standard output and standard error, unbuffered, through ``TerminalText``.
///
/// `print` is block-buffered when stdout is a pipe, so a script or test reading `lemmy`'s output
/// could see nothing until exit, and progress lines would arrive out of order. Writing through the
/// file handles sends each line at once.
///
/// Everything written here passes ``TerminalText/sanitize(_:keepLayout:allowingStyle:)``: text
/// from servers (titles, names, bodies, error messages) can never drive the terminal, whichever
/// command prints it. Only the colours ``Style`` writes get through, and only when colour is on.
public enum Console {
    /// Whether this process writes colour (``ColorPolicy``); decided once, as it cannot change.
    static let allowsStyle = ColorPolicy.current()

    /// Writes `text` and a newline to standard output.
    public static func out(_ text: String = "") {
        FileHandle.standardOutput.write(Data((TerminalText.sanitize(text, allowingStyle: allowsStyle) + "\n").utf8))
    }

    /// Writes `text` and a newline to standard error.
    public static func err(_ text: String) {
        FileHandle.standardError.write(Data((TerminalText.sanitize(text, allowingStyle: allowsStyle) + "\n").utf8))
    }

    /// Writes `text` to standard error without a newline (a prompt, a progress line's text).
    public static func errRaw(_ text: String) {
        FileHandle.standardError.write(Data(TerminalText.sanitize(text, keepLayout: false).utf8))
    }

    /// Writes the progress line's own control sequence (carriage return, erase line).
    static func errControl(_ sequence: String) {
        FileHandle.standardError.write(Data(sequence.utf8))
    }

    /// Writes JSON as it is: ``JSONOutput`` already escaped every character a terminal acts on.
    static func outJSON(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Whether a file descriptor is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }
}
