import Foundation

/// URLs as the `url` crate (WHATWG) reads and writes them, as far as the simulated web needs:
/// a lowercase scheme and host, no default port, `/` for an http(s) URL without a path.
extension SimulatedWeb {
    /// `text` as an absolute URL with a scheme (and for http and https a host), normalized; nil
    /// where `Url::parse` fails.
    static func absoluteURL(_ text: String) -> URL? {
        let text = whatwgPrepared(text)
        guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return nil }
        let lowered = scheme.lowercased()
        components.scheme = lowered
        guard lowered == "http" || lowered == "https" else { return components.url }
        guard let host = components.host, !host.isEmpty else { return nil }
        // An IPv4 address in any of the WHATWG spellings is written dotted (`127.1` is 127.0.0.1);
        // a host that ends in a number but is no address is no URL.
        if WebAddress.endsInNumber(host) {
            guard let bytes = WebAddress.literalBytes(host), bytes.count == 4 else { return nil }
            components.host = bytes.map(String.init).joined(separator: ".")
        } else {
            components.host = host.lowercased()
        }
        guard components.port.map({ (0...65_535).contains($0) }) ?? true else { return nil }
        if components.port == (lowered == "https" ? 443 : 80) { components.port = nil }
        components.percentEncodedPath = removingDotSegments(components.percentEncodedPath)
        if components.path.isEmpty { components.path = "/" }
        return components.url
    }

    /// The schemes WHATWG calls special (their URLs always have a host and a path from `/`).
    static let specialSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp"]

    /// What the `url` crate does to text before it parses it: C0 controls and spaces off both
    /// ends, tabs and newlines anywhere dropped, and for a special scheme any run of `/` and `\`
    /// after the colon read as `//` (`https:host`, `https:\\host`) and each `\` before the query as
    /// `/`.
    static func whatwgPrepared(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let isC0OrSpace = { (scalar: Unicode.Scalar) in scalar.value <= 0x20 }
        guard let first = scalars.firstIndex(where: { !isC0OrSpace($0) }), let last = scalars.lastIndex(where: { !isC0OrSpace($0) })
        else { return "" }
        let prepared = String(String.UnicodeScalarView(scalars[first...last].filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
        guard let colon = prepared.firstIndex(of: ":") else { return prepared }
        let scheme = prepared[..<colon].lowercased()
        guard specialSchemes.contains(scheme) else { return prepared }
        let rest = prepared[prepared.index(after: colon)...].drop { $0 == "/" || $0 == "\\" }
        let end = rest.firstIndex { $0 == "?" || $0 == "#" } ?? rest.endIndex
        return "\(scheme)://\(rest[..<end].replacingOccurrences(of: "\\", with: "/"))\(rest[end...])"
    }

    /// A path without `.` and `..` segments (RFC 3986, 5.2.4; `%2e` counts as a dot, as WHATWG
    /// reads it).
    static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") || path.lowercased().contains("%2e") else { return path }
        let isDot = { (segment: Substring) in segment == "." || segment.lowercased() == "%2e" }
        let isDotDot = { (segment: Substring) in [".." as Substring, ".%2e", "%2e.", "%2e%2e"].contains(Substring(segment.lowercased())) }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            if isDot(segment) {
                if isLast { output.append("") }
            } else if isDotDot(segment) {
                if output.count > 1 { output.removeLast() }
                if isLast { output.append("") }
            } else {
                output.append(segment)
            }
        }
        return output.joined(separator: "/")
    }

    /// Whether `url` is http or https (after ``absoluteURL(_:)``, its scheme is lowercase).
    static func isWeb(_ url: URL) -> Bool { url.scheme == "http" || url.scheme == "https" }

    /// `url.join(reference)`, normalized: an empty reference is the page itself, without its
    /// fragment.
    static func join(_ reference: String, to url: URL) -> String? {
        if reference.isEmpty {
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
            components?.fragment = nil
            return components?.url?.absoluteString
        }
        return URL(string: reference, relativeTo: url).flatMap { absoluteURL($0.absoluteString) }?.absoluteString
    }

    /// The URL's host, lowercased, without an IPv6 literal's brackets.
    static func bareHost(_ url: URL) -> String {
        let host = (url.host ?? "").lowercased()
        return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// The `url` crate's `ParseError` text for `text`.
    static func parseError(_ text: String) -> String {
        guard let url = URL(string: whatwgPrepared(text)), url.scheme != nil else { return "relative URL without a base" }
        if let port = url.port, port > 65_535 { return "invalid port number" }
        if let host = url.host, WebAddress.endsInNumber(host) { return "invalid IPv4 address" }
        return url.host == nil || url.host == "" ? "empty host" : "invalid domain character"
    }

    /// `text` as Rust's `{:?}` writes a string: quoted, with quotes, backslashes, control
    /// characters and the common invisible ones (zero-width, bidi, byte-order mark) escaped.
    static func rustDebug(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                let value = scalar.value
                let invisible = [0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0xFEFF...0xFEFF].contains { $0.contains(value) }
                if value < 0x20 || (0x7F...0x9F).contains(value) || invisible {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
