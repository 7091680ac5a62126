import Foundation
public import HTTPTypes

/// Hides secrets in what the library prints: credentials never reach a log line or an error.
public enum Redaction {
    /// The text that replaces a secret.
    public static let placeholder = "<redacted>"

    /// Query parameters whose values are secrets (Lemmy 0.18 sends `auth` as one).
    public static let secretParameters: Set<String> = ["auth", "jwt", "token", "access_token", "refresh_token", "password", "api_key"]

    /// Header fields whose values are secrets.
    public static let secretHeaders: Set<HTTPField.Name> = [.authorization, .proxyAuthorization, .cookie, .setCookie]

    /// The request target (`https://host/path?query`) with secret query values replaced.
    public static func redactedTarget(of head: HTTPRequest) -> String {
        let path = redactedPath(head.path ?? "")
        guard let authority = head.authority else { return path }
        return (head.scheme ?? "https") + "://" + authority + path
    }

    /// A path with query with the values of secret parameters replaced.
    ///
    /// The query is taken apart at its bytes `?`, `&` and `=`: as Characters, a combining mark
    /// after one of them makes a different Character, and a secret after it would go unseen.
    public static func redactedPath(_ path: String) -> String {
        let mayContainSecret =
            path.utf8.withContiguousStorageIfAvailable(queryMayContainSecret)
            ?? Array(path.utf8).withUnsafeBufferPointer(queryMayContainSecret)
        guard mayContainSecret, let mark = path.utf8.firstIndex(of: UInt8(ascii: "?")) else { return path }
        let pairs = path.utf8[path.utf8.index(after: mark)...].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
        let query = pairs.map { pair -> String in
            let name = String(Substring(pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)[0]))
            let decoded = name.removingPercentEncoding?.lowercased() ?? name.lowercased()
            return secretParameters.contains(decoded) ? "\(name)=\(placeholder)" : String(Substring(pair))
        }
        return String(Substring(path.utf8[..<mark])) + "?" + query.joined(separator: "&")
    }

    /// A cheap pre-check so that most paths are not split and decoded just to find nothing: looks
    /// at the bytes of each parameter name in the query, without allocating, because it runs for
    /// every logged request. A name with a percent escape counts as a possible secret (the slow
    /// path decodes it).
    private static func queryMayContainSecret(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let mark = path.firstIndex(of: UInt8(ascii: "?")) else { return false }
        var nameStart = mark + 1
        var inName = true
        for index in (mark + 1)..<path.count {
            switch path[index] {
            case UInt8(ascii: "&"):
                if inName && isSecretName(path[nameStart..<index]) { return true }
                nameStart = index + 1
                inName = true
            case UInt8(ascii: "=") where inName:
                if isSecretName(path[nameStart..<index]) { return true }
                inName = false
            case UInt8(ascii: "%") where inName:
                return true
            default:
                break
            }
        }
        return inName && isSecretName(path[nameStart..<path.count])
    }

    private static let secretNameBytes: [[UInt8]] = secretParameters.map { Array($0.utf8) }
    private static let longestSecretName = secretParameters.map(\.utf8.count).max() ?? 0

    /// Whether `name` is a secret parameter's name, ASCII letters compared case-insensitively.
    private static func isSecretName(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let count = name.count
        guard count > 0, count <= longestSecretName else { return false }
        for secret in secretNameBytes where secret.count == count {
            var offset = 0
            var index = name.startIndex
            // The secret names are lowercase: an ASCII capital is lowered before comparing.
            while offset < count, secret[offset] == (name[index] &- 65 < 26 ? name[index] | 0x20 : name[index]) {
                offset += 1
                index += 1
            }
            if offset == count { return true }
        }
        return false
    }

    /// Header fields as `Name: value` lines, with secret values replaced.
    public static func redactedHeaderLines(_ fields: HTTPFields) -> [String] {
        fields.map { field in
            "\(field.name): \(secretHeaders.contains(field.name) ? placeholder : field.value)"
        }
    }
}
