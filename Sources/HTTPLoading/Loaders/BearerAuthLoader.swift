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
        /// The header fields of the last request sent with a token, before and after the token
        /// was added: see ``authorized(_:with:)``.
        var lastAuthorized: (token: BearerToken, without: HTTPFields, with: HTTPFields)?
    }

    /// A token with its header field, built once: building and checking the field for every
    /// request cost more than the rest of the loader. A class, so that reading it is one retain.
    private final class BearerToken: Sendable {
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

    /// Whether fields made with a token are kept for the next request (for tests: a reset or a
    /// refresh must drop them with the token).
    var keepsAuthorizedFields: Bool { state.withLock { $0.lastAuthorized != nil } }

    /// Authorises and forwards the request; refreshes and replays once on rejection.
    ///
    /// The usual case, a token at hand that the server accepts, runs here; reading the token from
    /// the provider and recovering from a rejection run in functions of their own, to keep this
    /// async frame small (see "Keep a loader's async frame small" in the HTTPLoading docs).
    public func load(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        guard wantsToken(request) else { return try await loadWithoutToken(request) }
        // Usually the token read before is at hand: taken under the lock, without an async call.
        guard let known = knownToken() else { return try await loadReadingToken(request) }
        guard let token = known else { return try await loadWithoutToken(request) }
        return try await load(request, with: token)
    }

    /// Passes `request` on as it is. A function of its own, so that `load`'s frame holds one call
    /// of the next loader, not three (each adds its result and its error to the frame).
    @inline(never)
    private func loadWithoutToken(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        try await next.load(request)
    }

    /// Whether `request` is to carry the token: it asks for bearer authentication and has no
    /// Authorization field of its own.
    @inline(never)
    private func wantsToken(_ request: LoadRequest) -> Bool {
        request.wantsAuthentication(by: .bearer) && request.headerFields[.authorization] == nil
    }

    /// The token read before in this generation (`.some(nil)` for a guest), or `nil` when it must
    /// be read or a refresh is under way.
    private func knownToken() -> BearerToken?? {
        state.withLock { $0.refresh == nil ? $0.token : nil }
    }

    /// Loads `request` once the provider has given its token (or the refresh under way has).
    @inline(never)
    private func loadReadingToken(_ request: LoadRequest) async throws(LoadError) -> LoadResponse {
        guard let token = try await currentToken(for: request) else { return try await loadWithoutToken(request) }
        return try await load(request, with: token)
    }

    /// Sends `request` with `token`; refreshes it and replays the request if the server refuses it.
    /// Inlined: an async call of its own is a frame and an executor check more for every request.
    @inline(__always)
    private func load(_ request: LoadRequest, with token: BearerToken) async throws(LoadError) -> LoadResponse {
        let response: LoadResponse
        do throws(LoadError) {
            response = try await next.load(authorized(request, with: token))
        } catch {
            return try await recover(from: error, of: request, rejecting: token)
        }
        return isRejection(response) ? try await replay(request, rejecting: token) : response
    }

    /// Throws `error`, unless it carries a response refusing `token`: then replays `request`.
    @inline(never)
    private func recover(from error: LoadError, of request: LoadRequest, rejecting token: BearerToken) async throws(LoadError)
        -> LoadResponse
    {
        guard refusal(in: error) != nil else { throw error }
        return try await replay(request, rejecting: token)
    }

    /// Refreshes the rejected `token` and sends `request` again with its replacement, once.
    @inline(never)
    private func replay(_ request: LoadRequest, rejecting token: BearerToken) async throws(LoadError) -> LoadResponse {
        let replacement = try await refreshedToken(replacing: token.value, for: request)
        let response: LoadResponse
        do throws(LoadError) {
            response = try await next.load(request.adding(BearerToken(replacement).field))
        } catch {
            guard let refused = refusal(in: error) else { throw error }
            throw Self.refusedAgain(request, response: refused)
        }
        guard !isRejection(response) else { throw Self.refusedAgain(request, response: response) }
        return response
    }

    /// The response refusing the token that `error` carries (a validation loader further down
    /// turns a bad status into an error that keeps the response), if any.
    private func refusal(in error: LoadError) -> LoadResponse? {
        guard let refused = error.rejectedResponse, isRejection(refused) else { return nil }
        return refused
    }

    /// `request` with `token` added to its header fields.
    ///
    /// The requests of one client usually carry the same fields (the environment's defaults,
    /// shared). Adding the token copies them into new storage, two allocations and a copy of each
    /// field, so the result for the last request's fields is kept: a request whose fields are
    /// the same, byte for byte (see ``isIdentical(_:_:)``), gets that result, shared. Not inlined,
    /// so that its temporaries live on the thread's stack, not in the loader's async frame.
    @inline(never)
    private func authorized(_ request: LoadRequest, with token: BearerToken) -> LoadRequest {
        let last = state.withLock { $0.lastAuthorized }
        if let last, last.token === token, Self.isIdentical(last.without, request.headerFields) {
            var request = request
            request.headerFields = last.with
            return request
        }
        let authorized = request.adding(token.field)
        state.withLock { state in
            // Kept only for the token still current: a reset or refresh may have replaced it.
            if case .some(.some(let current)) = state.token, current === token {
                state.lastAuthorized = (token, request.headerFields, authorized.headerFields)
            }
        }
        return authorized
    }

    /// Whether `a` and `b` hold the same fields in the same order, each with the same name and
    /// value bytes and the same indexing strategy: what the request would send. `HTTPFields`'
    /// and `HTTPField`'s `==` are looser (names ignoring case, values by Unicode equivalence,
    /// strategies not at all), and a request must go out as its sender wrote it.
    private static func isIdentical(_ a: HTTPFields, _ b: HTTPFields) -> Bool {
        // The usual case first: one storage (the environment's defaults, assigned whole). Two
        // values whose bytes are the same are the same value, whatever the type's layout;
        // comparing each field's bytes cost more than the rest of the loader.
        let shared = withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.elementsEqual(b) } }
        if shared { return true }
        return a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                x.indexingStrategy == y.indexingStrategy && x.name.rawName.utf8.elementsEqual(y.name.rawName.utf8)
                    && x.value.utf8.elementsEqual(y.value.utf8)
            }
    }

    private static func refusedAgain(_ request: LoadRequest, response: LoadResponse) -> LoadError {
        LoadError(.authenticationFailed, request: request, response: response, message: "the refreshed token was rejected too")
    }

    /// Forgets the token and abandons a refresh in progress.
    public func reset(in context: ResetContext) async {
        guard context.claim(self) else { return }
        let refresh = state.withLock { state in
            defer {
                state.token = nil
                state.refresh = nil
                state.lastAuthorized = nil
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
                if case .success(let token) = outcome {
                    state.token = .some(BearerToken(token))
                    // The fields made with the rejected token, and the last request's fields with
                    // them, are not kept a moment longer than the token is.
                    state.lastAuthorized = nil
                }
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
    /// This request with `field` added to its header fields. Not inlined, so that its temporaries
    /// live on the thread's stack, not in the loader's async frame.
    @inline(never)
    fileprivate func adding(_ field: HTTPField) -> LoadRequest {
        var request = self
        request.headerFields.append(field)
        return request
    }
}
