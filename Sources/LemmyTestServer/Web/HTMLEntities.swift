/// Character references in HTML text and attribute values: numeric ones (`&#39;`, `&#x27;`) and
/// the named ones pages use in titles and descriptions. html5ever knows all 2,231 names; the rest
/// stay as written here.
enum HTMLEntities {
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«",
        "raquo": "»", "middot": "·", "bull": "•", "trade": "™", "euro": "€", "pound": "£", "eacute": "é", "egrave": "è",
        "aacute": "á", "agrave": "à", "ouml": "ö", "uuml": "ü", "auml": "ä", "szlig": "ß", "ccedil": "ç", "ntilde": "ñ",
    ]

    /// `text` with its character references replaced.
    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let afterAmp = rest.index(after: amp)
            guard let semicolon = rest[afterAmp...].prefix(32).firstIndex(of: ";") else {
                out += "&"
                rest = rest[afterAmp...]
                continue
            }
            let name = rest[afterAmp..<semicolon]
            if let replacement = reference(name) {
                out += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                out += "&"
                rest = rest[afterAmp...]
            }
        }
        return out + rest
    }

    private static func reference(_ name: Substring) -> String? {
        guard name.first == "#" else { return named[String(name)] }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value else { return nil }
        // A reference to nothing, a surrogate or past Unicode is U+FFFD, as the HTML standard says.
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return String(Character(scalar))
    }
}
