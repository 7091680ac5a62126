import Synchronization

/// How many of the objects some ``WeakCache``s hold have been released.
///
/// Each such object counts its own release in its `deinit` (the generated models, and
/// ``ApiClient`` for the client cache). A cache remembers the count at its last scan for dead
/// entries and skips the next while the count has not moved: nothing it holds can have died. In
/// a growing scroll nothing dies, and the scans, which load every entry's weak reference (a
/// cache miss each, on scattered side tables), were about 2% of the CPU time of ApiClient's
/// 10,000-post scroll (perf, FeedScroll).
final class ReleaseCounter: Sendable {
    private let released = Atomic<UInt64>(0)

    /// Counts one release. Called from a `deinit`, on whatever thread the last reference went.
    func record() {
        // Releasing: a cache that reads the new count (acquiring) then sees the released
        // object's weak references as nil.
        released.wrappingAdd(1, ordering: .releasing)
    }

    /// The releases counted so far.
    var count: UInt64 { released.load(ordering: .acquiring) }
}
