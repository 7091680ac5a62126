import Foundation

/// Rewrites the string values of a JSON document in place and copies every other byte as it is,
/// so key order, whitespace and the spelling of numbers (`0.0` stays a float) survive.
struct JSONTextRewriter {
    /// Where a string value sits: the key that holds it (an array's items take the array's key)
    /// and the key of the object around that one.
    struct Location: Sendable {
        var key: String
        var parentKey: String
    }

    /// A problem in the input, with its byte offset.
    struct SyntaxError: Error, CustomStringConvertible {
        var offset: Int
        var expected: String
        var description: String { "invalid JSON at byte \(offset): expected \(expected)" }
    }

    let replace: (String, Location) -> String?
    private var input: [UInt8] = []
    private var index = 0
    private var output: [UInt8] = []

    init(replace: @escaping (String, Location) -> String?) { self.replace = replace }

    /// The document with each string value for which `replace` answers a new text replaced.
    mutating func rewrite(_ data: Data) throws -> Data {
        input = Array(data)
        index = 0
        output = []
        output.reserveCapacity(input.count)
        copyWhitespace()
        try value(Location(key: "", parentKey: ""))
        copyWhitespace()
        guard index == input.count else { throw SyntaxError(offset: index, expected: "end of input") }
        return Data(output)
    }

    private mutating func value(_ location: Location) throws {
        guard index < input.count else { throw SyntaxError(offset: index, expected: "a value") }
        switch input[index] {
        case UInt8(ascii: "{"): try object(location)
        case UInt8(ascii: "["): try array(location)
        case UInt8(ascii: "\""):
            let start = index
            let text = try string()
            if let replacement = replace(text, location), replacement != text {
                output.append(contentsOf: Self.encode(replacement))
            } else {
                output.append(contentsOf: input[start..<index])
            }
        default: try scalar()
        }
    }

    private mutating func object(_ location: Location) throws {
        copy(1)
        copyWhitespace()
        if peek == UInt8(ascii: "}") {
            copy(1)
            return
        }
        while true {
            guard peek == UInt8(ascii: "\"") else { throw SyntaxError(offset: index, expected: "a key") }
            let start = index
            let key = try string()
            output.append(contentsOf: input[start..<index])
            copyWhitespace()
            guard peek == UInt8(ascii: ":") else { throw SyntaxError(offset: index, expected: ":") }
            copy(1)
            copyWhitespace()
            try value(Location(key: key, parentKey: location.key))
            copyWhitespace()
            if peek == UInt8(ascii: ",") {
                copy(1)
                copyWhitespace()
                continue
            }
            guard peek == UInt8(ascii: "}") else { throw SyntaxError(offset: index, expected: ", or }") }
            copy(1)
            return
        }
    }

    private mutating func array(_ location: Location) throws {
        copy(1)
        copyWhitespace()
        if peek == UInt8(ascii: "]") {
            copy(1)
            return
        }
        while true {
            try value(location)
            copyWhitespace()
            if peek == UInt8(ascii: ",") {
                copy(1)
                copyWhitespace()
                continue
            }
            guard peek == UInt8(ascii: "]") else { throw SyntaxError(offset: index, expected: ", or ]") }
            copy(1)
            return
        }
    }

    /// Numbers, `true`, `false` and `null`, copied as written.
    private mutating func scalar() throws {
        let start = index
        while index < input.count, !Self.delimiters.contains(input[index]) { index += 1 }
        let token = String(decoding: input[start..<index], as: UTF8.self)
        guard token == "true" || token == "false" || token == "null" || Double(token) != nil else {
            throw SyntaxError(offset: start, expected: "a number, true, false or null")
        }
        output.append(contentsOf: input[start..<index])
    }

    /// Reads a string token (without copying it) and returns its decoded text.
    private mutating func string() throws -> String {
        let start = index
        index += 1
        while index < input.count, input[index] != UInt8(ascii: "\"") {
            index += input[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < input.count else { throw SyntaxError(offset: start, expected: "a closing quote") }
        index += 1
        let token = Data(input[start..<index])
        guard let text = try? JSONDecoder().decode(String.self, from: token) else {
            throw SyntaxError(offset: start, expected: "a valid string")
        }
        return text
    }

    private var peek: UInt8? { index < input.count ? input[index] : nil }

    private mutating func copy(_ count: Int) {
        output.append(contentsOf: input[index..<(index + count)])
        index += count
    }

    private mutating func copyWhitespace() {
        while let byte = peek, Self.whitespace.contains(byte) { copy(1) }
    }

    private static let whitespace: Set<UInt8> = [0x20, 0x09, 0x0a, 0x0d]
    private static let delimiters: Set<UInt8> = whitespace.union([UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")])

    /// A JSON string token: quotes, backslashes and control characters escaped, the rest as UTF-8.
    static func encode(_ text: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += Array("\\\"".utf8)
            case "\\": out += Array("\\\\".utf8)
            case "\n": out += Array("\\n".utf8)
            case "\r": out += Array("\\r".utf8)
            case "\t": out += Array("\\t".utf8)
            case _ where scalar.value < 0x20: out += Array(String(format: "\\u%04x", scalar.value).utf8)
            default: out += Array(String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }
}
