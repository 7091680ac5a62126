public import Foundation

/// A request body: bytes plus the content type that describes them.
///
/// Bodies encode lazily, when a terminal loader sends the request, so a body that fails to
/// encode fails its load with ``LoadError/Code-swift.enum/bodyEncodingFailed``.
public protocol HTTPBody: Sendable {
    /// The `Content-Type` to send, or `nil` for none.
    var contentType: String? { get }
    /// Whether the body has no bytes (so the transport sends none).
    var isEmpty: Bool { get }
    /// Produces the bytes to send.
    func encode() throws -> Data
}

extension HTTPBody {
    /// A body is non-empty unless it says otherwise.
    public var isEmpty: Bool { false }
}

/// No body.
public struct EmptyBody: HTTPBody {
    /// Creates an empty body.
    public init() {}
    /// No content type.
    public var contentType: String? { nil }
    /// Always empty.
    public var isEmpty: Bool { true }
    /// No bytes.
    public func encode() throws -> Data { Data() }
}

/// Raw bytes with an optional content type.
public struct DataBody: HTTPBody {
    /// The bytes.
    public var data: Data
    /// The content type, if any.
    public var contentType: String?

    /// Creates a body from bytes.
    public init(_ data: Data, contentType: String? = nil) {
        self.data = data
        self.contentType = contentType
    }

    /// Whether there are no bytes.
    public var isEmpty: Bool { data.isEmpty }
    /// The bytes.
    public func encode() throws -> Data { data }
}
