/// Swift spelling rules shared by the emitters.
enum SwiftNaming {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while",
        "as", "catch", "false", "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try", "Type",
        "Protocol", "any", "some",
    ]

    /// `my_vote` -> `myVote`, `TopDay` -> `topDay`, `type_` -> `type`.
    static func camel(_ key: String) -> String {
        let parts = key.split(separator: "_").map(String.init)
        guard let first = parts.first else { return "value" }
        var result: String
        if first.contains(where: \.isLowercase) {
            result = first.prefix(1).lowercased() + first.dropFirst()
        } else {
            result = first.lowercased()
        }
        for part in parts.dropFirst() { result += part.prefix(1).uppercased() + part.dropFirst() }
        if let f = result.first, f.isNumber { result = "_" + result }
        return result
    }

    /// A declaration-safe identifier.
    static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    /// `snake_case` -> `PascalCase`.
    static func pascal(_ snake: String) -> String {
        snake.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The Swift type of an endpoint: `getPosts` -> `GetPosts`, `donation_dialog_shown` ->
    /// `DonationDialogShown` (0.19's js-client names that one in snake case).
    static func requestTypeName(_ endpointName: String) -> String { pascal(endpointName) }

    /// `getPosts` -> `GetPosts`.
    static func upperFirst(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }

    /// A Swift string literal.
    static func literal(_ s: String) -> String {
        "\"" + s.replacingOccurrences("\\", "\\\\").replacingOccurrences("\"", "\\\"") + "\""
    }

    /// A `///` doc block, each line prefixed with `indent`.
    static func doc(_ text: String, indent: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.isEmpty ? "\(indent)///" : "\(indent)/// \(line)" }
            .joined(separator: "\n") + "\n"
    }
}

extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

extension Substring {
    func range(of target: String) -> Range<Substring.Index>? {
        guard !target.isEmpty, count >= target.count else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(target) { return i..<index(i, offsetBy: target.count) }
            i = index(after: i)
        }
        return nil
    }
}
