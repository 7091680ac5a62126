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
        init(_ resource: Resource) {
            strong = resource
            weak = resource
        }
    }

    private var entries: [URL: Entry] = [:]

    /// The live resource for `url`, held strongly again if it had been evicted.
    func resource(for url: URL) -> Resource? {
        guard let entry = entries[url], let resource = entry.weak else { return nil }
        entry.strong = resource
        return resource
    }

    mutating func insert(_ resource: Resource) {
        entries[resource.url] = Entry(resource)
    }

    /// How many resources are held strongly.
    var residentCount: Int { entries.values.count { $0.strong != nil } }

    /// Drops the strong references of evictable resources: all of them, or only as many as
    /// needed (longest unobserved first) to get down to `limit`.
    mutating func evict(downTo limit: Int?, now: Date, gracePeriod: Duration) {
        var candidates = entries.values.compactMap { entry -> (Entry, Date)? in
            guard let resource = entry.strong, let since = resource.unobservedSince,
                  now.timeIntervalSince(since) >= gracePeriod.timeInterval else { return nil }
            return (entry, since)
        }
        candidates.sort { $0.1 < $1.1 }
        var excess = limit.map { residentCount - $0 } ?? candidates.count
        for (entry, _) in candidates where excess > 0 {
            entry.strong = nil
            excess -= 1
        }
        entries = entries.filter { $0.value.weak != nil }
    }
}
