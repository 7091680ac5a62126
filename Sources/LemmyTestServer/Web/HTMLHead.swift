import Foundation

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
/// - the last `<title>` wins, trimmed (not collapsed); an empty one clears it, a blank one is
///   an empty title;
/// - a `<meta>` counts only with a `content` attribute; its key is `property`, else `name`, else
///   `http-equiv`; `description` sets the description (the last wins); a key starting `og:` is an
///   Open Graph property: `og:image` and `og:image:url` start an image (likewise `og:video`,
///   `og:audio`), `og:image:width` and the like describe the latest one, other properties go in
///   a map where the last wins; a `<meta>` keyed `charset` declares the charset too.
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
    var audios: [Object] = []

    /// Whether webpage would panic on this page: an Open Graph key of an image, video or audio
    /// whose sixth byte falls inside a character (`og:imageé` after an image), which its
    /// `&property["image:".len()..]` slices through.
    var panics = false

    /// Reads the head of `html` (a leading byte-order mark is dropped, as html5ever does).
    init(_ html: String) {
        var scanner = HTMLScanner(Array(html.utf8))
        scanner.skipByteOrderMark()
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
                    // No text leaves no title; blank text is an empty one (`text_content`).
                    let raw = scanner.rawText(until: "title")
                    title = raw.isEmpty ? nil : HTMLEntities.decode(raw).trimmingCharacters(in: .whitespacesAndNewlines)
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
        // webpage stores the `content` first and the `charset` attribute after it.
        defer { if let charset = attributes["charset"] { self.charset = charset } }
        guard let content = attributes["content"],
            let key = attributes["property"] ?? attributes["name"] ?? attributes["http-equiv"]
        else { return }
        // webpage keeps every such meta by key; Lemmy reads `charset` and `description` there.
        if key == "charset" { charset = content }
        if key == "description" { description = content }
        guard key.hasPrefix("og:") else { return }
        let property = String(key.dropFirst(3))
        if property == "type" { return }
        for (kind, path) in [("image", \HTMLHead.images), ("video", \HTMLHead.videos), ("audio", \HTMLHead.audios)] {
            guard property.hasPrefix(kind) else { continue }
            // webpage's `parse_object`, byte for byte.
            let bytes = Array(property.utf8)
            if property == kind || property == kind + ":url" {
                self[keyPath: path].append(Object(url: content))
            } else if !self[keyPath: path].isEmpty && bytes.count > kind.utf8.count + 1 {
                guard bytes[6] & 0xC0 != 0x80 else {
                    panics = true
                    return
                }
                let name = String(decoding: bytes[6...], as: UTF8.self)
                self[keyPath: path][self[keyPath: path].count - 1].properties[name] = content
            }
            return
        }
        properties[property] = content
    }
}
