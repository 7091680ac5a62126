/// A one-line progress indicator on standard error that rewrites itself, shown only when
/// standard error is a terminal so logs and pipes never fill with carriage returns.
public struct ProgressLine: Sendable {
    /// Whether anything is drawn.
    public let enabled: Bool

    /// Creates a progress line; `enabled` defaults to whether standard error is a terminal.
    public init(enabled: Bool = Console.isTerminal(2)) { self.enabled = enabled }

    /// Replaces the line with `text`.
    public func update(_ text: String) {
        guard enabled else { return }
        Console.errControl("\r\u{1B}[2K")
        Console.errRaw(text)
    }

    /// Clears the line.
    public func finish() {
        guard enabled else { return }
        Console.errControl("\r\u{1B}[2K")
    }
}
