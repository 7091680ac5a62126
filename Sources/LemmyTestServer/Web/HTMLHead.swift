/// What the `webpage` crate (1.6 in Lemmy 0.18, 2.0 later) reads from a page's head, which Lemmy's
/// link metadata is made of: the title, the description, the declared charset and the Open Graph
/// properties, images and videos.
///
/// webpage parses with html5ever; this reads the same things with a small tokenizer that follows
/// the rules that matter for them (facts from webpage 2.0.1's `parser.rs` and `opengraph.rs`):
/// - only tags in the head count: the head ends at `<body>`, at any tag that cannot be in a head
///   (`<div>`, `<img>`, ...) and at text that is not blank; a `<noscript>`, `<script>` or
///   `<style>` in the head hides what it holds;
/// - tag and attribute names are case-insensitive; attribute values are trimmed, entity-decoded
///   and case-sensitive;
/// - the last `<title>` wins, trimmed (not collapsed); an empty one clears it;
/// - a `<meta>` counts only with a `content` attribute; its key is `property`, else `name`, else
///   `http-equiv`; `description` sets the description (the last wins); a key starting `og:` is an
///   Open Graph property: `og:image` and `og:image:url` start an image (likewise `og:video`,
///   `og:audio`), `og:image:width` and the like describe the latest one, other properties go in
///   a map where the last wins.
///
/// Not imitated: html5ever's full list of named character references (the common ones and
/// numeric references are decoded), and its error recovery for broken markup.
struct HTMLHead: Equatable {
    /// An Open Graph image, video or audio: its URL and its own properties (`width`, ...).
    struct Object: Equatable {
        var url: String
        var properties: [String: String] = [:]
    }

    var title: String?
    var description: String?
    /// `<meta charset>`.
    var charset: String?
    /// Open Graph properties other than images, videos and audio, by name without `og:`.
    var properties: [String: String] = [:]
    var images: [Object] = []
    var videos: [Object] = []

    /// Reads the head of `html`.
    init(_ html: String) {
        var scanner = HTMLScanner(Array(html.utf8))
        scan: while let token = scanner.next() {
            switch token {
            case .text(let blank):
                if !blank { break scan }
            case .end:
                continue
            case .start(let name, let attributes):
                switch name {
                case "html", "head", "link", "base", "basefont", "bgsound":
                    continue
                case "title":
                    let text = HTMLEntities.decode(scanner.rawText(until: "title")).trimmedHTMLWhitespace
                    title = text.isEmpty ? nil : text
                case "script", "style", "noscript", "noframes", "template":
                    _ = scanner.rawText(until: name)
                case "meta":
                    meta(attributes)
                default:
                    break scan
                }
            }
        }
    }

    private mutating func meta(_ attributes: [String: String]) {
        if let charset = attributes["charset"] { self.charset = charset }
        guard let content = attributes["content"],
            let key = attributes["property"] ?? attributes["name"] ?? attributes["http-equiv"]
        else { return }
        if key == "description" { description = content }
        guard key.hasPrefix("og:") else { return }
        let property = String(key.dropFirst(3))
        for (kind, path) in [("image", \HTMLHead.images), ("video", \HTMLHead.videos), ("audio", nil)] {
            if property == kind || property == kind + ":url" {
                if let path { self[keyPath: path].append(Object(url: content)) }
                return
            }
            if property.hasPrefix(kind + ":") {
                if let path, !self[keyPath: path].isEmpty {
                    self[keyPath: path][self[keyPath: path].count - 1].properties[String(property.dropFirst(kind.count + 1))] = content
                }
                return
            }
        }
        properties[property] = content
    }
}

extension String {
    /// Without leading and trailing HTML whitespace (space, tab, line feed, form feed, return).
    var trimmedHTMLWhitespace: String {
        let bytes = Array(utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
