import Foundation
import LemmyAPI

/// Decodes request parameters the way Lemmy reads them: a JSON body, or a query string for GET.
enum FormDecoding {
    /// A decoder as strict as `version`'s server: members that version lacks are ignored, members
    /// it requires must be there, and enum values must be its spelling of a case it has.
    static func decoder(for version: LemmyAPIVersion) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[LemmyVersionedCoding.userInfoKey] = LemmyVersionedCoding(version: version, absentMembers: .omit)
        return decoder
    }

    /// Decodes `type` from a query. Values are typed JSON-style (numbers, booleans, comma lists
    /// stay strings) and a member that expects a string gets its raw text back.
    static func decode<T: Decodable>(_ type: T.Type, query: [(String, String)], version: LemmyAPIVersion) throws -> T {
        let decoder = decoder(for: version)
        var object: [String: Any] = [:]
        for (key, value) in query {
            if value == "true" {
                object[key] = true
            } else if value == "false" {
                object[key] = false
            } else if let int = Int(value) {
                object[key] = int
            } else if let double = Double(value), value.contains(".") {
                object[key] = double
            } else {
                object[key] = value
            }
        }
        // Some union forms declare 0.18's `auth` as required (GetUnreadCount); the token is read
        // separately, so an absent `auth` is fine.
        if object["auth"] == nil { object["auth"] = "" }
        let raw = Dictionary(query, uniquingKeysWith: { _, last in last })
        for _ in 0..<(object.count + 1) {
            let data = try json(object, version: version)
            do {
                return try decoder.decode(T.self, from: data)
            } catch DecodingError.typeMismatch(let expected, let context) where expected == String.self {
                guard let key = context.codingPath.first?.stringValue, let text = raw[key], !(object[key] is String) else {
                    throw APIError.badRequest(describe(DecodingError.typeMismatch(expected, context), source: "Query"))
                }
                object[key] = text
            } catch {
                throw APIError.badRequest(describe(error, source: "Query"))
            }
        }
        throw APIError.badRequest("Query deserialize error")
    }

    /// The query's object as JSON. Plain values (strings, booleans, integers below 10^15,
    /// finite fractions) go through `LemmyFastEncoding`, which writes each as `JSONSerialization`
    /// would read it back; anything else is left to `JSONSerialization`. Serializing every GET's
    /// query with `JSONSerialization` cost a sixteenth of a GetPosts request.
    static func json(_ object: [String: Any], version: LemmyAPIVersion) throws -> Data {
        var values: [String: LemmyJSONValue] = [:]
        for (key, value) in object {
            switch value {
            case let flag as Bool: values[key] = .bool(flag)
            case let int as Int where int.magnitude < 1_000_000_000_000_000: values[key] = .number(Double(int))
            case let double as Double where double.isFinite && double != double.rounded(): values[key] = .number(double)
            case let text as String: values[key] = .string(text)
            default: return try JSONSerialization.data(withJSONObject: object)
            }
        }
        return try LemmyFastEncoding.encode(values, coding: LemmyVersionedCoding(version: version, absentMembers: .omit))
    }

    /// Decodes `type` from a JSON body (an empty body is `{}`).
    static func decode<T: Decodable>(_ type: T.Type, body: Data, version: LemmyAPIVersion) throws -> T {
        let data = body.isEmpty ? Data("{}".utf8) : body
        let decoder = decoder(for: version)
        do {
            return try decoder.decode(T.self, from: data)
        } catch DecodingError.keyNotFound(let key, _) where key.stringValue == "auth" {
            guard var object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw APIError.badRequest("Json deserialize error: missing field `auth`")
            }
            object["auth"] = ""
            do {
                return try decoder.decode(T.self, from: try JSONSerialization.data(withJSONObject: object))
            } catch {
                throw APIError.badRequest(describe(error))
            }
        } catch {
            throw APIError.badRequest(describe(error))
        }
    }

    /// actix-web's text for a 0.18 form without its required `auth`: serde names the position
    /// where the object ended.
    static func missingAuth(isQuery: Bool, body: Data) -> String {
        if isQuery { return "Query deserialize error: missing field `auth`" }
        let lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        return "Json deserialize error: missing field `auth` at line \(max(lines.count, 1)) column \(lines.last?.count ?? 0)"
    }

    /// serde_json's position after the string value of the first member named `key` in a JSON
    /// body (` at line L column C`, as it ends an error about that value), or "" when the body has
    /// no such string.
    static func positionAfterString(of key: String, in body: Data) -> String {
        let bytes = Array(body)
        let quoted = Array("\"\(key)\"".utf8)
        let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        var start = 0
        while start + quoted.count <= bytes.count {
            defer { start += 1 }
            guard bytes[start..<(start + quoted.count)].elementsEqual(quoted) else { continue }
            var index = start + quoted.count
            while index < bytes.count, space.contains(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { continue }
            index += 1
            while index < bytes.count, space.contains(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { continue }
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
            guard index < bytes.count else { return "" }
            let end = index + 1
            let lineStart = (bytes[..<end].lastIndex(of: 0x0A)).map { $0 + 1 } ?? 0
            let line = bytes[..<end].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            return " at line \(line) column \(end - lineStart)"
        }
        return ""
    }

    /// The `auth` member of a body or query (0.18).
    static func authField(query: [(String, String)], body: Data) -> String? {
        if let value = query.first(where: { $0.0 == "auth" })?.1 { return value }
        guard !body.isEmpty, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        return object["auth"] as? String
    }

    /// actix-web's text for a form that does not deserialize: `Json deserialize error: ...` or
    /// `Query deserialize error: ...`, with serde's reason.
    static func describe(_ error: any Error, source: String = "Json") -> String {
        let prefix = "\(source) deserialize error"
        return switch error {
        case DecodingError.keyNotFound(let key, _): "\(prefix): missing field `\(key.stringValue)`"
        case DecodingError.typeMismatch(_, let context):
            "\(prefix): invalid type at `\(context.codingPath.map(\.stringValue).joined(separator: "."))`"
        case DecodingError.valueNotFound(_, let context):
            "\(prefix): null at `\(context.codingPath.map(\.stringValue).joined(separator: "."))`"
        case DecodingError.dataCorrupted(let context): "\(prefix): \(context.debugDescription)"
        default: prefix
        }
    }
}
