/// Which string values are someone's words (to be replaced) and which are facts (kept).
///
/// Kept: every value that is not under a text key below, and under those keys any URL, date or
/// empty string. Replaced: titles, bodies, names, bios, descriptions, sidebars, comment contents,
/// messages and the like, by generated text of the same kind and about the same length.
enum ReplacementRules {
    enum Kind: String {
        case prose, title, displayName, identifier, matrixID, alternation
    }

    static let proseKeys: Set<String> = [
        "body", "content", "description", "sidebar", "bio", "text", "message", "reason", "summary",
        "alt_text", "embed_description", "legal_information", "application_question", "answer",
        "content_warning", "original_comment_text", "ban_reason", "deny_reason", "tagline",
    ]
    static let titleKeys: Set<String> = ["title", "embed_title"]

    /// The kind of text at `location` in `file`, or nil to keep the value.
    static func kind(of text: String, at location: JSONTextRewriter.Location, file: String) -> Kind? {
        if text.isEmpty || looksLikeURL(text) || looksLikeDate(text) { return nil }
        let key = location.key
        // A file holding one bare Community has its `name` and `title` at the top level.
        let parentKey = location.parentKey.isEmpty && file.contains("_Community_fragment") ? "community" : location.parentKey
        // Error bodies: `message` is software output (serde's wording, test placeholders), the
        // same in every server; keep it, as the error tests match its prefix.
        if file.hasPrefix("errors/") { return nil }
        switch key {
        case "name":
            switch parentKey {
            case "post": return .title  // a post's `name` is its title
            case "site", "instance": return .displayName
            case "all_languages", "discussion_languages", "language": return nil  // language names are facts
            default: return .identifier  // persons and communities
            }
        case "display_name": return .displayName
        case "matrix_user_id": return .matrixID
        case "slur_filter_regex": return .alternation
        case _ where titleKeys.contains(key): return parentKey == "community" ? .displayName : .title
        case _ where proseKeys.contains(key): return .prose
        default: return nil
        }
    }

    /// The generated replacement for `text` of `kind`.
    static func replacement(for text: String, kind: Kind) -> String {
        var generator = TextGenerator(kind: kind.rawValue, original: text)
        switch kind {
        case .prose: return text.contains("\n") ? generator.markdown(like: text) : generator.prose(length: text.count)
        case .title: return generator.title(length: text.count)
        case .displayName: return generator.displayName(length: text.count)
        case .identifier: return generator.identifier(length: text.count)
        case .matrixID:
            // `@user:server`: the server is a host name (kept), the user part is an identifier.
            guard text.hasPrefix("@"), let colon = text.firstIndex(of: ":") else { return generator.identifier(length: text.count) }
            let user = text[text.index(after: text.startIndex)..<colon]
            return "@" + generator.identifier(length: user.count) + text[colon...]
        case .alternation: return generator.alternation(length: text.count)
        }
    }

    static func looksLikeURL(_ text: String) -> Bool {
        ["http://", "https://", "ws://", "wss://"].contains { text.hasPrefix($0) }
    }

    /// `2023-08-20T12:34:56…` or `2023-08-20 …`.
    static func looksLikeDate(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars.prefix(11))
        guard scalars.count == 11 else { return false }
        let digitsAt = [0, 1, 2, 3, 5, 6, 8, 9]
        return digitsAt.allSatisfy { ("0"..."9").contains(scalars[$0]) } && scalars[4] == "-" && scalars[7] == "-"
            && (scalars[10] == "T" || scalars[10] == " ")
    }
}
