// `ModelCaches` itself is generated from scripts/middleware-models.spec (Generated/ModelCaches+Generated.swift).

/// How full a client's model caches are.
public struct CacheStatistics: Sendable, Hashable {
    /// Entries, including released models not cleaned yet.
    public var entries: Int
    /// Models alive.
    public var live: Int
}

extension ApiClient {
    /// How many models the caches hold now.
    public var cacheStatistics: CacheStatistics {
        CacheStatistics(entries: caches.entryCount, live: caches.liveCount)
    }

    /// Drops cache entries of released models (also happens on its own as models are added).
    public func cleanCaches() { caches.clean() }
}
