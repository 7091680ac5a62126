/// Routes each request to one of several child chains: by an option, by host, or by any rule.
///
/// A router turns a chain into a graph. Its reset reaches every child, and the shared
/// ``ResetContext`` makes sure a loader reachable through several children resets once.
public final class RouterLoader: HTTPLoader {
    /// One routing rule: the first route whose predicate matches takes the request.
    public struct Route: Sendable {
        let matches: @Sendable (LoadRequest) -> Bool
        let loader: any HTTPLoader

        /// A route taking requests for which `matches` is `true`.
        public init(to loader: any HTTPLoader, when matches: @escaping @Sendable (LoadRequest) -> Bool) {
            self.matches = matches
            self.loader = loader
        }

        /// A route taking requests whose `option` equals `value`.
        public static func option<Option: RequestOption & SendableMetatype>(
            _ option: Option.Type, equals value: Option.Value, to loader: any HTTPLoader
        ) -> Route
        where Option.Value: Equatable {
            Route(to: loader) { $0.options[Option.self] == value }
        }

        /// A route taking requests for `host` (case-insensitive).
        public static func host(_ host: String, to loader: any HTTPLoader) -> Route {
            let host = host.lowercased()
            return Route(to: loader) { $0.origin?.host == host }
        }
    }

    private let routes: [Route]
    private let fallback: (any HTTPLoader)?

    /// Creates a router; requests no route takes go to `fallback`, or fail when there is none.
    public init(routes: [Route], fallback: (any HTTPLoader)? = nil) {
        self.routes = routes
        self.fallback = fallback
    }

    /// Hands the request to the first matching route's loader.
    public func load(_ request: consuming LoadRequest) async throws(LoadError) -> LoadResponse {
        guard let loader = routes.first(where: { $0.matches(request) })?.loader ?? fallback else {
            throw LoadError(.noNextLoader, request: request, message: "no route matches the request")
        }
        return try await loader.load(consume request)
    }

    /// Resets every child once.
    public func reset(in context: ResetContext) async {
        guard context.claim(self) else { return }
        for loader in routes.map(\.loader) + (fallback.map { [$0] } ?? []) {
            await loader.reset(in: context)
        }
    }
}
