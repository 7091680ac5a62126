/// A `Content-Type` as Lemmy's `mime` crate reads it: `type/subtype` and parameters.
struct MediaType: Equatable {
    /// `type/subtype`, lowercased.
    var essence: String
    /// The whole value as mime writes it.
    var text: String

    /// The subtype (`octet-stream` of `application/octet-stream`).
    var subtype: Substring { essence.split(separator: "/").last ?? "" }

    /// Parses a header value as the `mime` crate (0.3) does: `type/subtype`, then parameters,
    /// each `;`, optional spaces, `name=value` (a token or a quoted string); a trailing `;` is
    /// allowed. The value keeps its spelling, with the essence, the parameter names and a
    /// `charset` value lowercased; anything else is nil (Lemmy then guesses from the extension).
    init?(_ header: String) {
        let bytes = Array(header.utf8)
        var index = 0
        func token() -> Range<Int>? {
            let start = index
            while index < bytes.count, Self.isTokenByte(bytes[index]) { index += 1 }
            return index > start ? start..<index : nil
        }
        guard token() != nil, index < bytes.count, bytes[index] == UInt8(ascii: "/") else { return nil }
        index += 1
        guard token() != nil else { return nil }
        let essenceEnd = index
        var lowered = Array(bytes[..<essenceEnd]).map(HTMLScanner.lower)
        var cursor = essenceEnd
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: ";") else { return nil }
            index += 1
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            if index == bytes.count { break }
            guard let name = token(), index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            let valueStart = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
                guard index < bytes.count else { return nil }
                index += 1
            } else if token() == nil {
                return nil
            }
            let isCharset = bytes[name].map(HTMLScanner.lower).elementsEqual("charset".utf8)
            lowered += bytes[cursor..<name.lowerBound]
            lowered += bytes[name].map(HTMLScanner.lower)
            lowered += bytes[name.upperBound..<valueStart]
            lowered += isCharset ? bytes[valueStart..<index].map(HTMLScanner.lower) : Array(bytes[valueStart..<index])
            cursor = index
        }
        lowered += bytes[cursor...]
        essence = String(decoding: bytes[..<essenceEnd].map(HTMLScanner.lower), as: UTF8.self)
        text = String(decoding: lowered, as: UTF8.self)
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte) && !"()<>@,;:\\\"/[]?={}".utf8.contains(byte)
    }

    private init(essence: String) {
        self.essence = essence
        text = essence
    }

    /// What `mime_guess` makes of a path's extension, for a response without a `Content-Type`
    /// (the common extensions only).
    static func guess(path: String) -> MediaType? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let types = [
            "html": "text/html", "htm": "text/html", "xhtml": "application/xhtml+xml", "txt": "text/plain", "png": "image/png",
            "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp", "svg": "image/svg+xml",
            "avif": "image/avif", "mp4": "video/mp4", "webm": "video/webm", "mp3": "audio/mpeg", "pdf": "application/pdf",
            "json": "application/json",
        ]
        return types[path[path.index(after: dot)...].lowercased()].map { MediaType(essence: $0) }
    }

    /// What the `infer` crate finds in a body sent as `application/octet-stream` (its first 512
    /// bytes): the common image, video and document signatures.
    static func sniff(_ bytes: ArraySlice<UInt8>) -> MediaType? {
        let head = Array(bytes.prefix(512))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        let signatures: [(prefix: [UInt8], offset: Int, essence: String)] = [
            ([0x89, 0x50, 0x4E, 0x47], 0, "image/png"), ([0xFF, 0xD8, 0xFF], 0, "image/jpeg"), (Array("GIF8".utf8), 0, "image/gif"),
            (Array("WEBP".utf8), 8, "image/webp"), (Array("ftyp".utf8), 4, "video/mp4"), ([0x1A, 0x45, 0xDF, 0xA3], 0, "video/webm"),
            (Array("%PDF".utf8), 0, "application/pdf"),
        ]
        let essence = signatures.first { signature in
            // WebP is a RIFF container: its name follows the chunk's size.
            starts(signature.prefix, at: signature.offset) && (signature.essence != "image/webp" || starts(Array("RIFF".utf8)))
        }?.essence
        return essence.map { MediaType(essence: $0) }
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingHTTPSpace: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
