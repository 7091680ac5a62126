/// Hides items containing any of a list of keywords as whole words, ignoring case, in the
/// text the caller extracts (e.g. a post's title and body).
///
/// "cat" hides "Cat pictures" but not "concatenate". A keyword of several words matches
/// those words in sequence.
public struct KeywordFilter<Item>: FeedFilter {
    /// The filter's name.
    public let name: String
    /// The keywords, as given.
    public let keywords: [String]
    private let phrases: [[Substring]]
    /// The UTF-8 bytes of each phrase's first word, for a quick substring check.
    private let firstWords: [[UInt8]]
    /// The first look at ASCII text, for those first words.
    private let scan: ASCIIKeywordScan
    /// Calls its second argument with each of an item's texts until that returns true; returns
    /// whether one did.
    private let search: @Sendable (Item, (String) -> Bool) -> Bool

    /// Creates a keyword filter.
    /// - Parameters:
    ///   - name: The filter's name.
    ///   - keywords: The words or phrases that hide an item.
    ///   - texts: The texts of an item to search.
    public init(_ name: String = "Keywords", keywords: [String], texts: @escaping @Sendable (Item) -> [String]) {
        self.init(name, keywords: keywords, search: { item, matches in texts(item).contains(where: matches) })
    }

    /// Creates a keyword filter that reads an item's texts one field at a time, e.g.
    /// `KeywordFilter(keywords: muted, searching: { $0.title }, { $0.body })`: unlike
    /// ``init(_:keywords:texts:)`` it builds no array per item.
    /// - Parameters:
    ///   - name: The filter's name.
    ///   - keywords: The words or phrases that hide an item.
    ///   - fields: Each reads one text of an item to search.
    public init(_ name: String = "Keywords", keywords: [String], searching fields: (@Sendable (Item) -> String)...) {
        // The fields become one chain of closures, made once: looping over an array of
        // `(Item) -> String` per item was generic code that looked up the array's type metadata
        // each time, and cost more than the array it saved.
        var search: @Sendable (Item, (String) -> Bool) -> Bool = { _, _ in false }
        for field in fields {
            let earlier = search
            search = { item, matches in earlier(item, matches) || matches(field(item)) }
        }
        self.init(name, keywords: keywords, search: search)
    }

    private init(_ name: String, keywords: [String], search: @escaping @Sendable (Item, (String) -> Bool) -> Bool) {
        self.name = name
        self.keywords = keywords
        self.phrases = keywords.map(Self.words).filter { !$0.isEmpty }
        self.firstWords = phrases.map { Array($0[0].utf8) }
        self.scan = ASCIIKeywordScan(words: firstWords)
        self.search = search
    }

    /// Whether there is no keyword to look for (none given, or only blank ones): the filter
    /// then keeps every item.
    public var keepsEverything: Bool { phrases.isEmpty }

    /// A predicate that keeps items in which no keyword occurs.
    public func makePredicate() -> (Item) -> Bool {
        { [phrases, firstWords, scan, search] item in
            guard !phrases.isEmpty else { return true }
            return !search(item) { Self.matches($0, phrases: phrases, firstWords: firstWords, scan: scan) }
        }
    }

    /// Whether a keyword occurs in `text`.
    private static func matches(_ text: String, phrases: [[Substring]], firstWords: [[UInt8]], scan: ASCIIKeywordScan) -> Bool {
        // ASCII text (most of it) is searched folding case on the fly, without the copy
        // `lowercased()` makes; other text, and a possible match, take the general path.
        if case .some(.some(false)) = text.utf8.withContiguousStorageIfAvailable(scan.mayContain) { return false }
        var lowered = text.lowercased()
        // Most texts contain no keyword even as a substring; splitting those into
        // words would be most of the filter's cost.
        let mayMatch = lowered.withUTF8 { bytes in
            firstWords.contains { Self.bytes(bytes, contain: $0) }
        }
        guard mayMatch else { return false }
        let words = Self.words(lowered)
        return phrases.contains { Self.contains(words, phrase: $0) }
    }

    private static func bytes(_ haystack: UnsafeBufferPointer<UInt8>, contain needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var start = 0
        let lastStart = haystack.count - needle.count
        while start <= lastStart {
            if haystack[start] == first,
                needle.indices.allSatisfy({ haystack[start + $0] == needle[$0] })
            {
                return true
            }
            start += 1
        }
        return false
    }

    /// Splits `text` into lowercased words: runs of letters, digits and combining marks.
    /// Walks scalars with an ASCII fast path, since looking up Unicode properties for every
    /// `Character` dominated a 10,000-post scroll (the FeedLoaderOverhead benchmark).
    private static func words(_ text: String) -> [Substring] {
        let lowered = text.lowercased()
        let scalars = lowered.unicodeScalars
        var words: [Substring] = []
        var start: String.Index?
        var index = scalars.startIndex
        while index != scalars.endIndex {
            if isWordScalar(scalars[index]) {
                if start == nil { start = index }
            } else if let wordStart = start {
                words.append(lowered[wordStart..<index])
                start = nil
            }
            scalars.formIndex(after: &index)
        }
        if let wordStart = start { words.append(lowered[wordStart...]) }
        return words
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            switch scalar.value {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
            default: return false
            }
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return properties.isAlphabetic || properties.numericType != nil
        }
    }

    private static func contains(_ words: [Substring], phrase: [Substring]) -> Bool {
        guard words.count >= phrase.count else { return false }
        return (0...(words.count - phrase.count)).contains { start in
            phrase.indices.allSatisfy { words[start + $0] == phrase[$0] }
        }
    }
}
