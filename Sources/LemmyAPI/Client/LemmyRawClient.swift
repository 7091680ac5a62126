public import Foundation
public import HTTPLoading

/// Sends typed Lemmy requests to one instance, in the wire format of the server's version.
///
/// <!-- sample: doc-lemmyrawclient -->
/// ```swift
/// let client = LemmyRawClient(instanceURL: URL(string: "https://lemmy.ml")!, token: jwt)
/// let version = try await client.serverVersion()          // one GetSite, shared by all callers
/// let post = try await client.send(LemmyAnyGeneration.GetPost(ApiGetPost(id: 42)))   // v3 or v4, as the server speaks
/// ```
///
/// The first call detects the server version (see ``serverVersion()``); every request then
/// follows that version's rules (see ``LemmyRequestEncoder``): 0.18 gets the token in `auth`,
/// 0.19 and later get `Authorization: Bearer`, 1.0 uses `/api/v4` requests (``LemmyV4``).
/// A ``LemmyV3`` request sent to a 1.0 server, or the reverse, fails with
/// ``LemmyClientError/generationMismatch(request:server:)``.
///
/// The HTTP work is done by an HTTPLoading chain the caller can replace; the client builds
/// absolute requests, so a chain needs no `ServerEnvironmentLoader` and should not
/// validate statuses (Lemmy errors are read from response bodies).
public final class LemmyRawClient: Sendable {
    /// The instance, e.g. `https://lemmy.ml`.
    public let instanceURL: URL
    /// The chain requests go through.
    public let loader: any HTTPLoader
    /// Where the token comes from; nil for a guest client.
    public let tokenProvider: (any LemmyTokenProvider)?
    private let detector: LemmyVersionDetector

    /// Creates a client for `instanceURL` with a token provider.
    ///
    /// - Parameters:
    ///   - instanceURL: the instance every request goes to.
    ///   - tokenProvider: where the token of authenticated requests comes from; nil for a guest.
    ///   - loader: the chain; ``defaultLoader(instanceURL:userAgent:logger:terminal:)`` when nil.
    ///   - knownVersion: the server version if already known (skips detection).
    public init(
        instanceURL: URL,
        tokenProvider: (any LemmyTokenProvider)?,
        loader: (any HTTPLoader)? = nil,
        knownVersion: LemmyServerVersion? = nil
    ) {
        let loader = loader ?? Self.defaultLoader(instanceURL: instanceURL)
        self.instanceURL = instanceURL
        self.loader = loader
        self.tokenProvider = tokenProvider
        self.detector = LemmyVersionDetector(known: knownVersion) {
            await LemmySiteVersionProbe(instanceURL: instanceURL, loader: loader).detect()
        }
    }

    /// Creates a client for `instanceURL` with a fixed token (or none, for a guest).
    public convenience init(
        instanceURL: URL,
        token: String? = nil,
        loader: (any HTTPLoader)? = nil,
        knownVersion: LemmyServerVersion? = nil
    ) {
        self.init(instanceURL: instanceURL, tokenProvider: token.map { LemmyTokenStore($0) }, loader: loader, knownVersion: knownVersion)
    }

    /// The server version if it is already known, without waiting.
    public var knownServerVersion: LemmyServerVersion? { detector.current }

    /// The server version, detected with one GetSite the first time it is needed; concurrent
    /// callers share that one request. A failed detection is retried by the next call.
    public func serverVersion() async throws(LemmyClientError) -> LemmyServerVersion {
        try await detector.version()
    }

    /// Sends `request` and decodes its response.
    public func send<R: LemmyRequest>(_ request: R) async throws(LemmyClientError) -> R.Response {
        try await send(request) { _ in }
    }

    /// Sends `request` with `configure` applied to the HTTP request first (its options: a retry
    /// strategy, a deduplication key), and decodes its response.
    public func send<R: LemmyRequest>(
        _ request: R, configuring configure: @Sendable (inout LoadRequest) -> Void
    ) async throws(LemmyClientError) -> R.Response {
        let version = try await serverVersion()
        var loadRequest = try await self.loadRequest(for: request, version: version)
        configure(&loadRequest)
        let response = try await load(consume loadRequest)
        return try LemmyResponseMapper.decode(R.Response.self, from: response, generation: version.generation)
    }

    /// The HTTP request `send(_:)` would send for `request` to a server of `version`.
    public func loadRequest<R: LemmyRequest>(for request: R, version: LemmyServerVersion) async throws(LemmyClientError) -> LoadRequest {
        try LemmyRequestEncoder.loadRequest(for: request, instanceURL: instanceURL, version: version, token: await currentToken())
    }

    /// Passes `request` through the chain, mapping failures to ``LemmyClientError``.
    func load(_ request: consuming LoadRequest) async throws(LemmyClientError) -> LoadResponse {
        if Task.isCancelled { throw .cancelled }
        do {
            return try await loader.load(consume request)
        } catch {
            throw LemmyClientError(error)
        }
    }

    /// The provider's current token.
    func currentToken() async -> String? {
        await tokenProvider?.currentToken()
    }
}
