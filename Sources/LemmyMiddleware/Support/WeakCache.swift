/// Weak references to live models by key: the identity map behind "one object per entity".
///
/// Entries whose object is gone are dropped by ``clean()``, which runs on its own once the
/// insertions since the last clean outnumber the entries that clean left (and 64): the cache has
/// at most doubled since, so each insertion pays for a constant share of the scans. The values
/// count their releases in `releases` (see ``ReleaseCounter``): while it has not moved since the
/// last clean, no entry can be dead and a clean does not scan.
@MainActor final class WeakCache<Key: Hashable, Value: AnyObject> {
    private struct Entry {
        weak var value: Value?
    }

    // Unchecked: the cache is main-actor isolated, every access is synchronous and none calls
    // out while it holds `entries` (a model's deinit only counts its release, an atomic add on a
    // ReleaseCounter, and never comes back here), while the
    // run-time exclusivity checks were about 600 instructions of each post's ingest (six lookups
    // and three inserts; MiddlewareIngest).
    @exclusivity(unchecked) private var entries: [Key: Entry] = [:]
    @exclusivity(unchecked) private var insertionsSinceClean = 0
    /// The entries the last clean left. Comparing the insertions with the entries now, dead ones
    /// included, never ran a clean while new keys came in: each new key adds one to both.
    @exclusivity(unchecked) private var entriesAfterClean = 0
    /// Counts the releases of this cache's values (and maybe of others').
    private let releases: ReleaseCounter
    /// `releases.count` when the last clean began.
    @exclusivity(unchecked) private var releasesAtClean: UInt64 = 0
    /// Scans for dead entries so far (for tests).
    private(set) var scans = 0

    /// A cache whose values count their releases in `releases`, each in its `deinit`: a value
    /// that does not is never cleaned away.
    init(releases: ReleaseCounter) {
        self.releases = releases
    }

    /// The live object for `key`, if any.
    subscript(key: Key) -> Value? {
        // Read where the entry is stored, through the values' modify accessor: the dictionary's
        // getters return a copy of the entry, and copying a weak reference, then destroying the
        // copy, is two atomic operations on the object's side table.
        guard let index = entries.index(forKey: key) else { return nil }
        return Self.object(in: &entries.values[index])
    }

    /// The object `entry` refers to, read in place.
    private static func object(in entry: inout Entry) -> Value? {
        entry.value
    }

    /// Registers `value` under `key`.
    func insert(_ value: Value, for key: Key) {
        // Room for a first page at once: growing from empty rehashed every entry at each
        // doubling, several times over while the first page of a fresh client merged.
        if entries.isEmpty { entries.reserveCapacity(64) }
        entries[key] = Entry(value: value)
        insertionsSinceClean += 1
        if insertionsSinceClean > max(64, entriesAfterClean) { clean() }
    }

    /// Forgets `key`.
    func remove(_ key: Key) {
        entries[key] = nil
    }

    /// Forgets every entry.
    func removeAll() {
        entries = [:]
        insertionsSinceClean = 0
        entriesAfterClean = 0
        releasesAtClean = releases.count
    }

    /// Drops entries whose object was released; scans them only if a value was released since
    /// the last clean.
    ///
    /// In place while few entries died: `filter` copied every live entry (a weak copy each) into
    /// a new dictionary, every time a clean ran, although in a growing scroll almost none is
    /// dead. When most died (a dropped feed), removing them one by one looked each key up again
    /// and shifted its neighbours, about 1,100 instructions an entry, so the live ones are copied
    /// out instead, and an all-dead cache drops its storage at once.
    func clean() {
        insertionsSinceClean = 0
        // Read before the scan: a value released during it moves the count past this one, so
        // the next clean scans again.
        let released = releases.count
        guard released != releasesAtClean else {
            entriesAfterClean = entries.count
            return
        }
        // Each entry that died since the last clean counted a release since then, so this is
        // room for every dead key (more if other caches share the counter).
        let releasedSinceClean = Int(clamping: released &- releasesAtClean)
        releasesAtClean = released
        scans += 1
        var dead: [Key] = []
        dead.reserveCapacity(min(entries.count, releasedSinceClean))
        var index = entries.startIndex
        while index != entries.endIndex {
            if Self.object(in: &entries.values[index]) == nil { dead.append(entries.keys[index]) }
            entries.formIndex(after: &index)
        }
        if dead.count == entries.count {
            entries = [:]
        } else if dead.count > entries.count / 2 {
            entries = entries.filter { $0.value.value != nil }
        } else {
            for key in dead { entries.removeValue(forKey: key) }
        }
        entriesAfterClean = entries.count
    }

    /// Entries, including released ones not cleaned yet.
    var count: Int { entries.count }

    /// Objects alive now.
    var liveCount: Int { entries.values.reduce(0) { $0 + ($1.value == nil ? 0 : 1) } }

    /// The live objects.
    var values: [Value] { entries.values.compactMap(\.value) }
}
