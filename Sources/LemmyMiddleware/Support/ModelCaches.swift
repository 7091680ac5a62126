/// One weak identity map per entity and tier, per client.
@MainActor final class ModelCaches {
    let person1 = WeakCache<Int, Person1>()
    let person2 = WeakCache<Int, Person2>()
    let person3 = WeakCache<Int, Person3>()
    let community1 = WeakCache<Int, Community1>()
    let community2 = WeakCache<Int, Community2>()
    let community3 = WeakCache<Int, Community3>()
    let post1 = WeakCache<Int, Post1>()
    let post2 = WeakCache<Int, Post2>()
    let post3 = WeakCache<Int, Post3>()
    let comment1 = WeakCache<Int, Comment1>()
    let comment2 = WeakCache<Int, Comment2>()
    let instance1 = WeakCache<Int, Instance1>()
    let instance2 = WeakCache<Int, Instance2>()
    let instance3 = WeakCache<Int, Instance3>()
    let reply1 = WeakCache<Int, Reply1>()
    let mention1 = WeakCache<Int, Mention1>()
    let message1 = WeakCache<Int, Message1>()

    /// Drops entries of released models in every cache.
    func clean() {
        person1.clean(); person2.clean(); person3.clean()
        community1.clean(); community2.clean(); community3.clean()
        post1.clean(); post2.clean(); post3.clean()
        comment1.clean(); comment2.clean()
        instance1.clean(); instance2.clean(); instance3.clean()
        reply1.clean(); mention1.clean(); message1.clean()
    }

    /// Forgets every model (after logout: nothing of the account's view may be handed out again).
    func removeAll() {
        person1.removeAll(); person2.removeAll(); person3.removeAll()
        community1.removeAll(); community2.removeAll(); community3.removeAll()
        post1.removeAll(); post2.removeAll(); post3.removeAll()
        comment1.removeAll(); comment2.removeAll()
        instance1.removeAll(); instance2.removeAll(); instance3.removeAll()
        reply1.removeAll(); mention1.removeAll(); message1.removeAll()
    }

    /// Entries in every cache (live or not yet cleaned).
    var entryCount: Int {
        person1.count + person2.count + person3.count + community1.count + community2.count + community3.count
            + post1.count + post2.count + post3.count + comment1.count + comment2.count
            + instance1.count + instance2.count + instance3.count + reply1.count + mention1.count + message1.count
    }

    /// Live objects in every cache.
    var liveCount: Int {
        person1.liveCount + person2.liveCount + person3.liveCount + community1.liveCount + community2.liveCount
            + community3.liveCount + post1.liveCount + post2.liveCount + post3.liveCount + comment1.liveCount
            + comment2.liveCount + instance1.liveCount + instance2.liveCount + instance3.liveCount
            + reply1.liveCount + mention1.liveCount + message1.liveCount
    }
}

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
