/// The federated instances the server knows (its peers) and the account's instance blocks.
extension Database {
    /// Instances the server knows: itself (id 1) and two federated peers, so instance blocks
    /// have something to block.
    static let knownInstanceDomains = [1: "lemmy.test", 2: "remote.example", 3: "other.example"]

    /// Blocks an instance's communities, or (1.0, `persons`) its people.
    mutating func blockInstance(_ instanceId: Int, block: Bool, persons: Bool = false, by personId: Int, now: Double) throws {
        guard Self.knownInstanceDomains[instanceId] != nil else { throw APIError.notFound("instance") }
        if instanceId == 1 { throw APIError.code("cant_block_local_instance") }
        if persons {
            users[personId, default: UserState()].blockedInstancePersons[instanceId] = block ? now : nil
        } else {
            users[personId, default: UserState()].blockedInstances[instanceId] = block ? now : nil
        }
    }
}
