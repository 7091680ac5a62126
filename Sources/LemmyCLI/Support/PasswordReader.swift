import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a password: from a terminal with echo turned off, or one line of standard input.
public enum PasswordReader {
    /// Reads the first line of standard input (`--password-stdin`), without its line ending;
    /// `action` names what fails without one (`login`).
    public static func fromStandardInput(action: String = "login") throws(CLIFailure) -> String {
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw CLIFailure(
                "\(action) failed: --password-stdin given but standard input is empty; pipe the password in",
                status: .usage)
        }
        return line
    }

    /// Prompts on the terminal and reads a line with echo off, restoring the terminal afterwards;
    /// `action` names what fails without one (`login`).
    public static func fromTerminal(prompt: String, action: String = "login") throws(CLIFailure) -> String {
        guard Console.isTerminal(STDIN_FILENO) else {
            throw CLIFailure("\(action) failed: no terminal to read the password from; use --password-stdin", status: .usage)
        }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            throw CLIFailure("\(action) failed: cannot read terminal settings; use --password-stdin", status: .usage)
        }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ECHONL)
        Console.errRaw(prompt)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        let line = readLine(strippingNewline: true)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        guard let line, !line.isEmpty else { throw CLIFailure("\(action) failed: no password entered", status: .usage) }
        return line
    }
}
