public import Foundation

/// A JSON value: what a response body, a request body or a schema from an extract is.
///
/// Numbers are kept as `Double`; ``isIntegral`` tells integers apart the way JSON Schema does
/// (`1` and `1.0` are integers, `1.5` is not).
public enum JSONValue: Sendable, Hashable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses JSON text (any top-level value).
    public static func parse(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The JSON Schema type name of this value (`"integer"` for integral numbers).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: isIntegral ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Whether this is a number without a fractional part.
    public var isIntegral: Bool {
        guard case .number(let value) = self else { return false }
        return value.isFinite && value.rounded(.towardZero) == value
    }

    /// The members of an object, nil for other values.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The elements of an array, nil for other values.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The text of a string, nil for other values.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value of a boolean, nil for other values.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// A member of an object, nil if absent or not an object.
    public subscript(key: String) -> JSONValue? { objectValue?[key] }

    /// Compact JSON-like text, for messages.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): isIntegral && abs(value) < 1e15 ? "\(Int64(value))" : "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let values): "[" + values.map(\.description).joined(separator: ",") + "]"
        case .object(let members): "{" + members.keys.sorted().map { "\"\($0)\":\(members[$0]!)" }.joined(separator: ",") + "}"
        }
    }
}
