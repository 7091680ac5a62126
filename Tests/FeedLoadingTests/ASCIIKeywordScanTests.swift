@testable import FeedLoading
import Testing

@Suite("ASCII keyword scan")
struct ASCIIKeywordScanTests {
    @Test("says 'may contain' exactly where a folded substring search finds a word, at every length and offset")
    func agreesWithAPlainSubstringSearch() {
        // The scan reads 16 starts at a time, its last chunk overlapping the one before it; a
        // word must be found in every lane of every chunk, and nothing else may be a candidate
        // (a false "may contain" sends the text down the slow path for nothing).
        let words = ["rust", "go", "4chan", "x"].map { Array($0.utf8) }
        let scan = ASCIIKeywordScan(words: words)
        let fillers = ["a", "R", "t", "-", "G"]
        var disagreements: [String] = []
        for length in 0...40 {
            for offset in 0...length {
                for word in ["RuSt", "gO", "4CHAN", "ru", "rst", "4chn"] {
                    for filler in fillers {
                        let padding = String(repeating: filler, count: offset)
                        let text = String((padding + word + String(repeating: filler, count: length)).prefix(length))
                        let bytes = Array(text.utf8)
                        let expected = Self.containsFolded(bytes, any: words)
                        let found = bytes.withUnsafeBufferPointer(scan.mayContain)
                        if found != expected { disagreements.append(text) }
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "judged otherwise: \(disagreements.prefix(5))")
    }

    @Test("leaves non-ASCII text to the general path")
    func nonASCII() {
        let scan = ASCIIKeywordScan(words: [Array("kelvin".utf8)])
        let text = Array("\(String(repeating: "x", count: 30)) \u{212A}ELVIN".utf8)
        #expect(text.withUnsafeBufferPointer(scan.mayContain) == nil)
    }

    @Test("finds words whose first or last byte the 0x20 fold would not find, byte by byte")
    func unfoldableWords() {
        // "[" is 0x5B and "{" is 0x7B: they differ only in the 0x20 bit, which "[" lacks.
        let scan = ASCIIKeywordScan(words: [Array("[x".utf8)])
        let padding = String(repeating: "a", count: 30)
        #expect(Array("\(padding)[X".utf8).withUnsafeBufferPointer(scan.mayContain) == true)
        #expect(Array("\(padding){x".utf8).withUnsafeBufferPointer(scan.mayContain) == false)
    }

    /// Whether `text`, with ASCII capitals lowercased, contains any of `words`.
    private static func containsFolded(_ text: [UInt8], any words: [[UInt8]]) -> Bool {
        let folded = text.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return words.contains { word in
            guard folded.count >= word.count else { return false }
            return (0...(folded.count - word.count)).contains { Array(folded[$0..<($0 + word.count)]) == word }
        }
    }
}
