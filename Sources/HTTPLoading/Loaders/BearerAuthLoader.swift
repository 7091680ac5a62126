internal import Locking
public import HTTPTypes

/// Supplies bearer tokens to a ``BearerAuthLoader``.
public protocol AccessTokenProvider: Sendable {
    /// The token to use now, or `nil` to send requests without one (a guest).
    func currentToken() async throws -> String?
    /// Called once when the server rejected `rejected`; returns its replacement.
    func refreshedToken(replacing rejected: String) async throws -> String
}

/// Adds `Authorization: Bearer <token>` and recovers from an expired token.
///
/// When a response says the token was rejected (401 unless configured otherwise), the loader asks
/// the provider for a new token once, however many requests hold the rejected token; requests that
/// arrive meanwhile wait instead of sending the stale token. Each rejected request is then replayed
/// once with the new token, or, if the refresh fails, every waiting request fails with
/// ``LoadError/Code-swift.enum/authenticationFailed``. A reset starts a new generation: a token
/// that arrives for an older one is discarded.
public final class BearerAuthLoader: ChainedLoader {
    /// The link to the next loader.
    public let next = NextLoader()
    private let provider: any AccessTokenProvider
    private let isRejection: @Sendable (LoadResponse) -> Bool
    private let state = Locked(State())

    private struct State {
        /// `nil` until the provider's current token was read in this generation; `.some(nil)` for a guest.
        var token: BearerToken??
        var refresh: (rejected: String, task: Task<String, any Error>)?
        var generation = 0
    }

    /// A token with its header field, built once: building and checking the field for every
    /// request cost more than the rest of the loader.
    private struct BearerToken {
        let value: String
        let field: HTTPField

        init(_ value: String) {
            self.value = value
            field = HTTPField(name: .authorization, value: "Bearer \(value)")
        }
    }

    /// Creates a loader; `isRejection` recognises a response refusing the token.
    public init(
        provider: any AccessTokenProvider,
        isRejection: @escaping @Sendable (LoadResponse) -> Bool = { $0.statusCode == HTTPResponse.Status.unauthorized.code }
    ) {
        self.provider = provider
        self.isRejection = isRejection
    }

    /// Authorises and forwards the request; refreshes and replays once on rejection.
    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        guard request.wantsAuthentication(by: .bearer), request.headerFields[.authorization] == nil else {
            return try await next.load(request)
        }
        // Usually the token read before is at hand: taken under the lock, without an async call.
        let known = state.withLock { $0.refresh == nil ? $0.token : nil }
        let token: BearerToken?
        if let known { token = known } else { token = try await currentToken(for: request) }
        guard let token else { return try await next.load(request) }

        if case .accepted(let response) = try await send(request, with: token.field) { return response }
        let replacement = try await refreshedToken(replacing: token.value, for: request)
        switch try await send(request, with: BearerToken(replacement).field) {
        case .accepted(let response):
            return response
        case .rejected(let response):
            throw LoadError(.authenticationFailed, request: request, response: response, message: "the refreshed token was rejected too")
        }
    }

    /// What the server made of a token.
    private enum Attempt {
        case accepted(LoadResponse)
        /// Refused, in a response or in an error that carries it.
        case rejected(LoadResponse)
    }

    /// Sends `request` with `field` added; an error that does not refuse the token is thrown.
    /// Inlined: an async call of its own is a frame and an executor check more for every request.
    @inline(__always)
    private func send(_ request: LoadRequest, with field: HTTPField) async throws(LoadError) -> Attempt {
        let response: LoadResponse
        do throws(LoadError) {
            response = try await next.load(request.adding(field))
        } catch {
            guard let refused = error.rejectedResponse, isRejection(refused) else { throw error }
            return .rejected(refused)
        }
        return isRejection(response) ? .rejected(response) : .accepted(response)
    }

    /// Forgets the token and abandons a refresh in progress.
    public func reset(in context: ResetContext) async {
        guard context.claim(self) else { return }
        let refresh = state.withLock { state in
            defer {
                state.token = nil
                state.refresh = nil
                state.generation += 1
            }
            return state.refresh
        }
        refresh?.task.cancel()
        await next.reset(in: context)
    }

    private func currentToken(for request: LoadRequest) async throws(LoadError) -> BearerToken? {
        let (known, refresh, generation) = state.withLock { ($0.token, $0.refresh?.task, $0.generation) }
        if let refresh { return BearerToken(try await waitForRefresh(refresh, generation: generation, for: request)) }
        if let known { return known }
        let token: BearerToken?
        do { token = try await provider.currentToken().map(BearerToken.init) } catch {
            throw LoadError(
                .authenticationFailed, request: request, underlying: SendableErrorBox(error), message: "the token provider failed")
        }
        state.withLock { state in
            if state.generation == generation, state.token == nil { state.token = .some(token) }
        }
        return token
    }

    private func refreshedToken(replacing rejected: String, for request: LoadRequest) async throws(LoadError) -> String {
        let (ready, task, generation) = state.withLock { state -> (String?, Task<String, any Error>?, Int) in
            // Another request already replaced this token: use the new one without refreshing again.
            if case .some(.some(let token)) = state.token, token.value != rejected { return (token.value, nil, state.generation) }
            if let refresh = state.refresh { return (nil, refresh.task, state.generation) }
            let generation = state.generation
            let task = Task { [provider] in try await provider.refreshedToken(replacing: rejected) }
            state.refresh = (rejected, task)
            return (nil, task, generation)
        }
        if let ready { return ready }
        return try await waitForRefresh(task!, generation: generation, for: request)
    }

    /// Waits for a refresh, records its token if this generation is still current, and returns it.
    private func waitForRefresh(_ task: Task<String, any Error>, generation: Int, for request: LoadRequest) async throws(LoadError)
        -> String
    {
        let outcome: Result<String, any Error>
        do { outcome = .success(try await task.value) } catch { outcome = .failure(error) }
        let current = state.withLock { state -> Bool in
            guard state.generation == generation else { return false }
            if state.refresh?.task == task {
                state.refresh = nil
                if case .success(let token) = outcome { state.token = .some(BearerToken(token)) }
            }
            return true
        }
        guard current else { throw LoadError(.resetInProgress, request: request, message: "reset during a token refresh") }
        if Task.isCancelled { throw LoadError(.cancelled, request: request) }
        switch outcome {
        case .success(let token): return token
        case .failure(let error):
            throw LoadError(
                .authenticationFailed, request: request, underlying: SendableErrorBox(error), message: "the token refresh failed")
        }
    }
}

extension LoadRequest {
    /// This request with `field` added to its header fields.
    fileprivate func adding(_ field: HTTPField) -> LoadRequest {
        var request = self
        request.headerFields.append(field)
        return request
    }
}
