/// The federated instances the server knows (its peers) and the account's instance blocks.
extension Database {
    /// The peers, without this server's own instance (Lemmy leaves it out of GetFederatedInstances):
    /// linked ones are every peer not blocked (the allowed ones among them), as 0.19's
    /// `build_federated_instances` sorts them.
    func federatedInstances(now: Double, dialect: LemmyDialect) -> (linked: [Int], allowed: [Int], blocked: [Int]) {
        let peers = instanceDomains.keys.filter { $0 != 1 }.sorted()
        // 0.18 joins each list on its own (`Instance::allowlist`, `blocklist`), so an instance on
        // both shows in both; 0.19 and 1.0 sort each instance into one (`read_all_with_fed_state`).
        let blockedHides = dialect != .v0_18
        return (
            peers.filter { !isFederationBlocked($0, now: now) },
            peers.filter { federation.allowed[$0] != nil && !(blockedHides && isFederationBlocked($0, now: now)) },
            peers.filter { isFederationBlocked($0, now: now) }
        )
    }

    /// Whether the admins' blocklist holds instance `id` at `now`.
    func isFederationBlocked(_ id: Int, now: Double) -> Bool { federation.blocked[id]?.holds(at: now) ?? false }

    /// Instances every server starts with: itself (id 1) and two federated peers, so instance
    /// blocks have something to block.
    static let seededInstanceDomains = [1: "lemmy.test", 2: "remote.example", 3: "other.example"]

    /// Blocks an instance's communities, or (1.0, `persons`) its people.
    mutating func blockInstance(_ instanceId: Int, block: Bool, persons: Bool = false, by personId: Int, now: Double) throws {
        guard instanceDomains[instanceId] != nil else { throw APIError.notFound("instance") }
        if instanceId == 1 { throw APIError.code("cant_block_local_instance") }
        if persons {
            users[personId, default: UserState()].blockedInstancePersons[instanceId] = block ? now : nil
        } else {
            users[personId, default: UserState()].blockedInstances[instanceId] = block ? now : nil
        }
    }
}
