import Foundation

/// Fits plain text to a column budget. Works on `Character`s, so emoji and accents count as one
/// column each: close enough for titles, and never splits a grapheme.
public enum TextFitting {
    /// `text` on one line, cut with `…` if longer than `width`.
    public static func truncate(_ text: String, to width: Int) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard width > 0 else { return "" }
        guard line.count > width else { return line }
        return String(line.prefix(width - 1)) + "…"
    }

    /// How many characters of one text ``wrap(_:width:indent:limit:)`` shows by default: every
    /// text it wraps is a server's (a body, a comment, a message, a bio), and the server decides its
    /// length, up to the whole response limit. 64 Ki characters is far more than anyone reads in a
    /// terminal and keeps the output of one text to about a thousand lines.
    public static let bodyLimit = 65_536

    /// `text` wrapped at spaces into lines of at most `width` characters (words longer than
    /// `width` are cut), each prefixed with `indent`. Paragraph breaks are kept.
    ///
    /// Only the first `limit` characters are shown; a longer text ends with a line
    /// `… (N more characters)` saying how much was left out.
    public static func wrap(_ text: String, width: Int, indent: String = "", limit: Int = bodyLimit) -> [String] {
        let room = max(width - indent.count, 10)
        let cut = text.index(text.startIndex, offsetBy: max(limit, 0), limitedBy: text.endIndex) ?? text.endIndex
        var lines: [String] = []
        for paragraph in text[..<cut].split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            var currentCount = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                // Walk the word once: counting or copying what is left on every cut would make one
                // long word (a server's, up to megabytes) cost its length squared.
                var rest = word
                var restCount = word.count
                while restCount > room {
                    if currentCount > 0 {
                        lines.append(indent + current)
                        current = ""
                        currentCount = 0
                    }
                    let end = rest.index(rest.startIndex, offsetBy: room)
                    lines.append(indent + String(rest[..<end]))
                    rest = rest[end...]
                    restCount -= room
                }
                if currentCount == 0 {
                    current = String(rest)
                    currentCount = restCount
                } else if currentCount + 1 + restCount <= room {
                    current += " " + String(rest)
                    currentCount += 1 + restCount
                } else {
                    lines.append(indent + current)
                    current = String(rest)
                    currentCount = restCount
                }
            }
            lines.append(indent + current)
        }
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        if cut < text.endIndex {
            lines.append(indent + "… (\(text[cut...].count) more characters)")
        }
        return lines
    }
}
