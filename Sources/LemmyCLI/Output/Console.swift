import Foundation

/// Writes to standard output and standard error, unbuffered.
///
/// `print` is block-buffered when stdout is a pipe, so a script or test reading `lemmy`'s output
/// could see nothing until exit, and progress lines would arrive out of order. Writing through the
/// file handles sends each line at once.
public enum Console {
    /// Writes `text` and a newline to standard output.
    public static func out(_ text: String = "") {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes `text` and a newline to standard error.
    public static func err(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Writes `text` to standard error without a newline (for a progress line that rewrites itself).
    public static func errRaw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Whether a file descriptor is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }
}
