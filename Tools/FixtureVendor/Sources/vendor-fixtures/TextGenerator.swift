/// Deterministic made-up text: the same kind and original always give the same result, so a value
/// repeated across files (a person's name, a quoted comment) stays the same everywhere.
struct TextGenerator {
    /// Words of this project's own choosing; no sentence of any original survives.
    static let words = [
        "amber", "anchor", "apple", "arch", "autumn", "badge", "basket", "beacon", "birch", "blanket",
        "bright", "brook", "button", "cabin", "candle", "canvas", "cedar", "chalk", "clover", "cobalt",
        "copper", "cotton", "crisp", "dawn", "delta", "desk", "drift", "ember", "fable", "fern",
        "field", "finch", "flint", "forest", "frost", "garden", "glade", "gravel", "harbor", "hazel",
        "hollow", "indigo", "island", "ivory", "jasper", "kettle", "lantern", "ledger", "lemon", "linen",
        "maple", "marble", "meadow", "mellow", "mint", "morning", "moss", "nectar", "north", "oak",
        "ochre", "orbit", "paddle", "pebble", "pepper", "pine", "plain", "plum", "pocket", "quartz",
        "quiet", "raven", "ribbon", "ripple", "river", "saddle", "sage", "shell", "silver", "slate",
        "sparrow", "spruce", "stone", "summer", "table", "thistle", "timber", "tulip", "velvet", "walnut",
        "willow", "window", "winter", "yarrow", "zephyr", "calm", "swift", "small", "round", "tall",
        "the", "a", "and", "of", "to", "in", "on", "with", "near", "under", "over", "by",
    ]

    private var state: UInt64

    init(kind: String, original: String) {
        // FNV-1a over the kind and the text: stable across runs and platforms (unlike `Hasher`).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (kind + "\u{0}" + original).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        state = hash
    }

    /// SplitMix64.
    private mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    private mutating func word(maxLength: Int = .max) -> String {
        let fitting = Self.words.filter { $0.count <= maxLength }
        guard !fitting.isEmpty else { return String(repeating: "x", count: max(0, maxLength)) }
        return fitting[Int(next() % UInt64(fitting.count))]
    }

    /// Sentences ending in full stops, filling about `length` characters (never more).
    mutating func prose(length: Int) -> String {
        guard length > 0 else { return "" }
        var text = ""
        var wordsInSentence = 0
        var sentenceLength = 4 + Int(next() % 9)
        while true {
            let separator = text.isEmpty ? "" : " "
            var candidate = word(maxLength: length - text.count - separator.count - 1)
            if candidate.isEmpty || text.count + separator.count + candidate.count + 1 > length { break }
            if wordsInSentence == 0 { candidate = candidate.prefix(1).uppercased() + candidate.dropFirst() }
            text += separator + candidate
            wordsInSentence += 1
            if wordsInSentence == sentenceLength {
                text += "."
                wordsInSentence = 0
                sentenceLength = 4 + Int(next() % 9)
            }
        }
        if text.isEmpty { return String(word(maxLength: length).prefix(length)) }
        if !text.hasSuffix(".") { text += "." }
        return text
    }

    /// Multi-line prose: each line gets a made-up line of its length; blank lines and the leading
    /// markdown markers of a line (`# `, `- `, `> `, `1. `) are kept, so the text stays markdown.
    mutating func markdown(like original: String) -> String {
        original.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let marker = Self.marker(of: line)
            let rest = line.count - marker.count
            return marker + (rest > 0 ? prose(length: rest) : "")
        }.joined(separator: "\n")
    }

    /// Indentation, bullets, heading and quote marks, and a `12. ` list number at the start of a line.
    static func marker(of line: Substring) -> String {
        var end = line.startIndex
        while end < line.endIndex, " #-*>+=".contains(line[end]) { end = line.index(after: end) }
        var digits = end
        while digits < line.endIndex, line[digits].isASCII, line[digits].isNumber { digits = line.index(after: digits) }
        if digits > end, line[digits...].hasPrefix(". ") { end = line.index(digits, offsetBy: 2) }
        return String(line[..<end])
    }

    /// A title: one capitalised phrase, no full stop, not ending on a small word, at most `length`
    /// characters.
    mutating func title(length: Int) -> String {
        var parts: [String] = []
        var total = 0
        while true {
            let separator = parts.isEmpty ? 0 : 1
            let candidate = word(maxLength: length - total - separator)
            if candidate.isEmpty || candidate.count > length - total - separator { break }
            parts.append(candidate)
            total += separator + candidate.count
        }
        while parts.count > 1, let last = parts.last, Self.functionWords.contains(last) { parts.removeLast() }
        guard let first = parts.first else { return String(word(maxLength: max(1, length)).prefix(max(1, length))) }
        parts[0] = first.prefix(1).uppercased() + first.dropFirst()
        return parts.joined(separator: " ")
    }

    static let functionWords: Set<String> = ["the", "a", "and", "of", "to", "in", "on", "with", "near", "under", "over", "by"]

    /// Nouns and adjectives only, for names.
    static let nameWords = words.filter { !functionWords.contains($0) }

    private mutating func nameWord(maxLength: Int) -> String? {
        let fitting = Self.nameWords.filter { $0.count <= maxLength }
        return fitting.isEmpty ? nil : fitting[Int(next() % UInt64(fitting.count))]
    }

    /// A display name: one to three capitalised words, about `length` characters.
    mutating func displayName(length: Int) -> String {
        var parts: [String] = []
        var total = 0
        while parts.count < 3 {
            let separator = parts.isEmpty ? 0 : 1
            guard let candidate = nameWord(maxLength: length - total - separator) else { break }
            parts.append(candidate.prefix(1).uppercased() + candidate.dropFirst())
            total += separator + candidate.count
        }
        if parts.isEmpty {
            let short = word(maxLength: max(1, length))
            return short.prefix(1).uppercased() + short.dropFirst()
        }
        return parts.joined(separator: " ")
    }

    /// An identifier like Lemmy's user and community names: lowercase words joined by `_`, then
    /// digits to make up the length; exactly `length` characters (at least 3).
    mutating func identifier(length: Int) -> String {
        let target = max(3, length)
        var text = nameWord(maxLength: target) ?? "abc"
        while let candidate = nameWord(maxLength: target - text.count - 1) { text += "_" + candidate }
        while text.count < target { text += String(next() % 10) }
        return String(text.prefix(target))
    }

    /// A regular expression of alternatives, at most `length` characters.
    mutating func alternation(length: Int) -> String {
        var parts: [String] = []
        var total = 2  // the parentheses
        while true {
            let candidate = Self.nameWords[Int(next() % UInt64(Self.nameWords.count))]
            let added = candidate.count + (parts.isEmpty ? 0 : 1)
            if total + added > length { break }
            parts.append(candidate)
            total += added
        }
        return "(" + parts.joined(separator: "|") + ")"
    }
}
