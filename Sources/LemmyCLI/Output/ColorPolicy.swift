public import Foundation

/// Whether human output uses ANSI colour: only when standard output is a terminal and
/// `NO_COLOR` is unset (https://no-color.org: any value, even empty, turns colour off).
public enum ColorPolicy {
    /// The decision for this process.
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        decide(isTerminal: Console.isTerminal(STDOUT_FILENO), environment: environment)
    }

    /// The pure decision, for tests.
    public static func decide(isTerminal: Bool, environment: [String: String]) -> Bool {
        isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }
}

/// ANSI styles that collapse to plain text when colour is off.
public struct Style: Sendable {
    /// Whether escapes are written.
    public var enabled: Bool

    /// Creates a style.
    public init(enabled: Bool) { self.enabled = enabled }

    /// Bold text.
    public func bold(_ text: String) -> String { wrap(text, "1") }
    /// Dimmed text, for metadata.
    public func dim(_ text: String) -> String { wrap(text, "2") }
    /// Green, for upvotes and success.
    public func green(_ text: String) -> String { wrap(text, "32") }
    /// Red, for downvotes and failures.
    public func red(_ text: String) -> String { wrap(text, "31") }
    /// Cyan, for communities and people.
    public func cyan(_ text: String) -> String { wrap(text, "36") }
    /// Yellow, for notices.
    public func yellow(_ text: String) -> String { wrap(text, "33") }

    /// The SGR codes the styles use; ``TerminalText`` lets exactly these through when colour is on.
    private static let codes = ["0", "1", "2", "31", "32", "33", "36"]

    /// Every escape sequence a style writes.
    static let sequences: Set<String> = Set(codes.map { "\u{1B}[\($0)m" })

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
