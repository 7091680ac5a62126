/// The fast path gave up on a payload: it is not plain, valid, unambiguous JSON of the expected
/// shape. ``LemmyResponseDecoder`` then decodes the same bytes with `JSONDecoder`, which either
/// succeeds (the payload was only unusual: escaped keys, `1.0` for an integer, duplicate keys) or
/// reports the failure with its coding path. The fast path never reports a failure itself.
struct LemmyJSONBail: Error {}

/// A forward-only reader over the UTF-8 bytes of a JSON document, for the generated
/// `init(lemmyJSON:)` decoders (see ``LemmyFastDecodable``).
///
/// It reads in place: no intermediate tree, no dictionary per object. Keys come back as byte
/// ranges (``LemmyJSONKey``) that generated code matches without making strings. It accepts
/// strictly less than `JSONDecoder`: anything unusual throws ``LemmyJSONBail`` and the caller
/// falls back, so a value it returns is the value `JSONDecoder` would return.
struct LemmyJSONReader {
    /// The first byte of the document.
    let base: UnsafePointer<UInt8>
    /// The number of bytes.
    let end: Int
    /// The next byte to read.
    var index = 0
    /// Open objects and arrays.
    var depth = 0
    /// Reused buffer for strings with escapes.
    var scratch: [UInt8] = []

    /// Deeper nesting gives up (`JSONDecoder` allows 512; staying below keeps the recursion small
    /// and never accepts what it refuses).
    static let maxDepth = 256

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.end = count
    }

    /// Decodes a whole document as `T`; nil when the fast path gives up.
    static func decode<T: LemmyFastDecodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) -> T? {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return nil }
        var reader = LemmyJSONReader(base: start.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        do {
            let value = try T.lemmyJSONValue(&reader)
            reader.skipWhitespace()
            return reader.index == reader.end ? value : nil
        } catch {
            return nil
        }
    }

    // MARK: Structure

    /// Skips JSON whitespace (space, tab, line feed, carriage return).
    @inline(__always)
    mutating func skipWhitespace() {
        while index < end {
            let byte = base[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    /// The next byte after whitespace, not consumed.
    @inline(__always)
    mutating func peek() throws(LemmyJSONBail) -> UInt8 {
        skipWhitespace()
        guard index < end else { throw LemmyJSONBail() }
        return base[index]
    }

    /// Consumes `{`; true when a member follows, false for `{}`.
    @inline(__always)
    mutating func beginObject() throws(LemmyJSONBail) -> Bool {
        guard try peek() == UInt8(ascii: "{") else { throw LemmyJSONBail() }
        return try open(closing: UInt8(ascii: "}"))
    }

    /// Consumes `[`; true when an element follows, false for `[]`.
    @inline(__always)
    mutating func beginArray() throws(LemmyJSONBail) -> Bool {
        guard try peek() == UInt8(ascii: "[") else { throw LemmyJSONBail() }
        return try open(closing: UInt8(ascii: "]"))
    }

    @inline(__always)
    private mutating func open(closing: UInt8) throws(LemmyJSONBail) -> Bool {
        depth += 1
        guard depth <= Self.maxDepth else { throw LemmyJSONBail() }
        index += 1
        if try peek() == closing {
            index += 1
            depth -= 1
            return false
        }
        return true
    }

    /// After a member's value: consumes `,` (true: another member follows) or `}` (false).
    @inline(__always)
    mutating func nextMember() throws(LemmyJSONBail) -> Bool {
        try next(closing: UInt8(ascii: "}"))
    }

    /// After an element: consumes `,` (true: another element follows) or `]` (false).
    @inline(__always)
    mutating func nextElement() throws(LemmyJSONBail) -> Bool {
        try next(closing: UInt8(ascii: "]"))
    }

    @inline(__always)
    private mutating func next(closing: UInt8) throws(LemmyJSONBail) -> Bool {
        let byte = try peek()
        index += 1
        if byte == UInt8(ascii: ",") { return true }
        guard byte == closing else { throw LemmyJSONBail() }
        depth -= 1
        return false
    }

    /// Reads a member's key and the colon after it. Keys with escapes give up (they would have to
    /// be unescaped before matching; Lemmy never sends them).
    @inline(__always)
    mutating func key() throws(LemmyJSONBail) -> LemmyJSONKey {
        guard try peek() == UInt8(ascii: "\"") else { throw LemmyJSONBail() }
        let span = try scanString()
        guard !span.escaped else { throw LemmyJSONBail() }
        guard try peek() == UInt8(ascii: ":") else { throw LemmyJSONBail() }
        index += 1
        return LemmyJSONKey(pointer: base + span.start, count: span.count)
    }

    /// Consumes `null` if it comes next.
    @inline(__always)
    mutating func consumeNull() throws(LemmyJSONBail) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try literal(0x6C_6C_75_6E)  // "null"
        return true
    }

    /// Consumes the four bytes `word` (little-endian), e.g. `null` or `true`.
    @inline(__always)
    mutating func literal(_ word: UInt32) throws(LemmyJSONBail) {
        guard end - index >= 4,
            UInt32(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self)) == word
        else { throw LemmyJSONBail() }
        index += 4
    }

    /// Consumes `false` (five bytes: `fals` as a word, then `e`).
    @inline(__always)
    mutating func literalFalse() throws(LemmyJSONBail) {
        try literal(0x73_6C_61_66)  // "fals"
        guard index < end, base[index] == UInt8(ascii: "e") else { throw LemmyJSONBail() }
        index += 1
    }

    // MARK: Skipping

    /// Skips one value of any kind, checking it as strictly as it would be read.
    mutating func skipValue() throws(LemmyJSONBail) {
        switch try peek() {
        case UInt8(ascii: "\""):
            let span = try scanString()
            if span.escaped { _ = try unescape(span) }
        case UInt8(ascii: "{"):
            var more = try beginObject()
            while more {
                _ = try key()
                try skipValue()
                more = try nextMember()
            }
        case UInt8(ascii: "["):
            var more = try beginArray()
            while more {
                try skipValue()
                more = try nextElement()
            }
        case UInt8(ascii: "t"): try literal(0x65_75_72_74)  // "true"
        case UInt8(ascii: "n"): try literal(0x6C_6C_75_6E)  // "null"
        case UInt8(ascii: "f"): try literalFalse()
        default:
            _ = try scanNumber()
        }
    }
}

/// A member's key: the bytes between the quotes, in the reader's buffer.
///
/// Generated decoders switch on ``count`` and compare little-endian words loaded from the key
/// (overlapping at the end) against constants, so matching a key costs a few integer compares.
struct LemmyJSONKey {
    /// The first byte of the key.
    let pointer: UnsafePointer<UInt8>
    /// The key's length in bytes.
    let count: Int

    /// The byte at `offset`.
    @inline(__always) func u8(_ offset: Int) -> UInt8 { pointer[offset] }

    /// Two bytes at `offset`, little-endian.
    @inline(__always) func u16(_ offset: Int) -> UInt16 {
        UInt16(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    /// Four bytes at `offset`, little-endian.
    @inline(__always) func u32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// Eight bytes at `offset`, little-endian.
    @inline(__always) func u64(_ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
