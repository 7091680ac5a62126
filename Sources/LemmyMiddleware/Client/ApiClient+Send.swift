internal import LemmyAPI
internal import HTTPLoading

extension ApiClient {
    /// The API generation of the server (detects the version on first use).
    func generation() async throws(ApiClientError) -> LemmyAPIGeneration {
        try await version().generation
    }

    /// The server version (detects it on first use).
    ///
    /// A known version is read without awaiting: `serverVersion()` is a nonisolated async call,
    /// so awaiting it from the main actor hops to the global executor and back, two thread
    /// switches each time. A page load asks twice (version, then generation): these hops were 3 of
    /// the 5.5 context switches a page that a scroll through ApiClient added to the raw client's.
    func version() async throws(ApiClientError) -> LemmyServerVersion {
        if let known = raw.knownServerVersion { return known }
        do { return try await raw.serverVersion() } catch { throw ApiClientError(error) }
    }

    /// Sends `request` if ``permissions`` allow; on a rejected token gets a new one through
    /// ``refreshedToken(replacing:)`` and retries once.
    ///
    /// On return, and when it throws a server's answer, ``mergeSequence`` holds the request's
    /// sequence number, for the caller's merge (which runs before any other code on the main
    /// actor): some refusals tell what the server did (see `Post2.save(_:)`).
    ///
    /// `configure` adjusts the HTTP request's options first (e.g. no retries for a request a
    /// server counts against a strict limit).
    func send<R: LemmyRequest>(
        _ request: R, mutation: Bool, configuring configure: @Sendable (inout LoadRequest) -> Void = { _ in }
    ) async throws(ApiClientError) -> R.Response {
        try checkPermission(mutation: mutation)
        let sequence = takeSequence()
        // Answered or refused, the caller merges next.
        defer { beginMerge(sequence) }
        let sentWith = tokenStore.token
        do {
            return try await raw.send(request, configuring: configure)
        } catch {
            let mapped = ApiClientError(error)
            guard mapped.kind == .notLoggedIn, await refreshedToken(replacing: sentWith) else { throw mapped }
            do { return try await raw.send(request, configuring: configure) } catch { throw ApiClientError(error) }
        }
    }

    /// Whether a token newer than `rejected` is in place, asking ``tokenRefreshHandler`` for one
    /// if needed. Single flight, like HTTPLoading's `BearerAuthLoader`: every request the old
    /// token failed waits for the same refresh, and a request that fails after the refresh
    /// finished just retries with the new token.
    func refreshedToken(replacing rejected: String?) async -> Bool {
        guard let rejected, !isGuest else { return false }
        if let current = tokenStore.token, current != rejected { return true }
        if let tokenRefresh { return await tokenRefresh.value != nil }
        guard let handler = tokenRefreshHandler else { return false }
        let refresh = Task { @MainActor [weak self] () -> String? in
            guard let self, let token = await handler(self) else { return nil }
            self.updateToken(token)
            return token
        }
        tokenRefresh = refresh
        let token = await refresh.value
        tokenRefresh = nil
        return token != nil
    }

    /// Sends the v3 or the v4 request of `request`, as the server's generation wants, like
    /// ``send(_:mutation:)``: the one place a call that both generations have picks its generation.
    func send<R: LemmyGenerationalRequest>(_ request: R, mutation: Bool) async throws(ApiClientError) -> R.V3.Response
    where R.V4.Response == R.V3.Response {
        try await generation() == .v4 ? send(request.v4, mutation: mutation) : send(request.v3, mutation: mutation)
    }

    /// Readies the merge of the answer to request `sequence`: its number for the merge's tags, and
    /// how the server stores text (known once it answered), for the snapshots' text.
    func beginMerge(_ sequence: UInt64) {
        mergeSequence = sequence
        escapedText = LemmyEscapedText(raw.knownServerVersion)
    }

    /// Numbers a request about to be sent.
    func takeSequence() -> UInt64 {
        nextSequence &+= 1
        return nextSequence
    }

    /// Throws unless ``permissions`` allow a read (`mutation == false`) or a mutation.
    func checkPermission(mutation: Bool) throws(ApiClientError) {
        switch permissions {
        case .all: return
        case .readOnly: if mutation { throw .permissionDenied(.readOnly) }
        case .none: throw .permissionDenied(.none)
        }
    }

    /// The failure of a mutation this client may not start (``permissions`` forbid it, or it is a
    /// guest's); nil when it may.
    func refusedMutation() -> MutationResult? {
        do {
            try checkPermission(mutation: true)
            try requireAccount()
        } catch {
            return .failed(error)
        }
        return nil
    }

    /// Throws ``ApiClientError/notLoggedIn`` for a guest.
    func requireAccount() throws(ApiClientError) {
        if isGuest { throw .notLoggedIn }
    }
}

extension ApiClient {
    /// Fetches one page of a paginated request, with the same permission and token handling as
    /// ``send(_:mutation:)``.
    func page<R: LemmyPaginatedRequest>(_ request: R, at cursor: PageCursor?) async throws(ApiClientError) -> (
        items: [R.Item], next: PageCursor?
    ) {
        try checkPermission(mutation: false)
        let sequence = takeSequence()
        let sentWith = tokenStore.token
        let page: LemmyPage<R.Item>
        do {
            page = try await raw.page(request, at: cursor?.raw)
        } catch {
            let mapped = ApiClientError(error)
            guard mapped.kind == .notLoggedIn, await refreshedToken(replacing: sentWith) else { throw mapped }
            do { page = try await raw.page(request, at: cursor?.raw) } catch { throw ApiClientError(error) }
        }
        beginMerge(sequence)
        return (page.items, page.next.map(PageCursor.init))
    }

    /// One page of the v3 or the v4 request of `request`, as the server's generation wants, like
    /// ``page(_:at:)``.
    func page<R: LemmyGenerationalRequest>(_ request: R, at cursor: PageCursor?) async throws(ApiClientError) -> (
        items: [R.V3.Item], next: PageCursor?
    )
    where R.V3: LemmyPaginatedRequest, R.V4: LemmyPaginatedRequest, R.V4.Item == R.V3.Item {
        try await generation() == .v4 ? page(request.v4, at: cursor) : page(request.v3, at: cursor)
    }
}
