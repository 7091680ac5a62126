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

    /// `text` wrapped at spaces into lines of at most `width` characters (words longer than
    /// `width` are cut), each prefixed with `indent`. Paragraph breaks are kept.
    public static func wrap(_ text: String, width: Int, indent: String = "") -> [String] {
        let room = max(width - indent.count, 10)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = String(word)
                while word.count > room {
                    if !current.isEmpty {
                        lines.append(indent + current)
                        current = ""
                    }
                    lines.append(indent + String(word.prefix(room)))
                    word = String(word.dropFirst(room))
                }
                if current.isEmpty {
                    current = word
                } else if current.count + 1 + word.count <= room {
                    current += " " + word
                } else {
                    lines.append(indent + current)
                    current = word
                }
            }
            lines.append(indent + current)
        }
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines
    }
}
