/// A `Content-Type` as Lemmy's `mime` crate reads it: `type/subtype` and parameters.
struct MediaType: Equatable {
    /// `type/subtype`, lowercased.
    var essence: String
    /// The whole value: the essence, then the parameters (`; name=value`).
    var text: String

    /// The subtype (`octet-stream` of `application/octet-stream`).
    var subtype: Substring { essence.split(separator: "/").last ?? "" }

    /// Parses a header value as the `mime` crate does: nil without a `type/subtype` of token
    /// characters or with a parameter that is not `name=value` (a token, or a quoted string).
    /// The essence and parameter names are lowercased, and so is a `charset` value.
    init?(_ header: String) {
        let parts = header.split(separator: ";", omittingEmptySubsequences: false)
        let essence = parts[0].trimmingHTTPSpace.lowercased()
        let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, Self.isToken(halves[0]), Self.isToken(halves[1]) else { return nil }
        var text = essence
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair[0].trimmingHTTPSpace.lowercased()
            guard pair.count == 2, Self.isToken(Substring(name)) else { return nil }
            var value = String(pair[1].trimmingHTTPSpace)
            let quoted = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
            guard quoted || Self.isToken(Substring(value)) else { return nil }
            if name == "charset" { value = value.lowercased() }
            text += "; \(name)=\(value)"
        }
        self.essence = essence
        self.text = text
    }

    private static func isToken(_ part: Substring) -> Bool {
        !part.isEmpty && part.utf8.allSatisfy { (0x21...0x7E).contains($0) && !"()<>@,;:\\\"/[]?={}".utf8.contains($0) }
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
