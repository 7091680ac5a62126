public import Foundation

/// A response body that did not decode as the expected type.
public struct LemmyDecodingFailure: Error, Sendable, CustomStringConvertible {
    /// The Swift type that was expected.
    public var typeName: String
    /// The coding path to the bad value, e.g. `posts[3].post.published`.
    public var codingPath: String
    /// What was wrong.
    public var reason: String
    /// The undecodable payload.
    public var payload: Data

    /// `Type at path: reason`.
    public var description: String { "Could not decode \(typeName) at \(codingPath.isEmpty ? "<root>" : codingPath): \(reason)" }
}

/// Decodes response bodies into Api types.
public enum LemmyResponseDecoder {
    /// Decodes `data` as `T`, accepting every version's keys and enum spellings.
    ///
    /// `generation` does not change decoding (every spelling is accepted); the decoder's
    /// `userInfo` stays empty so that the per-object check for strict decoding (see
    /// ``LemmyVersionedCoding``) costs no dictionary lookup on this hot path.
    ///
    /// Generated Api types (and arrays and dictionaries of them) first take a fast path that reads
    /// the bytes in place; it returns the value `JSONDecoder` would, or gives up on anything
    /// unusual, and then `JSONDecoder` decodes the same bytes, so failures and their coding paths
    /// are always `JSONDecoder`'s.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, generation: LemmyAPIGeneration? = nil)
        throws(LemmyDecodingFailure) -> T
    {
        if let fast = T.self as? any LemmyFastDecodable.Type, let value = fastDecode(fast, from: data) as? T {
            return value
        }
        let decoder = JSONDecoder()
        do {
            return try decoder.decode(T.self, from: data)
        } catch let error as DecodingError {
            let (path, reason) = describe(error)
            throw LemmyDecodingFailure(typeName: String(describing: T.self), codingPath: path, reason: reason, payload: data)
        } catch {
            throw LemmyDecodingFailure(typeName: String(describing: T.self), codingPath: "", reason: "\(error)", payload: data)
        }
    }

    /// The fast path alone: the value, or nil when it gives up.
    static func fastDecode<T: LemmyFastDecodable>(_ type: T.Type, from data: Data) -> T? {
        data.withUnsafeBytes { LemmyJSONReader.decode(T.self, from: $0) }
    }

    /// Renders a coding path like `posts[3].post.published`.
    public static func pathString(_ path: [any CodingKey]) -> String {
        var out = ""
        for key in path {
            if let index = key.intValue { out += "[\(index)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
        }
        return out
    }

    static func describe(_ error: DecodingError) -> (String, String) {
        switch error {
        case .keyNotFound(let key, let context):
            return (pathString(context.codingPath + [key]), "missing key")
        case .typeMismatch(let type, let context):
            return (pathString(context.codingPath), "expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (pathString(context.codingPath), "null where \(type) is required")
        case .dataCorrupted(let context):
            return (pathString(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "\(error)")
        }
    }
}
