import Hummingbird
internal import Locking

/// One route a test server serves: its method and full path (`/api/v3/post/list`).
package struct ServedRoute: Hashable, Sendable, Comparable {
    /// The HTTP method, upper case.
    package var method: String
    /// The full path, with Hummingbird's `{name}` or `:name` parameters as registered.
    package var path: String

    package init(method: String, path: String) {
        self.method = method
        self.path = path
    }

    /// Path first, so a table reads like the API's layout.
    package static func < (lhs: ServedRoute, rhs: ServedRoute) -> Bool {
        (lhs.path, lhs.method) < (rhs.path, rhs.method)
    }
}

/// Collects the routes as they are registered, so the list of routes comes from the same calls
/// that serve them and cannot drift from what the server does. Hummingbird's router does not
/// expose its routes.
final class RouteRecorder: Sendable {
    private let routes = Locked<[ServedRoute]>([])

    init() {}

    func record(_ method: HTTPRequest.Method, _ path: String) {
        routes.withLock { $0.append(ServedRoute(method: method.rawValue, path: path)) }
    }

    var recorded: [ServedRoute] { routes.withLock { $0 } }
}
