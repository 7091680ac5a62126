/// Emits the coverage table.
public enum CoverageEmitter {
    /// Markdown.
    public static func markdown(_ description: APIDescription) -> String { "" }
}
