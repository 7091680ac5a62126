import Foundation

/// Base64url without padding (RFC 4648 §5), the form of the server's page cursors and session
/// tokens.
///
/// One pass over the bytes: `replacingOccurrences` three times, through Foundation's string search,
/// cost about 60,000 instructions per cursor, 4% of a GetPosts (callgrind, `scripts/instructions.sh`).
enum Base64URL {
    /// `data` in base64url, without padding.
    static func encode(_ data: Data) -> String {
        let base64 = data.base64EncodedString()
        return String(
            decoding: base64.utf8.lazy.filter { $0 != UInt8(ascii: "=") }.map { byte in
                switch byte {
                case UInt8(ascii: "+"): UInt8(ascii: "-")
                case UInt8(ascii: "/"): UInt8(ascii: "_")
                default: byte
                }
            }, as: UTF8.self)
    }

    /// The bytes of base64url `text`, padded or not; nil when it is not base64. As before this
    /// type, `+` and `/` are read as themselves too.
    static func decode(_ text: String) -> Data? {
        var bytes = text.utf8.map { byte -> UInt8 in
            switch byte {
            case UInt8(ascii: "-"): UInt8(ascii: "+")
            case UInt8(ascii: "_"): UInt8(ascii: "/")
            default: byte
            }
        }
        while bytes.count % 4 != 0 { bytes.append(UInt8(ascii: "=")) }
        return Data(base64Encoded: Data(bytes))
    }
}
