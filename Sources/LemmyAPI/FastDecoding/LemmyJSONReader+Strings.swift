/// Where a string's bytes are, between its quotes.
struct LemmyJSONStringSpan {
    /// The first byte after the opening quote.
    var start: Int
    /// Bytes up to the closing quote.
    var count: Int
    /// Whether the string has backslash escapes (its bytes are not its value).
    var escaped: Bool
}

extension LemmyJSONReader {
    /// Reads a string value.
    @inline(__always)
    mutating func string() throws(LemmyJSONBail) -> String {
        guard try peek() == UInt8(ascii: "\"") else { throw LemmyJSONBail() }
        let span = try scanString()
        guard span.escaped else { return String(decoding: UnsafeBufferPointer(start: base + span.start, count: span.count), as: UTF8.self) }
        try unescape(span)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// Reads a timestamp, parsing the bytes in place (the same parser `LemmyDate(rawValue:)` runs).
    @inline(__always)
    mutating func date() throws(LemmyJSONBail) -> LemmyDate {
        guard try peek() == UInt8(ascii: "\"") else { throw LemmyJSONBail() }
        let span = try scanString()
        if span.escaped {
            try unescape(span)
            guard let date = LemmyDate(rawValue: String(decoding: scratch, as: UTF8.self)) else { throw LemmyJSONBail() }
            return date
        }
        let bytes = UnsafeBufferPointer(start: base + span.start, count: span.count)
        guard let seconds = LemmyDate.parse(bytes) else { throw LemmyJSONBail() }
        return LemmyDate(parsedRawValue: String(decoding: bytes, as: UTF8.self), secondsSince1970: seconds)
    }

    /// Consumes a string (the reader is at its opening quote) and returns where its bytes are.
    ///
    /// Checks what `JSONDecoder` checks and more: no raw control characters, valid UTF-8. Eight
    /// bytes at a time while none is a quote, a backslash or a control character.
    @inline(__always)
    mutating func scanString() throws(LemmyJSONBail) -> LemmyJSONStringSpan {
        index += 1
        let start = index
        var escaped = false
        var high: UInt64 = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops: UInt64 = 0x8080_8080_8080_8080
        while true {
            while end - index >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let quote = word ^ (ones &* 0x22)
                let slash = word ^ (ones &* 0x5C)
                let stop =
                    ((quote &- ones) & ~quote & tops) | ((slash &- ones) & ~slash & tops) | ((word &- ones &* 0x20) & ~word & tops)
                if stop == 0 {
                    high |= word
                    index += 8
                } else {
                    // The lowest flagged byte is a real hit; the bytes before it are plain.
                    let before = stop.trailingZeroBitCount / 8
                    high |= word & ((1 << (UInt64(before) * 8)) &- 1)
                    index += before
                    break
                }
            }
            guard index < end else { throw LemmyJSONBail() }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                let count = index - start
                index += 1
                if high & tops != 0, !Self.isValidUTF8(base + start, count) { throw LemmyJSONBail() }
                return LemmyJSONStringSpan(start: start, count: count, escaped: escaped)
            } else if byte == UInt8(ascii: "\\") {
                // The escape is checked by `unescape`; skipping two bytes steps over `\"`.
                escaped = true
                index += 2
            } else if byte < 0x20 {
                throw LemmyJSONBail()
            } else {
                high |= UInt64(byte)
                index += 1
            }
        }
    }

    /// Writes the value of an escaped string into `scratch`.
    mutating func unescape(_ span: LemmyJSONStringSpan) throws(LemmyJSONBail) {
        scratch.removeAll(keepingCapacity: true)
        scratch.reserveCapacity(span.count)
        let stop = span.start + span.count
        var i = span.start
        var run = i
        let ones: UInt64 = 0x0101_0101_0101_0101
        while i < stop {
            // Long texts (comment bodies) have few escapes: find the next backslash a word at a time.
            while stop - i >= 8 {
                let slash = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) ^ (ones &* 0x5C)
                let hit = (slash &- ones) & ~slash & (ones &* 0x80)
                if hit != 0 {
                    i += hit.trailingZeroBitCount / 8
                    break
                }
                i += 8
            }
            while i < stop, base[i] != UInt8(ascii: "\\") { i += 1 }
            guard i < stop else { break }
            scratch.append(contentsOf: UnsafeBufferPointer(start: base + run, count: i - run))
            guard i + 1 < stop else { throw LemmyJSONBail() }
            switch base[i + 1] {
            case UInt8(ascii: "\""): scratch.append(0x22)
            case UInt8(ascii: "\\"): scratch.append(0x5C)
            case UInt8(ascii: "/"): scratch.append(0x2F)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(at: i + 2, stop: stop)
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate must be followed by an escaped low one.
                    guard i + 11 < stop, base[i + 6] == UInt8(ascii: "\\"), base[i + 7] == UInt8(ascii: "u") else { throw LemmyJSONBail() }
                    let low = try hex4(at: i + 8, stop: stop)
                    guard (0xDC00...0xDFFF).contains(low) else { throw LemmyJSONBail() }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw LemmyJSONBail()
                }
                appendUTF8(scalar)
                i += 4
            default:
                throw LemmyJSONBail()
            }
            i += 2
            run = i
        }
        scratch.append(contentsOf: UnsafeBufferPointer(start: base + run, count: stop - run))
    }

    /// The four hex digits at `at` (before `stop`).
    private func hex4(at offset: Int, stop: Int) throws(LemmyJSONBail) -> UInt32 {
        guard offset + 4 <= stop else { throw LemmyJSONBail() }
        var value: UInt32 = 0
        for k in 0..<4 {
            let byte = base[offset + k]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw LemmyJSONBail()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Whether `count` bytes at `p` are well-formed UTF-8 (no overlong forms, surrogates or
    /// scalars above U+10FFFF).
    static func isValidUTF8(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var i = 0
        @inline(__always) func continuation(_ k: Int) -> UInt8? {
            guard k < count, p[k] & 0xC0 == 0x80 else { return nil }
            return p[k]
        }
        while i < count {
            let lead = p[i]
            switch lead {
            case 0..<0x80:
                i += 1
            case 0xC2..<0xE0:
                guard continuation(i + 1) != nil else { return false }
                i += 2
            case 0xE0..<0xF0:
                guard let second = continuation(i + 1), continuation(i + 2) != nil else { return false }
                if lead == 0xE0 && second < 0xA0 || lead == 0xED && second >= 0xA0 { return false }
                i += 3
            case 0xF0..<0xF5:
                guard let second = continuation(i + 1), continuation(i + 2) != nil, continuation(i + 3) != nil else { return false }
                if lead == 0xF0 && second < 0x90 || lead == 0xF4 && second >= 0x90 { return false }
                i += 4
            default:
                return false
            }
        }
        return true
    }
}
