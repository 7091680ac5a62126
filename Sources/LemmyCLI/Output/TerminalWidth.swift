public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The width human output is fitted to.
public enum TerminalWidth {
    /// The width when nothing says otherwise.
    public static let fallback = 80

    /// The width of the terminal on standard output, else `COLUMNS`, else ``fallback``.
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        resolve(ioctlColumns: windowColumns(of: STDOUT_FILENO), environment: environment)
    }

    /// Picks the width: the terminal's if known and positive, then a positive `COLUMNS`, then 80.
    /// Widths below 20 are raised to 20 so a line always has room for an id and a few words.
    public static func resolve(ioctlColumns: Int?, environment: [String: String]) -> Int {
        let width: Int
        if let columns = ioctlColumns, columns > 0 {
            width = columns
        } else if let text = environment["COLUMNS"], let columns = Int(text.trimmingCharacters(in: .whitespaces)), columns > 0 {
            width = columns
        } else {
            width = fallback
        }
        return max(width, 20)
    }

    /// The column count the terminal driver reports for `descriptor`, or nil when it is not a terminal.
    static func windowColumns(of descriptor: Int32) -> Int? {
        var size = winsize()
        // Glibc and Musl declare the request as an unsigned long; Darwin imports TIOCGWINSZ with
        // the type its ioctl takes.
        #if canImport(Glibc) || canImport(Musl)
        let result = ioctl(descriptor, UInt(TIOCGWINSZ), &size)
        #else
        let result = ioctl(descriptor, TIOCGWINSZ, &size)
        #endif
        guard result == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
