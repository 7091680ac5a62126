internal import LemmyAPI

extension ApiClient {
    /// The API generation of the server (detects the version on first use).
    func generation() async throws(ApiClientError) -> LemmyAPIGeneration {
        do { return try await raw.serverVersion().generation } catch { throw ApiClientError(error) }
    }

    /// The server version (detects it on first use).
    func version() async throws(ApiClientError) -> LemmyServerVersion {
        do { return try await raw.serverVersion() } catch { throw ApiClientError(error) }
    }

    /// Sends `request` if ``permissions`` allow; on a rejected token asks ``tokenRefreshHandler``
    /// for a new one and retries once.
    ///
    /// On return, ``mergeSequence`` holds the request's sequence number, for the caller's merge
    /// (which runs before any other code on the main actor).
    func send<R: LemmyRequest>(_ request: R, mutation: Bool) async throws(ApiClientError) -> R.Response {
        try checkPermission(mutation: mutation)
        let sequence = takeSequence()
        let response: R.Response
        do {
            response = try await raw.send(request)
        } catch {
            let mapped = ApiClientError(error)
            guard mapped == .notLoggedIn, !isGuest, let handler = tokenRefreshHandler,
                  let token = await handler(self) else { throw mapped }
            updateToken(token)
            do { response = try await raw.send(request) } catch { throw ApiClientError(error) }
        }
        mergeSequence = sequence
        return response
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

    /// Throws ``ApiClientError/notLoggedIn`` for a guest.
    func requireAccount() throws(ApiClientError) {
        if isGuest { throw .notLoggedIn }
    }
}

extension ApiClient {
    /// Fetches one page of a paginated request, with the same permission and token handling as
    /// ``send(_:mutation:)``.
    func page<R: LemmyPaginatedRequest>(_ request: R, at cursor: PageCursor?) async throws(ApiClientError) -> (items: [R.Item], next: PageCursor?) {
        try checkPermission(mutation: false)
        let sequence = takeSequence()
        do {
            let page = try await raw.page(request, at: cursor?.raw)
            mergeSequence = sequence
            return (page.items, page.next.map(PageCursor.init))
        } catch {
            throw ApiClientError(error)
        }
    }
}
