/// What Lemmy 0.18.3 to 0.18.5 store of what people write.
///
/// Lemmy's `sanitize_html` (`api_common/src/utils.rs`) cleans titles, bodies, comments,
/// messages, display names, bios, descriptions, sidebars and reasons with ammonia 3.3's default
/// rules less the `a` and `img` tags, then turns every `&gt;` back into `>` so that Markdown
/// quotes work. Facts from ammonia 3.3.0 (`Builder::default`) and the HTML serializer it uses:
/// - text is parsed as HTML: character references are read, `\r\n` and `\r` become `\n`;
/// - it is written back with `&`, `<`, `>` and the no-break space escaped (`"` only inside
///   attribute values);
/// - allowed tags stay, with only their allowed attributes; other tags go but what they hold
///   stays; `script` and `style` go with what they hold; comments go.
///
/// This is HTML's tokenizer, not its tree builder: open allowed elements are closed at the end
/// and a stray end tag is dropped, but HTML's implied end tags (a `<p>` closing the open `p`,
/// tables moving text out) are not imitated, and only the character references that Lemmy's
/// clients write are read (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;`, and numeric
/// ones); others stay as written. Text without `<`, `&`, `>`, `\r`, NUL or a no-break space,
/// which is most of it, comes out as it went in.
enum AmmoniaText {
    /// `text` as a 0.18.3 to 0.18.5 server stores it.
    static func clean(_ text: String) -> String {
        var cleaner = Cleaner(Array(text.unicodeScalars))
        return cleaner.run()
    }

    /// Ammonia's default tags less `a` and `img`.
    static let allowedTags: Set<String> = [
        "abbr", "acronym", "area", "article", "aside", "b", "bdi", "bdo", "blockquote", "br", "caption", "center", "cite",
        "code", "col", "colgroup", "data", "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure",
        "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "i", "ins", "kbd", "li", "map", "mark", "nav",
        "ol", "p", "pre", "q", "rp", "rt", "rtc", "ruby", "s", "samp", "small", "span", "strike", "strong", "sub", "summary",
        "sup", "table", "tbody", "td", "th", "thead", "time", "tr", "tt", "u", "ul", "var", "wbr",
    ]
    /// Attributes every allowed tag keeps.
    static let genericAttributes: Set<String> = ["lang", "title"]
    /// Attributes particular tags keep as well.
    static let tagAttributes: [String: Set<String>] = [
        "bdo": ["dir"], "blockquote": ["cite"], "col": ["align", "char", "charoff", "span"],
        "colgroup": ["align", "char", "charoff", "span"], "del": ["cite", "datetime"], "hr": ["align", "size", "width"],
        "ins": ["cite", "datetime"], "ol": ["start"], "q": ["cite"], "table": ["align", "char", "charoff", "summary"],
        "tbody": ["align", "char", "charoff"], "td": ["align", "char", "charoff", "colspan", "headers", "rowspan"],
        "th": ["align", "char", "charoff", "colspan", "headers", "rowspan", "scope"], "thead": ["align", "char", "charoff"],
        "tr": ["align", "char", "charoff"],
    ]
    /// Tags that go with everything they hold.
    static let cleanContentTags: Set<String> = ["script", "style"]
    /// Tags whose content HTML reads as text up to their end tag.
    static let rawTextTags: Set<String> = ["xmp", "iframe", "noembed", "noframes"]
    /// Tags whose content HTML reads as text with its references up to their end tag.
    static let rcDataTags: Set<String> = ["textarea", "title"]
    /// Elements that have no end tag.
    static let voidTags: Set<String> = ["area", "br", "col", "hr", "wbr"]
    /// The named references read (HTML's legacy ones are read without their `;` as well).
    static let references: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    ]
}

/// One run of ``AmmoniaText/clean(_:)``.
private struct Cleaner {
    let input: [Unicode.Scalar]
    var index = 0
    var output = String.UnicodeScalarView()
    /// The allowed elements open, innermost last.
    var open: [String] = []

    init(_ input: [Unicode.Scalar]) { self.input = input }

    mutating func run() -> String {
        while index < input.count {
            let scalar = input[index]
            if scalar == "<" {
                tag()
            } else {
                index += 1
                text(scalar, decoding: true)
            }
        }
        for name in open.reversed() { write("</\(name)>") }
        return String(output)
    }

    // MARK: Text

