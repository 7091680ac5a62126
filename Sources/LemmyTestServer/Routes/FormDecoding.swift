import Foundation
import LemmyAPI

/// Decodes request parameters the way Lemmy reads them: a JSON body, or a query string for GET.
enum FormDecoding {
    /// Decodes `type` from a query. Values are typed JSON-style (numbers, booleans, comma lists
    /// stay strings) and a member that expects a string gets its raw text back.
    static func decode<T: Decodable>(_ type: T.Type, query: [(String, String)]) throws -> T {
        var object: [String: Any] = [:]
        for (key, value) in query {
            if value == "true" { object[key] = true }
            else if value == "false" { object[key] = false }
            else if let int = Int(value) { object[key] = int }
            else if let double = Double(value), value.contains(".") { object[key] = double }
            else { object[key] = value }
        }
        // Some union forms declare 0.18's `auth` as required (GetUnreadCount); the token is read
        // separately, so an absent `auth` is fine.
        if object["auth"] == nil { object["auth"] = "" }
        let raw = Dictionary(query, uniquingKeysWith: { _, last in last })
        for _ in 0..<(object.count + 1) {
            let data = try JSONSerialization.data(withJSONObject: object)
            do {
                return try JSONDecoder().decode(T.self, from: data)
            } catch DecodingError.typeMismatch(let expected, let context) where expected == String.self {
                guard let key = context.codingPath.first?.stringValue, let text = raw[key], !(object[key] is String) else {
                    throw APIError.badRequest(describe(DecodingError.typeMismatch(expected, context)))
                }
                object[key] = text
            } catch {
                throw APIError.badRequest(describe(error))
            }
        }
        throw APIError.badRequest("Query deserialize error")
    }

    /// Decodes `type` from a JSON body (an empty body is `{}`).
    static func decode<T: Decodable>(_ type: T.Type, body: Data) throws -> T {
        let data = body.isEmpty ? Data("{}".utf8) : body
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch DecodingError.keyNotFound(let key, _) where key.stringValue == "auth" {
            guard var object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw APIError.badRequest("Json deserialize error: missing field `auth`")
            }
            object["auth"] = ""
            do {
                return try JSONDecoder().decode(T.self, from: try JSONSerialization.data(withJSONObject: object))
            } catch {
                throw APIError.badRequest(describe(error))
            }
        } catch {
            throw APIError.badRequest(describe(error))
        }
    }

    /// The `auth` member of a body or query (0.18).
    static func authField(query: [(String, String)], body: Data) -> String? {
        if let value = query.first(where: { $0.0 == "auth" })?.1 { return value }
        guard !body.isEmpty, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        return object["auth"] as? String
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "Json deserialize error: missing field `\(key.stringValue)`"
        case DecodingError.typeMismatch(_, let context): "Json deserialize error: invalid type at `\(context.codingPath.map(\.stringValue).joined(separator: "."))`"
        case DecodingError.valueNotFound(_, let context): "Json deserialize error: null at `\(context.codingPath.map(\.stringValue).joined(separator: "."))`"
        case DecodingError.dataCorrupted(let context): "Json deserialize error: \(context.debugDescription)"
        default: "Json deserialize error"
        }
    }
}
