extension LemmyJSONReader {
    /// Reads an integer written as plain digits. Fractions, exponents, `-0`, leading zeros and
    /// values outside `Int` give up, so `JSONDecoder` decides them (overflow is its typed error).
    @inline(__always)
    mutating func int() throws(LemmyJSONBail) -> Int {
        _ = try peek()
        var i = index
        let negative = base[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let first = i
        var magnitude: UInt64 = 0
        while i < end {
            let digit = base[i] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            // 19 digits stay below 2^64, so nothing wraps before the length check.
            magnitude = magnitude &* 10 &+ UInt64(digit)
            i += 1
        }
        let digits = i - first
        guard digits > 0, digits <= 19, digits == 1 || base[first] != UInt8(ascii: "0") else { throw LemmyJSONBail() }
        if i < end {
            let next = base[i]
            guard next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E") else { throw LemmyJSONBail() }
        }
        let value: Int64
        if negative {
            guard magnitude != 0, magnitude <= UInt64(Int64.max) + 1 else { throw LemmyJSONBail() }
            value = Int64(bitPattern: 0 &- magnitude)
        } else {
            guard magnitude <= UInt64(Int64.max) else { throw LemmyJSONBail() }
            value = Int64(magnitude)
        }
        guard let result = Int(exactly: value) else { throw LemmyJSONBail() }
        index = i
        return result
    }

    /// Reads a number as `Double`. Up to 15 digits without an exponent are exact in one division
    /// (both operands are exact doubles, IEEE division rounds correctly); longer forms go through
    /// the standard library's correctly rounded parser. Infinite results give up.
    mutating func double() throws(LemmyJSONBail) -> Double {
        _ = try peek()
        let start = index
        let exact = try scanNumber()
        if exact {
            var i = start
            let negative = base[i] == UInt8(ascii: "-")
            if negative { i += 1 }
            var mantissa: Int64 = 0
            var digits = 0
            var fraction = 0
            var inFraction = false
            while i < index {
                let byte = base[i]
                if byte == UInt8(ascii: ".") {
                    inFraction = true
                } else {
                    mantissa = mantissa &* 10 &+ Int64(byte &- UInt8(ascii: "0"))
                    digits += 1
                    if inFraction { fraction += 1 }
                }
                i += 1
            }
            if digits <= 15 {
                let value = fraction == 0 ? Double(mantissa) : Double(mantissa) / Self.powersOfTen[fraction]
                return negative ? -value : value
            }
        }
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw LemmyJSONBail() }
        return value
    }

    /// 10^0 ... 10^15, each exact in a `Double`.
    static let powersOfTen: [Double] = (0...15).map { pow10($0) }

    private static func pow10(_ n: Int) -> Double {
        var value = 1.0
        for _ in 0..<n { value *= 10 }
        return value
    }

    /// Consumes a number, checking JSON's grammar (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
    /// True when it has no exponent (digits and at most one point).
    @discardableResult
    mutating func scanNumber() throws(LemmyJSONBail) -> Bool {
        var i = index
        @inline(__always) func isDigit(_ k: Int) -> Bool { k < end && base[k] &- UInt8(ascii: "0") < 10 }
        if i < end, base[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(i) else { throw LemmyJSONBail() }
        if base[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            while isDigit(i) { i += 1 }
        }
        if i < end, base[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else { throw LemmyJSONBail() }
            while isDigit(i) { i += 1 }
        }
        var plain = true
        if i < end, base[i] == UInt8(ascii: "e") || base[i] == UInt8(ascii: "E") {
            plain = false
            i += 1
            if i < end, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") { i += 1 }
            guard isDigit(i) else { throw LemmyJSONBail() }
            while isDigit(i) { i += 1 }
        }
        index = i
        return plain
    }
}
