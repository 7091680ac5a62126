import Foundation

/// An append-only writer of compact JSON as UTF-8 bytes, for the generated `encodeLemmyJSON`
/// encoders (see `LemmyFastEncodable`).
///
/// It writes what `JSONEncoder` with `.withoutEscapingSlashes` writes for the same values: no
/// whitespace, `/` unescaped, the same string escapes and the same number text. Objects and
/// arrays are written in place, without an intermediate tree or a dictionary per object.
///
/// The bytes go into a block of its own, grown by `realloc` and handed to the `Data` it ends in
/// without a copy (``data()``): appended to an `[UInt8]`, each key, literal and run of text cost
/// a generic `append(contentsOf:)` (about an eighth of a test-server GetPosts), every doubling
/// copied the document so far, and `Data` copied it once more at the end. Not copyable, so the
/// block has exactly one owner, which frees it.
struct LemmyJSONWriter: ~Copyable {
    /// The document so far: the first ``count`` bytes of a `malloc`ed block of `capacity` bytes.
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes the document has so far.
    private(set) var count = 0

    /// Creates a writer whose buffer starts with room for `capacity` bytes.
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        storage = Self.allocate(self.capacity)
    }

    deinit { free(storage) }

    /// The document, in a `Data` that takes over the writer's block.
    consuming func data() -> Data {
        let data = Data(bytesNoCopy: storage, count: count, deallocator: .free)
        discard self
        return data
    }

    // MARK: Bytes

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if extra > capacity &- count { grow(to: count + extra) }
    }

    /// Grows the block to at least `needed` bytes, at least doubling it.
    @inline(never)
    private mutating func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        guard let grown = realloc(storage, newCapacity) else { fatalError("out of memory for \(newCapacity) bytes of JSON") }
        storage = grown.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let block = malloc(capacity) else { fatalError("out of memory for \(capacity) bytes of JSON") }
        return block.assumingMemoryBound(to: UInt8.self)
    }

    /// Appends one byte.
    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count &+= 1
    }

    /// Appends `bytes`.
    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (storage + count).initialize(from: source, count: bytes.count)
        count &+= bytes.count
    }

    // MARK: Structure

    /// `{`.
    @inline(__always)
    mutating func beginObject() { append(UInt8(ascii: "{")) }

    /// `}`.
    @inline(__always)
    mutating func endObject() { append(UInt8(ascii: "}")) }

    /// `[`.
    @inline(__always)
    mutating func beginArray() { append(UInt8(ascii: "[")) }

    /// `]`.
    @inline(__always)
    mutating func endArray() { append(UInt8(ascii: "]")) }

    /// `,` unless the value about to be written is the first of its object or array: the byte
    /// before a first member is the opening bracket, which no complete value ends with.
    @inline(__always)
    mutating func separator() {
        let last = count > 0 ? storage[count &- 1] : 0
        if last != UInt8(ascii: "{") && last != UInt8(ascii: "[") { append(UInt8(ascii: ",")) }
    }

    /// A member's key, given as its complete JSON text with the colon (`"name":`), after the
    /// separator. Generated code passes only keys that need no escaping.
    @inline(__always)
    mutating func member(_ quotedKey: StaticString) {
        separator()
        quotedKey.withUTF8Buffer { append($0) }
    }

    /// A member whose key is only known at run time (dictionaries, unknown union keys).
    mutating func member(key: String) {
        separator()
        string(key)
        append(UInt8(ascii: ":"))
    }

    /// Takes back the `}` of the object written from `start`, so more members can follow (a
    /// tagged union's discriminator after its payload's members). Gives up when the bytes from
    /// `start` are not an object.
    mutating func reopenObject(from start: Int) throws(LemmyJSONBail) {
        guard start >= 0, start < count, storage[start] == UInt8(ascii: "{"), storage[count &- 1] == UInt8(ascii: "}") else {
            throw LemmyJSONBail()
        }
        count -= 1
    }

    // MARK: Values

    /// `null`.
    mutating func null() { append("null") }

    /// `true` or `false`.
    mutating func bool(_ value: Bool) { append(value ? "true" : "false") }

    /// A decimal integer.
    mutating func int(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            append(UInt8(ascii: "0") &+ UInt8(magnitude))
            return
        }
        // Digits from the right into a stack buffer (an Int has at most 19 digits).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var index = 20
            while magnitude > 0 {
                index -= 1
                digits[index] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
            }
            append(UnsafeBufferPointer(rebasing: digits[index...]))
        }
    }

    /// A number as `JSONEncoder` writes a `Double`: Swift's shortest round-trip text, without a
    /// trailing `.0`. NaN and the infinities give up (`JSONEncoder` throws for them).
    mutating func double(_ value: Double) throws(LemmyJSONBail) {
        guard value.isFinite else { throw LemmyJSONBail() }
        // Whole numbers well inside the range Swift prints without an exponent are integers.
        if value == value.rounded(.towardZero), value.magnitude < 1e15, !(value == 0 && value.sign == .minus) {
            int(Int(value))
            return
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        text.withUTF8 { append($0) }
    }

    /// A string with `JSONEncoder`'s escapes: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t` and
    /// `\u00XX` for the other control characters; everything else as its UTF-8 bytes.
    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { appendEscaped($0) }
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        // Eight bytes at a time while none needs an escape, as most text needs none: a byte at a
        // time, the scan was two fifths of what encoding a post cost (the test server's GetPosts).
        if let base = utf8.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index &+ 8 <= utf8.count {
                if Self.containsEscapedByte(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    for position in index..<(index &+ 8) { escape(utf8, at: position, runStart: &runStart) }
                }
                index &+= 8
            }
        }
        while index < utf8.count {
            escape(utf8, at: index, runStart: &runStart)
            index &+= 1
        }
        if runStart < utf8.count { append(UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes in `word` is a control character, `"` or `\` (in any byte
    /// order). Exact, with no false positive: a byte below `n` (`n` at most 0x80) is the only
    /// one whose `byte - n` borrows into its high bit while its own high bit is clear, and bytes
    /// below the lowest such byte borrow nothing, so the subtraction across the word flags one
    /// exactly when there is one.
    @inline(__always)
    static func containsEscapedByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let quoteZero = (quote &- ones) & ~quote
        let backslashZero = (backslash &- ones) & ~backslash
        return (control | quoteZero | backslashZero) & highBits != 0
    }

    /// Writes the escape of the byte at `index` if it needs one, after the unescaped run before
    /// it (from `runStart`), and moves `runStart` past it.
    @inline(__always)
    private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int, runStart: inout Int) {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { return }
        if runStart < index { append(UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
        runStart = index + 1
        append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
        case 0x08: append(UInt8(ascii: "b"))
        case 0x0C: append(UInt8(ascii: "f"))
        case 0x0A: append(UInt8(ascii: "n"))
        case 0x0D: append(UInt8(ascii: "r"))
        case 0x09: append(UInt8(ascii: "t"))
        default:
            append("u00")
            append(Self.hexDigit(byte >> 4))
            append(Self.hexDigit(byte & 0xF))
        }
    }

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
    }

    /// Raw ASCII text (punctuation and literals only).
    @inline(__always)
    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }
}