    /// Writes `scalar` of text, reading a character reference at an `&` when `decoding`.
    mutating func text(_ scalar: Unicode.Scalar, decoding: Bool) {
        switch scalar {
        case "&" where decoding:
            if let decoded = reference() { escape(decoded, attribute: false) } else { write("&amp;") }
        case "\r":
            // HTML reads `\r\n` and a lone `\r` as `\n`.
            if index < input.count, input[index] == "\n" { index += 1 }
            output.append("\n")
        default: escape(scalar, attribute: false)
        }
    }

    /// Writes `scalar` as the serializer does. Lemmy turns `&gt;` back into `>` everywhere.
    mutating func escape(_ scalar: Unicode.Scalar, attribute: Bool) {
        switch scalar {
        case "&": write("&amp;")
        case "\u{A0}": write("&nbsp;")
        case "<" where !attribute: write("&lt;")
        case "\"" where attribute: write("&quot;")
        // HTML's tree builder drops NUL characters in text.
        case "\0": break
        default: output.append(scalar)
        }
    }

    /// The character of the reference after an `&` at `index - 1`, moving past it; nil (and
    /// nothing read) when there is none.
    mutating func reference() -> Unicode.Scalar? {
        var cursor = index
        if cursor < input.count, input[cursor] == "#" {
            cursor += 1
            let hex = cursor < input.count && (input[cursor] == "x" || input[cursor] == "X")
            if hex { cursor += 1 }
            let start = cursor
            while cursor < input.count, input[cursor].properties.isASCIIHexDigit, hex || ("0"..."9").contains(input[cursor]) {
                cursor += 1
            }
            guard cursor > start else { return nil }
            let digits = String(String.UnicodeScalarView(input[start..<cursor]))
            if cursor < input.count, input[cursor] == ";" { cursor += 1 }
            index = cursor
            // Out of range, a surrogate or NUL reads as U+FFFD.
            let value = digits.count <= 8 ? UInt32(digits, radix: hex ? 16 : 10) : nil
            guard let value, value != 0, let decoded = Unicode.Scalar(value) else { return "\u{FFFD}" }
            return decoded
        }
        let start = cursor
        while cursor < input.count, input[cursor].isASCIILetter { cursor += 1 }
        // HTML reads the longest name it knows: `&ampx` is `&` then `x`.
        for end in stride(from: cursor, to: start, by: -1) {
            let name = String(String.UnicodeScalarView(input[start..<end]))
            guard let decoded = AmmoniaText.references[name] else { continue }
            let terminated = end < input.count && input[end] == ";"
            // `&apos;` is not one of the legacy names HTML reads without their `;`.
            if name == "apos" && !terminated { return nil }
            index = terminated ? end + 1 : end
            return decoded
        }
        return nil
    }

    mutating func write(_ text: String) { output.append(contentsOf: text.unicodeScalars) }

    // MARK: Tags

    /// At a `<`: a tag, a comment, or a `<` of text.
    mutating func tag() {
        let next = index + 1 < input.count ? input[index + 1] : nil
        switch next {
        case let letter? where letter.isASCIILetter:
            index += 1
            startTag()
        case "/":
            let after = index + 2 < input.count ? input[index + 2] : nil
            if let after, after.isASCIILetter {
                index += 2
                endTag()
            } else if after == ">" {
                index += 3
            } else {
                // `</` then anything else is a bogus comment up to `>`.
                skipPast(">")
            }
        case "!":
            if input[index...].starts(with: "<!--".unicodeScalars) {
                index += 4
                skipPast("-->")
            } else {
                skipPast(">")
            }
        case "?": skipPast(">")
        default:
            index += 1
            escape("<", attribute: false)
        }
    }

    /// Moves past the next `terminator`, or to the end.
    mutating func skipPast(_ terminator: String) {
        let pattern = Array(terminator.unicodeScalars)
        while index < input.count {
            if input[index...].starts(with: pattern) {
                index += pattern.count
                return
            }
            index += 1
        }
    }

    /// A tag name at `index`, lower-cased, up to white space, `/` or `>`.
    mutating func tagName() -> String {
        var name = String.UnicodeScalarView()
        while index < input.count, !input[index].isTagNameEnd {
            name.append(input[index].lowercased)
            index += 1
        }
        return String(name)
    }

