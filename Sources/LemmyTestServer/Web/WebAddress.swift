import Foundation

/// Where a host name of the simulated web resolves, as Lemmy's check against fetching internal
/// addresses sees it.
///
/// The simulated DNS: an IP literal is its own address; `localhost` and names under `.localhost`,
/// `.local` or `.internal` resolve to a loopback or private address; any other name resolves to
/// a public address when a page is published on it, and does not resolve otherwise.
enum WebAddress: Equatable {
    /// An IPv4 or IPv6 literal, with its bytes.
    case literal([UInt8])
    /// A name that resolves to an internal address.
    case internalName
    /// A name that resolves to a public address.
    case publicName
    /// A name that does not resolve.
    case unresolved

    /// The address class of `host` (brackets around an IPv6 literal allowed), given the hosts
    /// pages are published on.
    static func resolve(_ host: String, publishedHosts: Set<String>) -> WebAddress {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if let bytes = literalBytes(bare) { return .literal(bytes) }
        let name = bare.lowercased()
        if name == "localhost" || [".localhost", ".local", ".internal"].contains(where: name.hasSuffix) { return .internalName }
        return publishedHosts.contains(name) ? .publicName : .unresolved
    }

    /// The 4 or 16 bytes of an IP literal, or nil for a name. IPv4 as the WHATWG URL standard
    /// reads a host (the `url` crate's): one to four dot-separated numbers, each decimal, octal
    /// (`0` first) or hexadecimal (`0x` first), the last filling the bytes left, so that
    /// `127.1`, `0x7f.0.0.1` and `2130706433` are all 127.0.0.1.
    static func literalBytes(_ text: String) -> [UInt8]? {
        if let v4 = whatwgIPv4(text) { return v4 }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// Whether the URL standard reads `host` as IPv4 (its last part is a number), so that it is
    /// an IPv4 address or no valid host at all.
    static func endsInNumber(_ host: String) -> Bool {
        var parts = host.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count > 1, parts.last == "" { parts.removeLast() }
        guard let last = parts.last, !last.isEmpty else { return false }
        if last.utf8.allSatisfy({ (0x30...0x39).contains($0) }) { return true }
        let lower = last.lowercased()
        return lower.hasPrefix("0x") && lower.dropFirst(2).utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private static func whatwgIPv4(_ text: String) -> [UInt8]? {
        guard endsInNumber(text) else { return nil }
        var parts = text.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count > 1, parts.last == "" { parts.removeLast() }
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            var digits = Substring(part)
            var radix = 10
            if digits.lowercased().hasPrefix("0x") {
                digits = digits.dropFirst(2)
                radix = 16
            } else if digits.count > 1, digits.first == "0" {
                digits = digits.dropFirst()
                radix = 8
            }
            let allowed = radix == 16 ? "0123456789abcdefABCDEF" : radix == 8 ? "01234567" : "0123456789"
            guard !part.isEmpty, digits.count <= 20, digits.allSatisfy(allowed.contains) else { return nil }
            guard let number = digits.isEmpty ? 0 : UInt64(digits, radix: radix) else { return nil }
            numbers.append(number)
        }
        guard numbers.dropLast().allSatisfy({ $0 <= 255 }) else { return nil }
        let last = numbers[numbers.count - 1]
        guard last < UInt64(1) << (8 * (5 - numbers.count)) else { return nil }
        var value = last
        for (index, number) in numbers.dropLast().enumerated() { value += number << (8 * (3 - index)) }
        return [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// Lemmy 0.19's test (its own copy of Rust's `is_private`, `is_link_local`, `is_loopback`,
    /// `is_multicast`, and for IPv6 loopback, multicast, unique local and link-local).
    var isInternalFor019: Bool {
        switch self {
        case .internalName: return true
        case .publicName, .unresolved: return false
        case .literal(let bytes):
            if bytes.count == 4 {
                return Self.v4Private(bytes) || Self.v4Loopback(bytes) || Self.v4Multicast(bytes) || Self.v4LinkLocal(bytes)
            }
            let uniqueLocal = bytes[0] & 0xFE == 0xFC
            let linkLocal = bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80
            return Self.v6Loopback(bytes) || bytes[0] == 0xFF || uniqueLocal || linkLocal
        }
    }

    /// activitypub-federation 0.7's `validate_ip` (Lemmy 1.0): 0.19's test plus documentation,
    /// unspecified and broadcast addresses, and IPv4-mapped IPv6 addresses judged as IPv4.
    var isInternalFor10: Bool {
        switch self {
        case .internalName: return true
        case .publicName, .unresolved: return false
        case .literal(let bytes):
            if bytes.count == 4 { return Self.v4Invalid(bytes) }
            let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
            if mapped { return Self.v4Invalid(Array(bytes[12...])) }
            let documentation =
                bytes[0...3] == [0x20, 0x01, 0x0D, 0xB8] || (bytes[0] == 0x3F && bytes[1] == 0xFF && bytes[2] & 0xF0 == 0)
            return isInternalFor019 || bytes.allSatisfy { $0 == 0 } || documentation
        }
    }

    private static func v4Invalid(_ b: [UInt8]) -> Bool {
        let documentation = [[192, 0, 2], [198, 51, 100], [203, 0, 113]].contains(Array(b[0...2]))
        let special = b.allSatisfy { $0 == 0 } || b.allSatisfy { $0 == 255 }
        return v4Private(b) || v4Loopback(b) || v4LinkLocal(b) || v4Multicast(b) || documentation || special
    }
    private static func v4Private(_ b: [UInt8]) -> Bool { b[0] == 10 || (b[0] == 172 && b[1] & 0xF0 == 16) || (b[0] == 192 && b[1] == 168) }
    private static func v4Loopback(_ b: [UInt8]) -> Bool { b[0] == 127 }
    private static func v4Multicast(_ b: [UInt8]) -> Bool { b[0] & 0xF0 == 0xE0 }
    private static func v4LinkLocal(_ b: [UInt8]) -> Bool { b[0] == 169 && b[1] == 254 }
    private static func v6Loopback(_ b: [UInt8]) -> Bool { b[0..<15].allSatisfy { $0 == 0 } && b[15] == 1 }
}
