extension LemmyTestServer {
    /// The peer instances the server federates with, by domain: `remote.example` and
    /// `other.example` (this server's own instance is `lemmy.test`).
    public static let peerDomains = ["remote.example", "other.example"]

    /// Sets the admins' federation lists, as an admin would in the site settings: `allowed` and
    /// `blocked` name peers (``peerDomains``); other domains are ignored.
    public func configureFederation(allowed: [String] = [], blocked: [String] = []) {
        _ = try? store.with { db in
            func ids(_ domains: [String]) -> Set<Int> {
                Set(db.instanceDomains.filter { $0.key != 1 && domains.contains($0.value) }.map(\.key))
            }
            let since = db.siteCreated
            db.federation.allowed = Dictionary(uniqueKeysWithValues: ids(allowed).map { ($0, since) })
            db.federation.blocked = Dictionary(uniqueKeysWithValues: ids(blocked).map { ($0, FederationBlock(published: since)) })
        }
    }
}
