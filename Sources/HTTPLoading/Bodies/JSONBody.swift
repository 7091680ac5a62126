public import Foundation

/// An `Encodable` value sent as JSON, encoded when the request is sent.
public struct JSONBody<Value: Encodable & Sendable>: HTTPBody {
    /// The value to encode.
    public var value: Value
    private let makeEncoder: @Sendable () -> JSONEncoder

    /// Creates a JSON body. `makeEncoder` is called per encode because `JSONEncoder` is not
    /// `Sendable`; the default writes keys as declared.
    public init(_ value: Value, encoder makeEncoder: @escaping @Sendable () -> JSONEncoder = { JSONEncoder() }) {
        self.value = value
        self.makeEncoder = makeEncoder
    }

    /// `application/json`.
    public var contentType: String? { "application/json" }

    /// Encodes the value.
    public func encode() throws -> Data { try makeEncoder().encode(value) }
}
