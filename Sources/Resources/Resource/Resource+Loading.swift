import Foundation
public import HTTPLoading
public import HTTPTypes

extension Resource {
    /// Loads the resource now, even if a load is already in flight (the newest load started
    /// wins). Marks the resource loading and tells observers before any I/O happens. Sends the
    /// stored entity tag as `If-None-Match`.
    @discardableResult
    public func load() -> ResourceRequest {
        var request = makeRequest(.get)
        let configuration = configuration(for: .get)
        if configuration.usesEntityTags, let etag = machine.latestData?.etag {
            request.headerFields[.ifNoneMatch] = etag
        }
        return startLoad(request)
    }

    /// Loads the resource with any request, e.g. a POST whose response is the updated entity;
    /// the response updates the state like a load.
    @discardableResult
    public func load(using request: LoadRequest) -> ResourceRequest {
        startLoad(request)
    }

    /// Loads unless the data is up to date; joins a load already in flight (never a
    /// non-idempotent one). Returns the load, or `nil` when none was needed.
    @discardableResult
    public func loadIfNeeded() -> ResourceRequest? {
        if fake != nil { return nil }
        if let joined = inFlight.first(where: { $0.key.isLoad && Self.isIdempotent($0.value.method) })?.value {
            return joined
        }
        if needsCacheRead || !isUpToDate { return load() }
        return nil
    }

    /// A request for this resource's URL with `method`, carrying the configured header fields.
    public func makeRequest(_ method: HTTPRequest.Method, body: any HTTPBody = EmptyBody()) -> LoadRequest {
        LoadRequest(method: method, url: url, headerFields: configuration(for: method).headerFields, body: body)
    }

    private func startLoad(_ request: LoadRequest) -> ResourceRequest {
        if let fake { return fake.load(self) }
        let ticket = machine.start(isLoad: true)
        mirror(contentChanged: false)
        notify(.requested)
        let readsCache = needsCacheRead && request.method == .get
        if readsCache { needsCacheRead = false }
        let configuration = configuration(for: request.method)
        let decoding = ResourceFetch.Decoding(configured: configuration.decoder, byContentType: service.contentDecoders)
        let task = Task { await self.runLoad(ticket, request, decoding: decoding, readsCache: readsCache, configuration: configuration) }
        let handle = ResourceRequest(method: request.method, task: task)
        inFlight[ticket] = handle
        return handle
    }

    private func runLoad(
        _ ticket: LoadStateMachine.Ticket,
        _ request: LoadRequest,
        decoding: ResourceFetch.Decoding,
        readsCache: Bool,
        configuration: ResourceConfiguration
    ) async -> Result<ResourceOutcome, ResourceError> {
        var request = request
        if readsCache, let restored = await restoreFromCache(ticket, request, decoding: decoding) {
            if isUpToDate {
                // The cached data is fresh: no network needed.
                machine.finishRequest(ticket)
                inFlight[ticket] = nil
                mirror(contentChanged: false)
                return .success(.newData(restored))
            }
            if configuration.usesEntityTags, let etag = restored.etag { request.headerFields[.ifNoneMatch] = etag }
        }
        let held = machine.latestData?.body
        let result = await ResourceFetch.run(request, loader: service.loader, decoding: decoding, heldBody: held)
        return await finish(ticket, result, configuration: configuration)
    }

    private func restoreFromCache(
        _ ticket: LoadStateMachine.Ticket, _ request: LoadRequest, decoding: ResourceFetch.Decoding
    ) async -> ResourceEntity? {
        guard let cache = service.persistentCache, let entry = await cache.entry(forKey: cacheKey) else { return nil }
        let entity = ResourceFetch.decodeCached(entry, request: request, decoding: decoding)
        guard let entity, machine.inFlight.contains(ticket), machine.latestData == nil, !Task.isCancelled else { return nil }
        machine.override(with: entity, clearsInvalidation: false)
        mirror(contentChanged: true)
        notify(.newData(.cache))
        return entity
    }

    private func finish(
        _ ticket: LoadStateMachine.Ticket, _ result: ResourceFetch.Result, configuration: ResourceConfiguration
    ) async -> Result<ResourceOutcome, ResourceError> {
        let now = service.clock.now
        let completion: LoadStateMachine.Completion
        switch result {
        case .data(let content, let response):
            completion = .newData(
                ResourceEntity(content: content, headerFields: response.headerFields, body: response.body, timestamp: now))
        case .unchanged, .response:
            completion = .notModified(now)
        case .failure(let cause):
            completion = .failure(ResourceError(cause, timestamp: now))
        case .cancelled:
            completion = .cancelled
        }
        inFlight[ticket] = nil
        let effect = machine.finishLoad(ticket, completion)
        mirror(contentChanged: effect == .newData)
        // Observers hear of the change before the persistent cache is written; the request
        // completes after it, so awaiting a load also awaits its cache write.
        switch effect {
        case .newData:
            notify(.newData(.network))
            if configuration.usesPersistentCache, let cache = service.persistentCache, let data = machine.latestData, let body = data.body {
                let entry = CachedResponse(body: body, fields: data.headerFields, timestamp: data.timestamp)
                await cache.store(entry, forKey: cacheKey)
            }
        case .notModified:
            notify(.notModified)
            if configuration.usesPersistentCache, let cache = service.persistentCache {
                await cache.touch(key: cacheKey, timestamp: now)
            }
        case .error:
            notify(.error)
        case .cancelled:
            notify(.requestCancelled)
        case .ignored:
            break
        }
        if case .cancelled = completion { return .failure(ResourceError(.cancelled, timestamp: now)) }
        if effect == .ignored, Task.isCancelled { return .failure(ResourceError(.cancelled, timestamp: now)) }
        if effect == .error, let error = machine.latestError { return .failure(error) }
        switch completion {
        case .failure(let error): return .failure(error)
        case .newData(let entity): return .success(.newData(entity))
        default: return .success(.notModified)
        }
    }

    static func isIdempotent(_ method: HTTPRequest.Method) -> Bool {
        [.get, .head, .options, .put, .delete, .trace].contains(method)
    }
}
