/// A loader's filters and one pass of them over its raw items, fed incrementally as pages
/// arrive and restarted from scratch when a filter changes.
///
/// It also keeps visible identifiers unique, because a list keyed by `id` (SwiftUI's
/// `ForEach`) misbehaves on duplicates; such drops are not counted against any filter.
struct FilterPipeline<Item: Identifiable> {
    private struct Slot {
        var filter: any FeedFilter<Item>
        var isEnabled: Bool
        var predicate: ((Item) -> Bool)?
        var removedCount = 0
    }

    private var slots: [Slot] = []
    private var visibleIDs: Set<Item.ID> = []

    init(filters: [any FeedFilter<Item>]) {
        slots = filters.map { Slot(filter: $0, isEnabled: true) }
        restart()
    }

    var statuses: [FilterStatus] {
        slots.map { FilterStatus(name: $0.filter.name, isEnabled: $0.isEnabled, removedCount: $0.removedCount) }
    }

    /// Adds `filter`, or replaces the filter of the same name in place.
    mutating func set(_ filter: any FeedFilter<Item>, isEnabled: Bool) {
        if let index = slots.firstIndex(where: { $0.filter.name == filter.name }) {
            slots[index].filter = filter
            slots[index].isEnabled = isEnabled
        } else {
            slots.append(Slot(filter: filter, isEnabled: isEnabled))
        }
    }

    /// Switches the named filter; returns whether such a filter exists.
    mutating func setEnabled(_ isEnabled: Bool, named name: String) -> Bool {
        guard let index = slots.firstIndex(where: { $0.filter.name == name }) else { return false }
        slots[index].isEnabled = isEnabled
        return true
    }

    /// Removes the named filter; returns whether such a filter existed.
    mutating func remove(named name: String) -> Bool {
        let count = slots.count
        slots.removeAll { $0.filter.name == name }
        return slots.count != count
    }

    /// Starts a new pass: fresh predicates, zero counts, nothing visible.
    mutating func restart() {
        visibleIDs = []
        for index in slots.indices {
            slots[index].removedCount = 0
            slots[index].predicate = slots[index].isEnabled ? slots[index].filter.makePredicate() : nil
        }
    }

    /// The items of `page` that survive, in order, continuing the current pass.
    /// Items in `pinned` skip the filters but still count towards duplicates.
    mutating func admit(_ page: some Sequence<Item>, pinned: Set<Item.ID> = []) -> [Item] {
        var kept: [Item] = []
        // Most feeds pin nothing: skip the set lookup per item then.
        for item in page where admit(item, pinned: !pinned.isEmpty && pinned.contains(item.id)) {
            kept.append(item)
        }
        return kept
    }

    private mutating func admit(_ item: Item, pinned: Bool) -> Bool {
        if !pinned {
            for index in slots.indices {
                guard let predicate = slots[index].predicate else { continue }
                if !predicate(item) {
                    slots[index].removedCount += 1
                    return false
                }
            }
        }
        return visibleIDs.insert(item.id).inserted
    }
}
