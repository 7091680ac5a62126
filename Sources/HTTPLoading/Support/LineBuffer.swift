/// Writes a short line of text as bytes into a string's uninitialized storage: one allocation
/// and a copy of each part, where appending the parts to a `String` cost a capacity check and a
/// grapheme-aware append apiece. For lines formatted on every request, such as a log line.
struct LineBuffer {
    private var buffer: UnsafeMutableBufferPointer<UInt8>
    /// The bytes written so far.
    private(set) var count = 0

    /// Writes into `buffer`; parts past its end are cut off, never written out of bounds.
    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// The most bytes a decimal `Int` takes, sign included.
    static let decimalWidth = 20

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(bytes: $0) }
    }

    /// Appends a literal part (a separator, a unit): its bytes are in the binary, where a
    /// `String` literal is first checked for contiguous UTF-8 on every append.
    mutating func append(literal text: StaticString) {
        text.withUTF8Buffer { append(bytes: $0) }
    }

    private mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        let length = Swift.min(bytes.count, buffer.count - count)
        guard length > 0, let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
        (target + count).update(from: source, count: length)
        count += length
    }

    mutating func append(decimal value: Int) {
        if value < 0 { append(literal: "-") }
        var magnitude = value.magnitude
        let start = count
        repeat {
            guard count < buffer.count else { break }
            buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            count += 1
            magnitude /= 10
        } while magnitude > 0
        // Written lowest digit first.
        buffer[start..<count].reverse()
    }
}

extension String {
    /// A string of at most `capacity` UTF-8 bytes written by `write`.
    init(lineOfAtMost capacity: Int, _ write: (inout LineBuffer) -> Void) {
        self.init(unsafeUninitializedCapacity: capacity) { storage in
            var line = LineBuffer(storage)
            write(&line)
            return line.count
        }
    }
}
