/// Emits Swift from an ``APIDescription``.
public enum SwiftEmitter {
    /// File name -> contents.
    public static func emit(_ description: APIDescription) throws -> [String: String] { [:] }
}
