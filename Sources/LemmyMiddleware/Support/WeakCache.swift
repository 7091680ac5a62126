/// Weak references to live models by key: the identity map behind "one object per entity".
///
/// Entries whose object is gone are dropped by ``clean()``, which runs on its own every time the
/// number of insertions since the last clean reaches the number of live entries (amortised O(1)).
@MainActor final class WeakCache<Key: Hashable, Value: AnyObject> {
    private struct Entry {
        weak var value: Value?
    }

    // Unchecked: the cache is main-actor isolated, every access is synchronous and none calls
    // out while it holds `entries` (models have no deinit that could come back here), while the
    // run-time exclusivity checks were about 600 instructions of each post's ingest (six lookups
    // and three inserts; MiddlewareIngest).
    @exclusivity(unchecked) private var entries: [Key: Entry] = [:]
    @exclusivity(unchecked) private var insertionsSinceClean = 0

    /// The live object for `key`, if any.
    subscript(key: Key) -> Value? {
        entries[key]?.value
    }

    /// Registers `value` under `key`.
    func insert(_ value: Value, for key: Key) {
        // Room for a first page at once: growing from empty rehashed every entry at each
        // doubling, several times over while the first page of a fresh client merged.
        if entries.isEmpty { entries.reserveCapacity(64) }
        entries[key] = Entry(value: value)
        insertionsSinceClean += 1
        if insertionsSinceClean > max(64, entries.count) { clean() }
    }

    /// Forgets `key`.
    func remove(_ key: Key) {
        entries[key] = nil
    }

    /// Forgets every entry.
    func removeAll() {
        entries = [:]
        insertionsSinceClean = 0
    }

    /// Drops entries whose object was released.
    func clean() {
        entries = entries.filter { $0.value.value != nil }
        insertionsSinceClean = 0
    }

    /// Entries, including released ones not cleaned yet.
    var count: Int { entries.count }

    /// Objects alive now.
    var liveCount: Int { entries.values.reduce(0) { $0 + ($1.value == nil ? 0 : 1) } }

    /// The live objects.
    var values: [Value] { entries.values.compactMap(\.value) }
}
