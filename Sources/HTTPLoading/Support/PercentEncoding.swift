/// Percent-encoding byte by byte: every UTF-8 byte of a text outside a set of kept ASCII
/// characters becomes `%XX`, with capital hex digits.
///
/// One encoder for the package's two query forms: `LoadRequest.queryItems` (what
/// `URLComponents` keeps, less `+`) and the Lemmy client's `encodeURIComponent`. `package`: an
/// implementation detail, not API.
package struct PercentEncoding: Sendable {
    /// Whether each ASCII byte is kept as it is.
    private let kept: [Bool]

    /// An encoder keeping ASCII letters, digits and the characters of `others` (ASCII).
    package init(keepingLettersDigitsAnd others: String) {
        kept = (0..<128).map { byte in
            switch UInt8(byte) {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return others.utf8.contains(UInt8(byte))
            }
        }
    }

    /// `text`, encoded.
    package func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text`, encoded, to `bytes`.
    package func append(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            if byte < 0x80 && kept[Int(byte)] {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
