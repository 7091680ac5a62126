/// Rewrites requests in flight with a closure (add a header, sign, rewrite a path).
public final class ModifyRequestLoader: ChainedLoader {
    /// The link to the next loader.
    public let next = NextLoader()
    private let modify: @Sendable (inout LoadRequest) async throws(LoadError) -> Void

    /// Creates a loader that passes each request through `modify` before forwarding it.
    public init(_ modify: @escaping @Sendable (inout LoadRequest) async throws(LoadError) -> Void) {
        self.modify = modify
    }

    /// Modifies and forwards the request.
    public func load(_ request: consuming LoadRequest) async throws(LoadError) -> LoadResponse {
        try await modify(&request)
        return try await next.load(consume request)
    }
}
