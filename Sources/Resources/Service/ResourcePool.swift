import Foundation

/// The service's table of resources by URL.
///
/// Each entry holds its resource strongly until it is evicted, and weakly after: an evicted
/// resource that something else still holds is handed out again, so there is never more than
/// one resource per URL.
@MainActor
struct ResourcePool {
    final class Entry {
        var strong: Resource?
        weak var weak: Resource?
        let order: Int
        init(_ resource: Resource, order: Int) {
            strong = resource
            weak = resource
            self.order = order
        }
    }

    private var entries: [URL: Entry] = [:]
    private var insertions = 0

    /// The live resource for `url`, held strongly again if it had been evicted.
    func resource(for url: URL) -> Resource? {
        guard let entry = entries[url], let resource = entry.weak else { return nil }
        entry.strong = resource
        return resource
    }

    mutating func insert(_ resource: Resource) {
        insertions += 1
        entries[resource.url] = Entry(resource, order: insertions)
    }

    /// How many resources are held strongly.
    var residentCount: Int { entries.values.count { $0.strong != nil } }

    /// Drops the strong references of evictable resources: all of them, or only as many as
    /// needed (longest unobserved first, then oldest) to get down to `limit`. `sparing` (the
    /// resource just handed out) is never evicted.
    mutating func evict(downTo limit: Int?, now: Date, gracePeriod: Duration, sparing: URL? = nil) {
        var candidates = entries.compactMap { url, entry -> (Entry, Date)? in
            guard url != sparing, let resource = entry.strong, !resource.isObserved, let since = resource.unobservedSince,
                now.timeIntervalSince(since) >= gracePeriod.timeInterval
            else { return nil }
            return (entry, since)
        }
        candidates.sort { ($0.1, $0.0.order) < ($1.1, $1.0.order) }
        var excess = limit.map { residentCount - $0 } ?? candidates.count
        for (entry, _) in candidates where excess > 0 {
            entry.strong = nil
            excess -= 1
        }
        entries = entries.filter { $0.value.weak != nil }
    }
}
