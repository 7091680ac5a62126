internal import LemmyAPI

/// The instances the client's instance federates with.
extension ApiClient {
    /// The linked, allowed and blocked instances (GetFederatedInstances; guests may ask).
    ///
    /// Lemmy 0.18 and 0.19 answer the three lists at once (none when federation is off: empty
    /// lists, ``FederatedInstances/isComplete`` false). 1.0 pages each list; this reads up to
    /// `maxPages` pages of each and says in ``FederatedInstances/isComplete`` whether it got all.
    public func federatedInstances(maxPages: Int = 20) async throws(ApiClientError) -> FederatedInstances {
        // Explicit per generation: 0.18/0.19 one answer with three lists, 1.0 a paged list per kind.
        guard try await generation() == .v4 else {
            let response = try await send(LemmyV3.GetFederatedInstances(), mutation: false)
            guard let lists = response.federatedInstances else {
                return FederatedInstances(linked: [], allowed: [], blocked: [], isComplete: false)
            }
            return FederatedInstances(
                linked: lists.linked.map(Self.instance), allowed: lists.allowed.map(Self.instance),
                blocked: lists.blocked.map(Self.instance))
        }
        var complete = true
        func list(_ kind: ApiGetFederatedInstancesKind) async throws(ApiClientError) -> [FederatedInstance] {
            var instances: [FederatedInstance] = []
            var seen: Set<Int> = []
            var cursor: PageCursor?
            for _ in 0..<max(1, maxPages) {
                let page = try await page(LemmyV4.GetFederatedInstances(ApiGetFederatedInstances(kind: kind, limit: 50)), at: cursor)
                // A server that repeats itself must not make the list grow without end.
                for view in page.items where seen.insert(view.instance.id).inserted { instances.append(Self.instance(view)) }
                guard let next = page.next, next != cursor, !page.items.isEmpty else { return instances }
                cursor = next
            }
            complete = false
            return instances
        }
        let linked = try await list(.linked)
        let allowed = try await list(.allowed)
        let blocked = try await list(.blocked)
        return FederatedInstances(linked: linked, allowed: allowed, blocked: blocked, isComplete: complete)
    }

    static func instance(_ row: ApiInstanceWithFederationState) -> FederatedInstance {
        FederatedInstance(
            id: row.id, domain: row.domain, software: row.software, version: row.version, published: row.published.date,
            updated: row.updated?.date)
    }

    static func instance(_ row: ApiInstance) -> FederatedInstance {
        FederatedInstance(
            id: row.id, domain: row.domain, software: row.software, version: row.version, published: row.publishedAt.date,
            updated: row.updatedAt?.date)
    }

    static func instance(_ view: ApiFederatedInstanceView) -> FederatedInstance {
        var instance = instance(view.instance)
        instance.blockExpires = view.blocked?.expiresAt?.date
        return instance
    }
}
