public import Foundation

/// A `multipart/form-data` body (RFC 7578), e.g. for image uploads.
public struct MultipartBody: HTTPBody {
    /// One part of a multipart body.
    public struct Part: Sendable {
        /// The form field name.
        public var name: String
        /// The file name, for file parts.
        public var filename: String?
        /// The part's content type, for file parts.
        public var contentType: String?
        /// The part's bytes.
        public var data: Data

        /// A text field.
        public static func field(_ name: String, _ value: String) -> Part {
            Part(name: name, filename: nil, contentType: nil, data: Data(value.utf8))
        }

        /// A file.
        public static func file(_ name: String, filename: String, contentType: String, data: Data) -> Part {
            Part(name: name, filename: filename, contentType: contentType, data: data)
        }
    }

    /// The parts, in order.
    public var parts: [Part]
    /// The boundary between parts; random unless given (a fixed one makes golden tests possible).
    public let boundary: String

    /// Creates a multipart body.
    public init(parts: [Part], boundary: String = "Boundary-\(UUID().uuidString)") {
        self.parts = parts
        self.boundary = boundary
    }

    /// `multipart/form-data` with the boundary.
    public var contentType: String? { "multipart/form-data; boundary=\(boundary)" }

    /// Encodes every part between boundaries.
    public func encode() throws -> Data {
        var data = Data()
        for part in parts {
            var header = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
            if let filename = part.filename { header += "; filename=\"\(Self.quoted(filename))\"" }
            header += "\r\n"
            if let type = part.contentType { header += "Content-Type: \(type)\r\n" }
            header += "\r\n"
            data.append(Data(header.utf8))
            data.append(part.data)
            data.append(Data("\r\n".utf8))
        }
        data.append(Data("--\(boundary)--\r\n".utf8))
        return data
    }

    // RFC 7578 §4.2: names are quoted strings; escape the characters that would end them.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
