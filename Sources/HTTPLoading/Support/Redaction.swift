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
        let origin = head.authority.map { "\(head.scheme ?? "https")://\($0)" } ?? ""
        return origin + redactedPath(head.path ?? "")
    }

    /// A path with query with the values of secret parameters replaced.
    public static func redactedPath(_ path: String) -> String {
        guard let mark = path.firstIndex(of: "?"), mayContainSecret(path[mark...]) else { return path }
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
        var name: [UInt8] = []
        name.reserveCapacity(16)
        var inName = true
        for byte in query.utf8.dropFirst() {
            switch byte {
            case UInt8(ascii: "&"):
                if isSecretName(name) { return true }
                name.removeAll(keepingCapacity: true)
                inName = true
            case UInt8(ascii: "=") where inName:
                if isSecretName(name) { return true }
                inName = false
            case UInt8(ascii: "%") where inName:
                return true
            default:
                // Only the first bytes matter: no secret name is longer than `longestSecretName`.
                if inName, name.count <= longestSecretName { name.append(byte | (byte >= 65 && byte <= 90 ? 0x20 : 0)) }
            }
        }
        return inName && isSecretName(name)
    }

    private static let secretNameBytes: Set<[UInt8]> = Set(secretParameters.map { Array($0.utf8) })
    private static let longestSecretName = secretParameters.map(\.utf8.count).max() ?? 0

    private static func isSecretName(_ lowercasedName: [UInt8]) -> Bool {
        lowercasedName.count <= longestSecretName && secretNameBytes.contains(lowercasedName)
    }

    /// Header fields as `Name: value` lines, with secret values replaced.
    public static func redactedHeaderLines(_ fields: HTTPFields) -> [String] {
        fields.map { field in
            "\(field.name): \(secretHeaders.contains(field.name) ? placeholder : field.value)"
        }
    }
}
