import Foundation

/// A gzip member (RFC 1952) whose deflate stream uses stored blocks only (RFC 1951 §3.2.4).
///
/// Every gzip reader must accept stored blocks, so this is real gzip for the client under test,
/// without a compression library: the point of `/gzip` is the framing and `Content-Encoding`, not
/// the ratio.
enum Gzip {
    static func wrap(_ data: Data) -> Data {
        var out = Data([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff])
        var offset = data.startIndex
        repeat {
            let length = min(0xffff, data.endIndex - offset)
            let isLast = offset + length == data.endIndex
            out.append(isLast ? 0x01 : 0x00)
            out.append(littleEndian: UInt16(length))
            out.append(littleEndian: ~UInt16(length))
            out.append(data[offset..<(offset + length)])
            offset += length
        } while offset < data.endIndex
        out.append(littleEndian: crc32(data))
        out.append(littleEndian: UInt32(truncatingIfNeeded: data.count))
        return out
    }

    /// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), as gzip's trailer needs.
    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xedb8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }
}

extension Data {
    fileprivate mutating func append<T: FixedWidthInteger>(littleEndian value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