    /// A start tag whose name starts at `index`. A tag the input ends inside is dropped.
    mutating func startTag() {
        let name = tagName()
        guard let attributes = attributeList() else { return }
        if AmmoniaText.cleanContentTags.contains(name) {
            skipToEndTag(name, keeping: false, decoding: false)
        } else if AmmoniaText.rawTextTags.contains(name) || AmmoniaText.rcDataTags.contains(name) {
            skipToEndTag(name, keeping: true, decoding: AmmoniaText.rcDataTags.contains(name))
        } else if AmmoniaText.allowedTags.contains(name) {
            let kept = AmmoniaText.genericAttributes.union(AmmoniaText.tagAttributes[name] ?? [])
            write("<\(name)")
            var seen: Set<String> = []
            for (key, value) in attributes where kept.contains(key) && seen.insert(key).inserted {
                write(" \(key)=\"")
                for scalar in value.unicodeScalars { escape(scalar, attribute: true) }
                write("\"")
            }
            write(">")
            if !AmmoniaText.voidTags.contains(name) { open.append(name) }
        }
    }

    /// An end tag whose name starts at `index`: closes the open element of that name and those
    /// inside it; a stray one is dropped.
    mutating func endTag() {
        let name = tagName()
        guard attributeList() != nil else { return }
        guard let position = open.lastIndex(of: name) else { return }
        for closed in open[position...].reversed() { write("</\(closed)>") }
        open.removeSubrange(position...)
    }

    /// The attributes up to the tag's `>`, names lower-cased and values read; nil when the
    /// input ends first.
    mutating func attributeList() -> [(String, String)]? {
        var attributes: [(String, String)] = []
        while index < input.count {
            let scalar = input[index]
            if scalar == ">" {
                index += 1
                return attributes
            }
            if scalar.properties.isWhitespace || scalar == "/" {
                index += 1
                continue
            }
            var name = String.UnicodeScalarView()
            while index < input.count, !input[index].isTagNameEnd, input[index] != "=" {
                name.append(input[index].lowercased)
                index += 1
            }
            if name.isEmpty {
                // A lone `=` starts a name in HTML.
                name.append(input[index])
                index += 1
            }
            var value = ""
            if index < input.count, input[index] == "=" {
                index += 1
                value = attributeValue()
            }
            attributes.append((String(name), value))
        }
        return nil
    }

    /// An attribute's value at `index`: quoted or up to white space or `>`; references read.
    mutating func attributeValue() -> String {
        var quote: Unicode.Scalar?
        if index < input.count, input[index] == "\"" || input[index] == "'" {
            quote = input[index]
            index += 1
        }
        var value = String.UnicodeScalarView()
        while index < input.count {
            let scalar = input[index]
            if let quote, scalar == quote {
                index += 1
                break
            }
            if quote == nil, scalar.properties.isWhitespace || scalar == ">" { break }
            index += 1
            if scalar == "&", let decoded = reference() { value.append(decoded) } else { value.append(scalar) }
        }
        return String(value)
    }

    /// Moves past `</name ...>`, writing what comes before as text when `keeping`.
    mutating func skipToEndTag(_ name: String, keeping: Bool, decoding: Bool) {
        let closing = Array("</\(name)".unicodeScalars)
        while index < input.count {
            if input[index] == "<", index + closing.count <= input.count,
                zip(input[index..<(index + closing.count)], closing).allSatisfy({ $0.0.lowercased == $0.1 }),
                index + closing.count == input.count || input[index + closing.count].isTagNameEnd
            {
                index += closing.count
                _ = attributeList()
                return
            }
            let scalar = input[index]
            index += 1
            if keeping { text(scalar, decoding: decoding) }
        }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isASCIIUpper: Bool { ("A"..."Z").contains(self) }
    fileprivate var isTagNameEnd: Bool { properties.isWhitespace || self == "/" || self == ">" }
    fileprivate var lowercased: Unicode.Scalar { isASCIIUpper ? Unicode.Scalar(value + 32)! : self }
}

extension LemmyDialect {
    /// What a server of this version stores of `text` someone wrote: 0.18.5's is cleaned by
    /// ``AmmoniaText/clean(_:)``, and later versions store it as written.
    func stored(_ text: String) -> String { self == .v0_18 ? AmmoniaText.clean(text) : text }

    /// ``stored(_:)`` of an optional text.
    func stored(_ text: String?) -> String? { text.map(stored) }
}
