/// A type that writes itself as JSON bytes with ``LemmyJSONWriter``, the fast path of
/// ``LemmyFastEncoding``.
///
/// Generated Api types conform (the generator's `FastEncoderEmitter`) with the semantics of their
/// `encode(to:)` for a `JSONEncoder` whose `userInfo` holds `target` (see
/// ``LemmyVersionedCoding``): the target version's keys, members and enum spellings. An encoder
/// either writes what `JSONEncoder` would write (up to the order of an object's members, which
/// `JSONEncoder` does not promise) or throws ``LemmyJSONBail``, wherever `encode(to:)` would throw
/// or might write something else, and the caller encodes with `JSONEncoder` instead.
protocol LemmyFastEncodable {
    /// Appends the value's JSON text for `target`.
    func encodeLemmyJSON(to writer: inout LemmyJSONWriter, target: LemmyVersionedCoding) throws(LemmyJSONBail)
}

extension Int: LemmyFastEncodable {
    @inline(__always)
    func encodeLemmyJSON(to writer: inout LemmyJSONWriter, target: LemmyVersionedCoding) throws(LemmyJSONBail) { writer.int(self) }
}

extension Double: LemmyFastEncodable {
    @inline(__always)
    func encodeLemmyJSON(to writer: inout LemmyJSONWriter, target: LemmyVersionedCoding) throws(LemmyJSONBail) {
        try writer.double(self)
    }
}

extension String: LemmyFastEncodable {
    @inline(__always)
    func encodeLemmyJSON(to writer: inout LemmyJSONWriter, target: LemmyVersionedCoding) throws(LemmyJSONBail) {
        writer.string(self)
    }
}

extension Bool: LemmyFastEncodable {
    @inline(__always)
    func encodeLemmyJSON(to writer: inout LemmyJSONWriter, target: LemmyVersionedCoding) throws(LemmyJSONBail) { writer.bool(self) }
}

extension LemmyDate: LemmyFastEncodable {
    /// The exact text, as `encode(to:)` writes it.
    @inline(__always)
    func encodeLemmyJSON(to writer: inout LemmyJSONWriter, target: LemmyVersionedCoding) throws(LemmyJSONBail) {
        writer.string(rawValue)
    }
}

extension Array: LemmyFastEncodable where Element: LemmyFastEncodable {
    /// Elements are read in place through the buffer: iterating the array copied each element
    /// (a retain and a release per reference in a view), a tenth of rendering a page of posts.
    func encodeLemmyJSON(to writer: inout LemmyJSONWriter, target: LemmyVersionedCoding) throws(LemmyJSONBail) {
        writer.beginArray()
        try withUnsafeBufferPointer { elements throws(LemmyJSONBail) in
            for index in elements.indices {
                writer.separator()
                try elements[index].encodeLemmyJSON(to: &writer, target: target)
            }
        }
        writer.endArray()
    }
}

extension Dictionary: LemmyFastEncodable where Key == String, Value: LemmyFastEncodable {
    /// An object in the dictionary's order (`JSONEncoder` picks its own order; the members are the same).
    func encodeLemmyJSON(to writer: inout LemmyJSONWriter, target: LemmyVersionedCoding) throws(LemmyJSONBail) {
        writer.beginObject()
        for (key, value) in self {
            writer.member(key: key)
            try value.encodeLemmyJSON(to: &writer, target: target)
        }
        writer.endObject()
    }
}

extension LemmyJSONValue: LemmyFastEncodable {
    func encodeLemmyJSON(to writer: inout LemmyJSONWriter, target: LemmyVersionedCoding) throws(LemmyJSONBail) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .number(let value): try writer.double(value)
        case .string(let value): writer.string(value)
        case .array(let value): try value.encodeLemmyJSON(to: &writer, target: target)
        case .object(let value): try value.encodeLemmyJSON(to: &writer, target: target)
        }
    }
}

extension LemmyEmptyResponse: LemmyFastEncodable {
    /// `null`, as `encode(to:)` writes.
    func encodeLemmyJSON(to writer: inout LemmyJSONWriter, target: LemmyVersionedCoding) throws(LemmyJSONBail) { writer.null() }
}

extension LemmyEmptyForm: LemmyFastEncodable {
    /// `{}`, as the synthesized `encode(to:)` writes.
    func encodeLemmyJSON(to writer: inout LemmyJSONWriter, target: LemmyVersionedCoding) throws(LemmyJSONBail) {
        writer.beginObject()
        writer.endObject()
    }
}

extension LemmyFastEncodable where Self: LemmyStringEnum {
    /// The target version's spelling; a case the version lacks gives up (`encode(to:)` throws
    /// ``LemmyVersionError`` for it).
    func encodeLemmyJSON(to writer: inout LemmyJSONWriter, target: LemmyVersionedCoding) throws(LemmyJSONBail) {
        guard let text = wireValue(in: target.version) else { throw LemmyJSONBail() }
        writer.string(text)
    }
}

extension LemmyVersionedUnion {
    /// Gives up when the target version uses another form (`encode(to:)` throws
    /// ``LemmyVersionError`` then), as `LemmyVersionedUnionCoding.checkForm` decides.
    @inline(__always)
    func checkFastForm(of all: LemmyVersionSet, target: LemmyVersionedCoding) throws(LemmyJSONBail) {
        if all.contains(target.version) && !versions.contains(target.version) { throw LemmyJSONBail() }
    }
}
