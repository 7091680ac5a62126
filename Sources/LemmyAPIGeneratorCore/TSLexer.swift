/// A token of TypeScript source.
public enum TSToken: Equatable, Sendable {
    case identifier(String)
    case string(String)
    case punct(Character)
    case docComment(String)
}

/// Splits TypeScript source into tokens. Line comments and plain block comments are dropped;
/// `/** ... */` doc comments are kept as tokens.
public enum TSLexer {
    /// Tokenizes `source`.
    public static func tokenize(_ source: String) -> [TSToken] {
        var tokens: [TSToken] = []
        let chars = Array(source.unicodeScalars)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" {
                while i < chars.count && chars[i] != "\n" { i += 1 }
            } else if c == "/" && i + 1 < chars.count && chars[i + 1] == "*" {
                let isDoc = i + 2 < chars.count && chars[i + 2] == "*"
                var j = i + 2
                while j + 1 < chars.count && !(chars[j] == "*" && chars[j + 1] == "/") { j += 1 }
                if isDoc {
                    let body = String(String.UnicodeScalarView(chars[(i + 3)..<min(j, chars.count)]))
                    tokens.append(.docComment(cleanDoc(body)))
                }
                i = j + 2
            } else if c == "\"" || c == "'" || c == "`" {
                var j = i + 1
                var value = ""
                while j < chars.count && chars[j] != c {
                    if chars[j] == "\\" && j + 1 < chars.count { j += 1 }
                    value.unicodeScalars.append(chars[j])
                    j += 1
                }
                tokens.append(.string(value))
                i = j + 1
            } else if c.properties.isWhitespace {
                i += 1
            } else if isIdentifierChar(c) {
                var j = i
                var value = ""
                while j < chars.count && isIdentifierChar(chars[j]) {
                    value.unicodeScalars.append(chars[j])
                    j += 1
                }
                tokens.append(.identifier(value))
                i = j
            } else {
                tokens.append(.punct(Character(c)))
                i += 1
            }
        }
        return tokens
    }

    private static func isIdentifierChar(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c == "$" || c == "#" || c == "." || c.properties.isAlphabetic || ("0"..."9").contains(c)
    }

    private static func cleanDoc(_ body: String) -> String {
        body.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line -> String in
                var s = line.drop { $0 == " " || $0 == "\t" }
                if s.hasPrefix("*") { s = s.dropFirst() }
                if s.hasPrefix(" ") { s = s.dropFirst() }
                return String(s)
            }
            .joined(separator: "\n")
            .trimmingCharacters(in: [" ", "\n", "*"])
    }
}

extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
