import Foundation

/// Normalises URLs so that one resource stands for one URL however it was built: lowercase
/// scheme and host, no empty path segments, no fragment, query items sorted by name.
enum ResourceURL {
    static func normalize(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        components.fragment = nil
        var path = components.percentEncodedPath
        while path.contains("//") { path = path.replacingOccurrences(of: "//", with: "/") }
        if path.isEmpty { path = "/" }
        components.percentEncodedPath = path
        if let items = components.queryItems, !items.isEmpty {
            components.queryItems = items.enumerated()
                .sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }
                .map(\.element)
        } else {
            components.query = nil
        }
        return components.url ?? url
    }

    /// `base` joined with `path` (which may carry a query), as Siesta does: the path is appended
    /// to the base path rather than resolved against it.
    static func join(_ base: URL, _ path: String) -> URL {
        var baseText = base.absoluteString
        while baseText.hasSuffix("/") { baseText.removeLast() }
        let suffix = path.hasPrefix("/") ? path : "/" + path
        return URL(string: baseText + suffix) ?? base
    }
}
