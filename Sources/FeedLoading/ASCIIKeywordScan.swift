/// The quick first look of ``KeywordFilter``: whether ASCII text may contain any of its
/// keywords' first words, folding case on the fly, without the copy `lowercased()` makes.
///
/// Most texts contain no keyword even as a substring, and most are ASCII; for those this is
/// the filter's whole cost, so it scans 16 bytes at a time. A lane is a candidate only when
/// both the word's first and last bytes match there (a word's first letter alone, such as the
/// "r" of "rust", is in nearly every 16 bytes of English), and only candidates are compared
/// byte by byte.
struct ASCIIKeywordScan {
    private typealias Chunk = SIMD16<UInt8>

    /// One word to look for: its lowercase bytes, and its first and last byte with the 0x20 bit
    /// set, as the scan folds the text.
    private struct Needle {
        let bytes: [UInt8]
        let first: Chunk
        let last: Chunk
    }

    private let needles: [Needle]
    /// The longest needle's length: a chunk is scanned only where every needle's last byte
    /// can be read too.
    private let longest: Int
    /// Whether every needle's first and last bytes have the 0x20 bit set, so that folding the
    /// text with it finds every candidate; if not (no keyword starts or ends so in practice),
    /// the scan compares byte by byte.
    private let foldable: Bool

    /// Creates a scan for `words`, each lowercase and not empty.
    init(words: [[UInt8]]) {
        needles = words.compactMap { bytes in
            guard let first = bytes.first, let last = bytes.last else { return nil }
            return Needle(bytes: bytes, first: Chunk(repeating: first | 0x20), last: Chunk(repeating: last | 0x20))
        }
        longest = words.map(\.count).max() ?? 0
        foldable = words.allSatisfy { ($0.first ?? 0x20) & 0x20 != 0 && ($0.last ?? 0x20) & 0x20 != 0 }
    }

    /// `false` if `text` is ASCII and contains none of the words in any case; `true` if it may
    /// contain one; `nil` if it is not ASCII (Unicode lowercasing can turn other bytes into
    /// ASCII letters: the Kelvin sign is a "k").
    func mayContain(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let base = text.baseAddress, !needles.isEmpty else { return false }
        guard Self.isASCII(base, count: text.count) else { return nil }
        return needles.withUnsafeBufferPointer { needles in
            var scanned = 0  // start positions below this have been looked at
            if foldable && text.count >= Chunk.scalarCount + longest - 1 {
                // The last chunk starts where every needle's last byte is still in the text; it
                // overlaps the chunk before it, whose lanes it skips.
                let lastStart = text.count - Chunk.scalarCount - (longest - 1)
                var offset = 0
                while offset <= lastStart + Chunk.scalarCount - 1 {
                    let start = min(offset, lastStart)
                    let folded = Self.load(base, start) | Chunk(repeating: 0x20)
                    for needle in needles {
                        let ends = Self.load(base, start + needle.bytes.count - 1) | Chunk(repeating: 0x20)
                        let candidates = (folded .== needle.first) .& (ends .== needle.last)
                        guard any(candidates) else { continue }
                        for lane in (offset - start)..<Chunk.scalarCount
                        where candidates[lane] && Self.matches(needle.bytes, base, text.count, at: start + lane) {
                            return true
                        }
                    }
                    offset = start + Chunk.scalarCount
                }
                scanned = lastStart + Chunk.scalarCount
            }
            // What the chunks did not reach: short texts, and the last starts of needles
            // shorter than the longest.
            for needle in needles where scanned <= text.count - needle.bytes.count {
                for start in scanned...(text.count - needle.bytes.count)
                where Self.matches(needle.bytes, base, text.count, at: start) {
                    return true
                }
            }
            return false
        }
    }

    private static func load(_ base: UnsafePointer<UInt8>, _ offset: Int) -> Chunk {
        UnsafeRawPointer(base + offset).loadUnaligned(as: Chunk.self)
    }

    /// Whether the `count` bytes at `base` are all ASCII, 16 at a time (the last chunk read
    /// as the text's last 16 bytes).
    private static func isASCII(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard count >= Chunk.scalarCount else {
            return (0..<count).allSatisfy { base[$0] & 0x80 == 0 }
        }
        var bits = load(base, count - Chunk.scalarCount)
        var offset = 0
        while offset + Chunk.scalarCount <= count {
            bits |= load(base, offset)
            offset += Chunk.scalarCount
        }
        return (bits & Chunk(repeating: 0x80)) == Chunk()
    }

    /// Whether `needle` occurs at `start` of the `count` bytes at `base`, ASCII case folded.
    private static func matches(_ needle: [UInt8], _ base: UnsafePointer<UInt8>, _ count: Int, at start: Int) -> Bool {
        guard start + needle.count <= count else { return false }
        for index in needle.indices where lower(base[start + index]) != needle[index] { return false }
        return true
    }

    /// `byte` lowercased, for ASCII.
    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}
