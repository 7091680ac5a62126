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
    private let texts: @Sendable (Item) -> [String]

    /// Creates a keyword filter.
    /// - Parameters:
    ///   - name: The filter's name.
    ///   - keywords: The words or phrases that hide an item.
    ///   - texts: The texts of an item to search.
    public init(_ name: String = "Keywords", keywords: [String], texts: @escaping @Sendable (Item) -> [String]) {
        self.name = name
        self.keywords = keywords
        self.phrases = keywords.map(Self.words).filter { !$0.isEmpty }
        self.firstWords = phrases.map { Array($0[0].utf8) }
        self.texts = texts
    }

    /// A predicate that keeps items in which no keyword occurs.
    public func makePredicate() -> (Item) -> Bool {
        { [phrases, firstWords, texts] item in
            guard !phrases.isEmpty else { return true }
            return !texts(item).contains { text in
                // ASCII text (most of it) is searched folding case on the fly, without the copy
                // `lowercased()` makes; other text, and a possible match, take the general path.
                var text = text
                let asciiMayMatch = text.withUTF8 { Self.ascii($0, mayContainLowercase: firstWords) }
                if asciiMayMatch == false { return false }
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
        }
    }

    /// Whether `haystack`, lowercased, may contain any of `needles` (lowercase already):
    /// `false` only if `haystack` is ASCII and contains none of them; `nil` if it is not ASCII.
    ///
    /// Scans 16 bytes at a time: a lane is a candidate when its byte with the 0x20 bit set (a
    /// lowercase letter for a letter) equals a needle's first byte, a superset of the bytes
    /// that lowercase to it; only candidates are compared byte by byte. The byte-at-a-time
    /// scan this replaces was most of a 10,000-post scroll (the FeedLoaderOverhead benchmark).
    private static func ascii(_ haystack: UnsafeBufferPointer<UInt8>, mayContainLowercase needles: [[UInt8]]) -> Bool? {
        typealias Chunk = SIMD16<UInt8>
        let count = haystack.count
        guard let base = haystack.baseAddress else { return false }

        func matches(_ needle: [UInt8], at start: Int) -> Bool {
            guard start + needle.count <= count else { return false }
            for index in needle.indices where lower(base[start + index]) != needle[index] { return false }
            return true
        }
        // A needle whose first byte lacks the 0x20 bit would be missed by the folding below:
        // such needles (no keyword's first word starts so) take the byte-by-byte loop alone.
        let foldable = needles.allSatisfy { ($0.first ?? 0x20) & 0x20 != 0 }
        var bits = Chunk()  // every byte ORed together: the top bit says "not ASCII"
        var offset = 0
        if foldable && count >= Chunk.scalarCount {
            while offset < count {
                // The last, partial chunk is read as the text's last 16 bytes, its lanes already
                // scanned skipped: the byte-by-byte loop it replaces cost more than all the
                // chunks of a post's title.
                let start = min(offset, count - Chunk.scalarCount)
                let chunk = UnsafeRawPointer(base + start).loadUnaligned(as: Chunk.self)
                bits |= chunk
                let folded = chunk | Chunk(repeating: 0x20)
                for needle in needles {
                    guard let first = needle.first else { continue }
                    let candidates = folded .== Chunk(repeating: first)
                    guard any(candidates) else { continue }
                    // A match found before a non-ASCII byte: the caller takes the general path
                    // either way, so `true` stands for `nil` too.
                    for lane in (offset - start)..<Chunk.scalarCount
                    where candidates[lane] && matches(needle, at: start + lane) {
                        return true
                    }
                }
                offset = start + Chunk.scalarCount
            }
        }
        var tailBits: UInt8 = 0
        for start in offset..<count {
            tailBits |= base[start]
            let byte = lower(base[start])
            for needle in needles where needle.first == byte && matches(needle, at: start) { return true }
        }
        guard (bits & Chunk(repeating: 0x80)) == Chunk() && tailBits & 0x80 == 0 else { return nil }
        return false
    }

    /// `byte` lowercased, for ASCII.
    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

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
