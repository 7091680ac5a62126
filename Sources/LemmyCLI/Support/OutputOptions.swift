public import ArgumentParser

/// Output options of read commands.
public struct OutputOptions: ParsableArguments, Sendable {
    /// Whether to print JSON.
    @Flag(name: .long, help: "Print stable JSON for scripts instead of text.")
    public var json = false

    /// Creates empty options (ArgumentParser fills them).
    public init() {}
}
