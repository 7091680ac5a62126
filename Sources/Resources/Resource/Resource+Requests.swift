import Foundation
public import HTTPLoading
public import HTTPTypes

extension Resource {
    /// Sends a request to this resource's URL that does not touch its data or error and tells
    /// no observer; it counts as ``isRequesting`` while in flight. Its outcome is
    /// ``ResourceOutcome/response(_:)``; a non-2xx status fails.
    @discardableResult
    public func request(_ method: HTTPRequest.Method, body: any HTTPBody = EmptyBody()) -> ResourceRequest {
        request(using: makeRequest(method, body: body))
    }

    /// Sends `request` without touching this resource's data or error (see ``request(_:body:)``).
    @discardableResult
    public func request(using request: LoadRequest) -> ResourceRequest {
        if fake != nil {
            let now = service.clock.now
            return ResourceRequest(
                method: request.method,
                task: Task {
                    .failure(
                        ResourceError(
                            .load(LoadError(.cannotConnect, request: request, message: "a fake resource has no network")), timestamp: now))
                })
        }
        let ticket = machine.start(isLoad: false)
        mirror(contentChanged: false)
        let task = Task { () -> Result<ResourceOutcome, ResourceError> in
            let result = await ResourceFetch.run(request, loader: self.service.loader, decoding: nil, heldBody: nil)
            self.machine.finishRequest(ticket)
            self.inFlight[ticket] = nil
            self.mirror(contentChanged: false)
            let now = self.service.clock.now
            switch result {
            case .response(let response): return .success(.response(response))
            case .failure(let cause): return .failure(ResourceError(cause, timestamp: now))
            default: return .failure(ResourceError(.cancelled, timestamp: now))
            }
        }
        let handle = ResourceRequest(method: request.method, task: task)
        inFlight[ticket] = handle
        return handle
    }

    /// Marks the data stale: starts nothing, makes the next ``loadIfNeeded()`` load, keeps the
    /// data. Cleared when a load ends (success or failure) or by a local override; survives a
    /// cancelled load.
    public func invalidate() {
        machine.invalidate()
    }

    /// Forgets data and error, cancels every request, and removes the persistent cache entry;
    /// answers already in flight are ignored when they arrive.
    public func wipe() {
        let requests = Array(inFlight.values)
        inFlight.removeAll()
        machine.wipe()
        needsCacheRead = false
        mirror(contentChanged: true)
        for request in requests { request.cancel() }
        notify(.newData(.wipe))
        if let cache = service.persistentCache {
            let key = cacheKey
            Task { await cache.removeEntry(forKey: key) }
        }
    }

    /// Replaces the content locally (an optimistic update): clears the error and any
    /// invalidation, and tells observers. The header fields of the current data are kept.
    public func overrideLocalContent(_ content: any Sendable) {
        let headers = machine.latestData?.headerFields ?? [:]
        overrideLocalData(ResourceEntity(content: content, headerFields: headers, timestamp: service.clock.now))
    }

    /// Replaces the data locally (see ``overrideLocalContent(_:)``).
    public func overrideLocalData(_ entity: ResourceEntity) {
        machine.override(with: entity)
        mirror(contentChanged: true)
        notify(.newData(.localOverride))
    }

    /// Cancels the loads in flight, but only if no observer is left.
    public func cancelLoadIfUnobserved() {
        guard !isObserved else { return }
        cancelLoads()
    }

    /// Cancels every load in flight (not plain requests).
    public func cancelLoads() {
        for (ticket, request) in inFlight where ticket.isLoad { request.cancel() }
    }
}
