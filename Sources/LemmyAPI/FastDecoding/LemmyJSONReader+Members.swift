extension LemmyJSONReader {
    /// Records that the member with `bit` was seen; a second time gives up (`JSONDecoder`, not
    /// the fast path, decides what a repeated key means).
    @inline(__always)
    static func mark(_ seen: inout UInt64, _ bit: UInt64) throws(LemmyJSONBail) {
        guard seen & bit == 0 else { throw LemmyJSONBail() }
        seen |= bit
    }

    /// The value of a required member; a missing one gives up (`JSONDecoder` reports the key).
    @inline(__always)
    static func required<T>(_ value: T?) throws(LemmyJSONBail) -> T {
        guard let value else { throw LemmyJSONBail() }
        return value
    }

    /// The string value of the member `name` of the object at the reader's position, leaving
    /// the reader where it was (a tagged union reads its tag before its payload's members).
    mutating func tag(_ name: StaticString) throws(LemmyJSONBail) -> String {
        _ = try peek()
        let (savedIndex, savedDepth) = (index, depth)
        var found: String?
        var more = try beginObject()
        while more {
            let key = try key()
            if key.count == name.utf8CodeUnitCount, (0..<key.count).allSatisfy({ key.pointer[$0] == name.utf8Start[$0] }) {
                guard found == nil else { throw LemmyJSONBail() }
                found = try string()
            } else {
                try skipValue()
            }
            more = try nextMember()
        }
        (index, depth) = (savedIndex, savedDepth)
        return try Self.required(found)
    }
}
