internal import Locking

/// Every post's position in each sort, computed once per revision of the state instead of on
/// every GetPosts.
///
/// The sorts that age (hot, active, scaled) are kept for one second of the server's clock: their
/// keys are those of the instant the order was computed. Lemmy itself stores these ranks and
/// refreshes them on a schedule, so a client sees no difference; a test that sets the clock gets
/// exact keys for each instant it sets.
final class PostOrders: Sendable {
    typealias Order = PostOrder

    /// How long an order of an aging sort is used, in seconds of the server's clock.
    static let agingValidity = 1.0

    private struct Entry {
        var revision: UInt64
        var computedAt: Double
        var order: Order
    }

    private struct Slot: Hashable {
        var sort: PostSort
        var featured: FeaturedPin
    }

    private let entries = Locked<[Slot: Entry]>([:])

    /// The order of `sort` for `revision` at `now`: the cached one if still valid, else
    /// `compute(instant)` (run outside the lock) stored for the next callers.
    func order(_ sort: PostSort, featured: FeaturedPin, revision: UInt64, now: Double, compute: (Double) -> Order) -> Order {
        // Top sorts all order by score; their windows filter, so one order serves them all.
        let slot = Slot(sort: sort.ordering, featured: featured)
        let cached = entries.withLock { $0[slot] }
        if let cached, cached.revision == revision, !sort.ages || (cached.computedAt..<cached.computedAt + Self.agingValidity).contains(now)
        {
            return cached.order
        }
        let entry = Entry(revision: revision, computedAt: now, order: compute(now))
        entries.withLock { entries in
            // Older revisions are of no use to anyone; a newer entry another reader stored stays.
            if let current = entries[slot], current.revision > revision || (current.revision == revision && current.computedAt > now) {
                return
            }
            if entries.values.contains(where: { $0.revision < revision }) { entries = entries.filter { $0.value.revision >= revision } }
            entries[slot] = entry
        }
        return entry.order
    }
}

extension PostSort {
    /// Whether keys depend on the clock (hot ranks decay with age).
    var ages: Bool {
        switch self {
        case .hot, .active, .scaled, .storedHot018, .storedActive018: true
        case .new, .old, .newComments, .mostComments, .controversial, .top: false
        }
    }

    /// The sort with the parts that only filter removed (top's window).
    var ordering: PostSort {
        if case .top = self { return .top(window: nil) }
        return self
    }
}

/// Which featured flag puts a post at the top of a list.
enum FeaturedPin: Hashable, Sendable {
    /// Featured on the instance's front page (`featured_local`).
    case local
    /// Featured in its community (`featured_community`).
    case community
    /// Neither: 1.0 does not put featured posts first under New and Old.
    case neither
}
