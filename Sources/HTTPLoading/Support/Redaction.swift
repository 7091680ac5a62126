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
    public static func redactedPath(_ path: String) -> String {
        // Searched as bytes: a Character search breaks graphemes, and this runs for every logged request.
        guard let mark = path.utf8.firstIndex(of: UInt8(ascii: "?")), mayContainSecret(path[mark...]) else { return path }
        let query = path[path.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            let decoded = name.removingPercentEncoding?.lowercased() ?? name.lowercased()
            return secretParameters.contains(decoded) ? "\(name)=\(placeholder)" : String(pair)
        }
        return path[..<mark] + "?" + query.joined(separator: "&")
    }

    /// A cheap pre-check so that most queries are not split and decoded just to find nothing: looks
    /// at each parameter name's bytes, without allocating, because it runs for every logged request.
    /// A name with a percent escape counts as a possible secret (the slow path decodes it).
    private static func mayContainSecret(_ query: Substring) -> Bool {
        let bytes = query.utf8.dropFirst()
        var nameStart = bytes.startIndex
        var inName = true
        var index = bytes.startIndex
        while index != bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: "&"):
                if inName && isSecretName(bytes[nameStart..<index]) { return true }
                nameStart = bytes.index(after: index)
                inName = true
            case UInt8(ascii: "=") where inName:
                if isSecretName(bytes[nameStart..<index]) { return true }
                inName = false
            case UInt8(ascii: "%") where inName:
                return true
            default:
                break
            }
            index = bytes.index(after: index)
        }
        return inName && isSecretName(bytes[nameStart..<bytes.endIndex])
    }

    private static let secretNameBytes: [[UInt8]] = secretParameters.map { Array($0.utf8) }
    private static let longestSecretName = secretParameters.map(\.utf8.count).max() ?? 0

    /// Whether `name` is a secret parameter's name, ASCII letters compared case-insensitively.
    private static func isSecretName(_ name: Substring.UTF8View.SubSequence) -> Bool {
        let count = name.count
        guard count <= longestSecretName else { return false }
        return secretNameBytes.contains { secret in
            secret.count == count && zip(secret, name).allSatisfy { $0 == ($1 >= 65 && $1 <= 90 ? $1 | 0x20 : $1) }
        }
    }

    /// Header fields as `Name: value` lines, with secret values replaced.
    public static func redactedHeaderLines(_ fields: HTTPFields) -> [String] {
        fields.map { field in
            "\(field.name): \(secretHeaders.contains(field.name) ? placeholder : field.value)"
        }
    }
}
