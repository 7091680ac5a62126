public import Foundation

/// Literals, so that tests can write request bodies and schemas as Swift values.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object; a later duplicate key wins.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
    /// null.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// The value at a dotted path of member names and array indexes (`replies.0.comment_reply.id`).
    public func value(at path: String) -> JSONValue? {
        var current: JSONValue? = self
        for part in path.split(separator: ".") {
            if let index = Int(part), let array = current?.arrayValue {
                current = array.indices.contains(index) ? array[index] : nil
            } else {
                current = current?[String(part)]
            }
        }
        return current
    }

    /// The value as an integer, if it is an integral number.
    public var intValue: Int? {
        guard case .number(let value) = self, isIntegral else { return nil }
        return Int(value)
    }

    /// Encodes the value as JSON text.
    public func jsonData() -> Data {
        Data(jsonText.utf8)
    }

    private var jsonText: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let value): isIntegral && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): Self.quoted(value)
        case .array(let values): "[" + values.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.keys.sorted().map { Self.quoted($0) + ":" + members[$0]!.jsonText }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let c where c.value < 0x20: result += String(format: "\\u%04x", c.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
