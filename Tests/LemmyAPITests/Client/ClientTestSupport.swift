import Foundation
import HTTPLoading
import HTTPLoadingTesting
import HTTPTypes
import LemmyAPI

/// Shared values and helpers for the raw client tests.
enum ClientTestSupport {
    static let instance = URL(string: "https://lemmy.example")!
    static let token = "jwt.TOKEN-42"

    /// A client whose version is already known, talking to `mock`.
    static func client(_ version: String, mock: MockLoader, token: String? = token) -> LemmyRawClient {
        LemmyRawClient(instanceURL: instance, token: token, loader: mock, knownVersion: LemmyServerVersion(version)!)
    }

    /// JSON re-serialised with sorted keys, for comparing bodies by meaning.
    static func canonicalJSON(_ data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            let again = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return nil }
        return String(decoding: again, as: UTF8.self)
    }

    /// The path without the query.
    static func path(of request: LoadRequest) -> String { request.pathWithoutQuery }

    /// The raw (percent-encoded) `name=value` pairs of the query, sorted.
    static func queryPairs(of request: LoadRequest) -> [String] {
        guard let path = request.head.path, let mark = path.firstIndex(of: "?") else { return [] }
        return path[path.index(after: mark)...].split(separator: "&").map(String.init).sorted()
    }

    /// Header fields as a name → value dictionary (lowercased names).
    static func headers(of request: LoadRequest) -> [String: String] {
        var out: [String: String] = [:]
        for field in request.headerFields { out[field.name.canonicalName] = field.value }
        return out
    }

    /// The request body's bytes.
    static func body(of request: LoadRequest) -> Data? {
        request.body.isEmpty ? nil : try? request.body.encode()
    }
}
