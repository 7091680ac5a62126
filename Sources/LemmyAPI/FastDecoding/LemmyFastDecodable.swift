/// A type that reads itself straight from JSON bytes with ``LemmyJSONReader``, the fast path of
/// ``LemmyResponseDecoder``.
///
/// Generated Api types conform (the generator's `FastDecoderEmitter`), with the semantics of their
/// `init(from:)` for an ordinary decoder: every version's keys, unknown keys ignored, unknown
/// enum values kept. A decoder either returns exactly the value `JSONDecoder` would, or
/// throws ``LemmyJSONBail`` and the caller decodes with `JSONDecoder` instead.
///
/// Decoders call ``lemmyJSONValue(_:)``, not the initializer: generated objects implement it with
/// Swift's memberwise initializer (see ``LemmyMemberwise``), and an initializer that wrapped it
/// would copy the value once more.
protocol LemmyFastDecodable {
    /// Reads one value at the reader's position.
    init(lemmyJSON reader: inout LemmyJSONReader) throws(LemmyJSONBail)

    /// Reads one value at the reader's position; by default with ``init(lemmyJSON:)``.
    static func lemmyJSONValue(_ reader: inout LemmyJSONReader) throws(LemmyJSONBail) -> Self
}

extension LemmyFastDecodable {
    static func lemmyJSONValue(_ reader: inout LemmyJSONReader) throws(LemmyJSONBail) -> Self { try Self(lemmyJSON: &reader) }
}

/// The type of `_memberwise`, a private stored property of every generated object with members.
/// That property makes the struct's synthesized memberwise initializer private to its file and
/// gives it another name than the public initializer's, so that both can exist.
///
/// The fast decoder builds objects with that memberwise initializer. Swift 6.3 copies a struct of
/// `var` properties out of any initializer written out (a copy of every member, then a destroy
/// of the original: about 2,300 instructions for a post view), and not out of the synthesized one.
/// A value has no size, and all values are equal.
struct LemmyMemberwise: Hashable, Sendable {}

extension Int: LemmyFastDecodable {
    init(lemmyJSON reader: inout LemmyJSONReader) throws(LemmyJSONBail) { self = try reader.int() }
}

extension Double: LemmyFastDecodable {
    init(lemmyJSON reader: inout LemmyJSONReader) throws(LemmyJSONBail) { self = try reader.double() }
}

extension String: LemmyFastDecodable {
    init(lemmyJSON reader: inout LemmyJSONReader) throws(LemmyJSONBail) { self = try reader.string() }
}

extension Bool: LemmyFastDecodable {
    init(lemmyJSON reader: inout LemmyJSONReader) throws(LemmyJSONBail) {
        switch try reader.peek() {
        case UInt8(ascii: "t"):
            try reader.literal(0x65_75_72_74)  // "true"
            self = true
        case UInt8(ascii: "f"):
            try reader.literalFalse()
            self = false
        default:
            throw LemmyJSONBail()
        }
    }
}

extension LemmyDate: LemmyFastDecodable {
    init(lemmyJSON reader: inout LemmyJSONReader) throws(LemmyJSONBail) { self = try reader.date() }

    /// A timestamp whose text `parse` already read.
    init(parsedRawValue: String, secondsSince1970: Double) {
        self.rawValue = parsedRawValue
        self.secondsSince1970 = secondsSince1970
    }
}

extension Array: LemmyFastDecodable where Element: LemmyFastDecodable {
    init(lemmyJSON reader: inout LemmyJSONReader) throws(LemmyJSONBail) {
        self.init()
        var more = try reader.beginArray()
        while more {
            append(try Element.lemmyJSONValue(&reader))
            more = try reader.nextElement()
        }
    }
}

extension Dictionary: LemmyFastDecodable where Key == String, Value: LemmyFastDecodable {
    init(lemmyJSON reader: inout LemmyJSONReader) throws(LemmyJSONBail) {
        self.init()
        var more = try reader.beginObject()
        while more {
            let key = try reader.key()
            let name = String(decoding: UnsafeBufferPointer(start: key.pointer, count: key.count), as: UTF8.self)
            // A repeated key gives up: which one `JSONDecoder` keeps is its business.
            guard self.updateValue(try Value.lemmyJSONValue(&reader), forKey: name) == nil else { throw LemmyJSONBail() }
            more = try reader.nextMember()
        }
    }
}

extension LemmyJSONValue: LemmyFastDecodable {
    init(lemmyJSON reader: inout LemmyJSONReader) throws(LemmyJSONBail) {
        switch try reader.peek() {
        case UInt8(ascii: "n"):
            try reader.literal(0x6C_6C_75_6E)  // "null"
            self = .null
        case UInt8(ascii: "t"), UInt8(ascii: "f"): self = .bool(try Bool(lemmyJSON: &reader))
        case UInt8(ascii: "\""): self = .string(try reader.string())
        case UInt8(ascii: "["): self = .array(try [LemmyJSONValue](lemmyJSON: &reader))
        case UInt8(ascii: "{"): self = .object(try [String: LemmyJSONValue](lemmyJSON: &reader))
        default: self = .number(try reader.double())
        }
    }
}

extension LemmyEmptyResponse: LemmyFastDecodable {
    /// Accepts any value, as `init(from:)` does.
    init(lemmyJSON reader: inout LemmyJSONReader) throws(LemmyJSONBail) {
        try reader.skipValue()
        self.init()
    }
}

extension LemmyFastDecodable where Self: LemmyStringEnum {
    /// Reads the spelling and maps it as `init(from:)` does (unknown spellings are kept).
    init(lemmyJSON reader: inout LemmyJSONReader) throws(LemmyJSONBail) {
        self.init(wireValue: try reader.string())
    }
}
