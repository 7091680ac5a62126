import Foundation

/// URLs as the `url` crate (WHATWG) reads and writes them, as far as the simulated web needs:
/// a lowercase scheme and host, no default port, `/` for an http(s) URL without a path.
extension SimulatedWeb {
    /// `text` as an absolute URL with a scheme (and for http and https a host), normalized; nil
    /// where `Url::parse` fails.
    static func absoluteURL(_ text: String) -> URL? {
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
        if components.port == (lowered == "https" ? 443 : 80) { components.port = nil }
        if components.path.isEmpty { components.path = "/" }
        return components.url
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
        guard let url = URL(string: text), url.scheme != nil else { return "relative URL without a base" }
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
