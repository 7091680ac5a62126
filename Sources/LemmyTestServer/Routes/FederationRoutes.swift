import LemmyAPI

/// GetFederatedInstances: the peers, linked, allowed and blocked. 0.18 and 0.19 answer the three
/// lists at once (0.19 with each peer's federation state); 1.0 pages one list of instance views,
/// filtered by `kind` and `domain_filter`.
extension APIRoutes {
    func addFederationRoutes() {
        addFederationAdminRoutes()
        add(LemmyV3.GetFederatedInstances.self) { db, call in
            // A site that does not federate lists nothing (`build_federated_instances`).
            guard db.site.federationEnabled else { return ApiGetFederatedInstancesResponse() }
            let renderer = call.renderer(db)
            let lists = db.federatedInstances(now: call.now, dialect: call.dialect)
            func rows(_ ids: [Int]) -> [ApiInstanceWithFederationState] {
                ids.map { id in
                    let instance = renderer.instance(id)
                    return ApiInstanceWithFederationState(
                        id: id, domain: instance.domain, published: instance.publishedAt, software: instance.software,
                        version: instance.version,
                        federationState: call.dialect == .v0_18 ? nil : ApiReadableFederationState(instanceId: id, failCount: 0))
                }
            }
            return ApiGetFederatedInstancesResponse(
                federatedInstances: ApiFederatedInstances(
                    linked: rows(lists.linked), allowed: rows(lists.allowed), blocked: rows(lists.blocked)))
        }
        add(LemmyV4.GetFederatedInstances.self) { db, call in
            let renderer = call.renderer(db)
            let lists = db.federatedInstances(now: call.now, dialect: call.dialect)
            var ids: [Int]
            switch call.form.kind {
            case .linked: ids = lists.linked
            case .allowed: ids = lists.allowed
            case .blocked: ids = lists.blocked
            default: ids = lists.linked + lists.blocked
            }
            if let filter = call.form.domainFilter?.lowercased(), !filter.isEmpty {
                ids = ids.filter { db.instanceDomains[$0]?.contains(filter) == true }
            }
            let keyed = ids.map { (id: $0, key: SortKey(featured: 0, primary: 0, tiebreak: $0)) }
            let page = try Paging.page(
                keyed, page: nil, limit: try call.limit(call.form.limit), cursor: call.form.pageCursor, fullPages: call.dialect == .v1_0)
            let items = page.ids.map { renderer.federatedInstanceView($0, now: call.now) }
            return ApiPagedResponse(items: items, nextPage: page.next, prevPage: page.previous)
        }
    }
}
