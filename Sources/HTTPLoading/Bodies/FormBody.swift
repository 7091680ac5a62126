public import Foundation

/// Name/value pairs sent as `application/x-www-form-urlencoded`.
public struct FormBody: HTTPBody {
    /// The fields, in order; a name may repeat.
    public var fields: [(name: String, value: String)]

    /// Creates a form body from ordered fields.
    public init(_ fields: [(name: String, value: String)]) { self.fields = fields }

    /// `application/x-www-form-urlencoded; charset=utf-8`.
    public var contentType: String? { "application/x-www-form-urlencoded; charset=utf-8" }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Encodes the fields per the WHATWG URL standard's form serialisation.
    public func encode() throws -> Data {
        let text = fields.map { Self.escape($0.name) + "=" + Self.escape($0.value) }.joined(separator: "&")
        return Data(text.utf8)
    }

    private static let unreserved: CharacterSet = {
        var set = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        set.insert(charactersIn: "*-._ ")
        return set
    }()

    private static func escape(_ text: String) -> String {
        (text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text).replacingOccurrences(of: " ", with: "+")
    }
}
