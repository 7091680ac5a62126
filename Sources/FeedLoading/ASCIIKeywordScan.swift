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
        foldable = words.allSatisfy { ($0.first ?? 0x20) & 0x20 != 0 && ($0.last ?? 0x20) & 0x20 != 0 }
    }

    /// `false` if `text` is ASCII and contains none of the words in any case; `true` if it may
    /// contain one; `nil` if it is not ASCII (Unicode lowercasing can turn other bytes into
    /// ASCII letters: the Kelvin sign is a "k").
    func mayContain(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let base = text.baseAddress, !needles.isEmpty else { return false }
        guard Self.isASCII(base, count: text.count) else { return nil }
        return needles.withUnsafeBufferPointer { needles in
            // One needle at a time over the whole text, so that the loop keeps its two vectors
            // in registers: scanning all needles per chunk reloaded them for every chunk.
            for index in needles.indices where Self.occurs(needles[index], in: base, count: text.count, folding: foldable) {
                return true
            }
            return false
        }
    }

    /// Whether `needle` may occur in the `count` ASCII bytes at `base`: `true` at its first
    /// match, case folded.
    private static func occurs(_ needle: Needle, in base: UnsafePointer<UInt8>, count: Int, folding: Bool) -> Bool {
        let length = needle.bytes.count
        guard count >= length else { return false }
        let starts = count - length + 1  // the positions where the needle fits
        var start = 0
        if folding && starts >= Chunk.scalarCount {
            // 16 starts at a time; the last chunk is read overlapping the one before it, and its
            // lanes already looked at are skipped.
            let lastChunk = starts - Chunk.scalarCount
            while true {
                let chunk = min(start, lastChunk)
                let firsts = load(base, chunk) | Chunk(repeating: 0x20)
                let lasts = load(base, chunk &+ length &- 1) | Chunk(repeating: 0x20)
                let candidates = (firsts .== needle.first) .& (lasts .== needle.last)
                // Tested as two words: here `any(_:)` compiled to a call of a generic reduction,
                // and comparing the vectors to a long shuffle.
                let words = unsafeBitCast(candidates, to: SIMD2<UInt64>.self)
                if words[0] | words[1] != 0 {
                    for lane in (start &- chunk)..<Chunk.scalarCount
                    where candidates[lane] && matches(needle.bytes, base, at: chunk &+ lane) {
                        return true
                    }
                }
                start = chunk &+ Chunk.scalarCount
                if start == starts { return false }
            }
        }
        // Short texts, and needles whose bytes the 0x20 fold could miss.
        while start < starts {
            if matches(needle.bytes, base, at: start) { return true }
            start &+= 1
        }
        return false
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

    /// Whether `needle` occurs at `start` of the bytes at `base` (which hold it), ASCII case
    /// folded.
    private static func matches(_ needle: [UInt8], _ base: UnsafePointer<UInt8>, at start: Int) -> Bool {
        for index in needle.indices where lower(base[start &+ index]) != needle[index] { return false }
        return true
    }

    /// `byte` lowercased, for ASCII.
    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}
