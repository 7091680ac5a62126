/// Anything that turns a request into a response, eventually.
///
/// That is the whole contract: a loader may answer the request itself (a transport, a mock, a
/// cache) or hand it to another loader. Loaders are reference types so that a chain, once wired,
/// has one identity per link and a reset reaches each link once.
public protocol HTTPLoader: AnyObject, Sendable {
    /// Loads `request`. Cancelling the calling task cancels the load, reported as
    /// ``LoadError/Code-swift.enum/cancelled``.
    ///
    /// The request is given up by the caller (`consuming`), so that a loader that changes it
    /// (adds the origin, a header field) changes it in place when no one else holds it, instead
    /// of copying its head. A loader may still declare the parameter without `consuming`; it then
    /// borrows the request, and passing it on copies it. See "Pass the request on, keep none of
    /// it" in <doc:BuildingALoaderChain>.
    func load(_ request: consuming LoadRequest) async throws(LoadError) -> LoadResponse

    /// Forgets per-session state (credentials, queues) and passes the reset on downstream.
    ///
    /// Implementations call `context.claim(self)` first and return at once when it is `false`,
    /// so that in a graph of loaders each one resets exactly once.
    func reset(in context: ResetContext) async
}

extension HTTPLoader {
    /// Resets this loader and everything downstream of it; returns when all are clean.
    public func reset() async {
        await reset(in: ResetContext())
    }

    /// Loads `request` and returns its response (a convenience spelling of ``load(_:)``).
    public func callAsFunction(_ request: consuming LoadRequest) async throws(LoadError) -> LoadResponse {
        try await load(consume request)
    }
}

/// A loader that hands requests on to a next loader, wired once with `-->`.
public protocol ChainedLoader: HTTPLoader {
    /// The link to the next loader.
    var next: NextLoader { get }
}

extension ChainedLoader {
    /// Resets nothing of its own and passes the reset on.
    public func reset(in context: ResetContext) async {
        guard context.claim(self) else { return }
        await next.reset(in: context)
    }
}
