/// A loader's filters and one pass of them over its raw items, fed incrementally as pages
/// arrive and restarted from scratch when a filter changes.
///
/// It also keeps visible identifiers unique, because a list keyed by `id` (SwiftUI's
/// `ForEach`) misbehaves on duplicates; such drops are not counted against any filter.
struct FilterPipeline<Item: Identifiable> {
    private struct Slot {
        var filter: any FeedFilter<Item>
        var isEnabled: Bool
        var removedCount = 0
    }

    private var slots: [Slot] = []
    /// The predicates of this pass, for the enabled slots only, and their slots' indices.
    private var predicates: [(Item) -> Bool] = []
    private var predicateSlots: [Int] = []
    private let operations: ItemOperations<Item>
    /// The ids this pass has made visible.
    private var visibleIDs = SeenSet<Item.ID>()

    init(filters: [any FeedFilter<Item>], operations: ItemOperations<Item>) {
        self.operations = operations
        slots = filters.map { Slot(filter: $0, isEnabled: true) }
        restart()
    }

    var statuses: [FilterStatus] {
        slots.map { FilterStatus(name: $0.filter.name, isEnabled: $0.isEnabled, removedCount: $0.removedCount) }
    }

    /// Adds `filter`, or replaces the filter of the same name in place. Takes effect at the
    /// next ``restart()``.
    mutating func set(_ filter: any FeedFilter<Item>, isEnabled: Bool) {
        if let index = slots.firstIndex(where: { $0.filter.name == filter.name }) {
            slots[index].filter = filter
            slots[index].isEnabled = isEnabled
        } else {
            slots.append(Slot(filter: filter, isEnabled: isEnabled))
        }
    }

    /// Switches the named filter; returns whether such a filter exists. Takes effect at the
    /// next ``restart()``.
    mutating func setEnabled(_ isEnabled: Bool, named name: String) -> Bool {
        guard let index = slots.firstIndex(where: { $0.filter.name == name }) else { return false }
        slots[index].isEnabled = isEnabled
        return true
    }

    /// Removes the named filter; returns whether such a filter existed. Call ``restart()``
    /// before admitting items again.
    mutating func remove(named name: String) -> Bool {
        let count = slots.count
        slots.removeAll { $0.filter.name == name }
        return slots.count != count
    }

    /// Starts a new pass: fresh predicates, zero counts, nothing visible. A filter that keeps
    /// everything gets no predicate: calling one for each item cost about 200 instructions a
    /// filter, an item (FeedScroll, where the keyword and block filters have nothing to hide).
    mutating func restart() {
        visibleIDs = SeenSet()
        predicates = []
        predicateSlots = []
        for index in slots.indices {
            slots[index].removedCount = 0
            guard slots[index].isEnabled, !slots[index].filter.keepsEverything else { continue }
            predicates.append(slots[index].filter.makePredicate())
            predicateSlots.append(index)
        }
    }

    /// Appends the items of `page` that survive to `visible`, in order, and the others to
    /// `hidden`, continuing the current pass, and returns how many it appended to `visible` and
    /// how many the filters hid (when none, the ``statuses`` are unchanged). Items in `pinned`
    /// skip the filters but still count towards duplicates. Pass a page no one else holds
    /// (`consume`): its items then move instead of being copied.
    /// - Parameter position: The index of the page's first item among every loaded item.
    @discardableResult
    mutating func admit(
        _ page: consuming [Item], pinned: Set<Item.ID> = [], from position: Int, into visible: inout [Item],
        hiding hidden: inout [HiddenItem<Item>]
    ) -> (kept: Int, hidden: Int) {
        var removed = [Int](repeating: 0, count: predicates.count)
        let kept = operations.admit(page, position, pinned, predicates, &removed, visibleIDs, &visible, &hidden)
        var hiddenCount = 0
        for (slot, count) in zip(predicateSlots, removed) {
            slots[slot].removedCount += count
            hiddenCount += count
        }
        return (kept, hiddenCount)
    }
}

/// The per-item work of a loader (its filter pass, its visible-id set, its thresholds), built
/// where the loader is created (``FeedLoader``'s
/// initializer is `@inlinable`) so that it is specialized for the concrete item type.
///
/// Compiled in this module instead, it is generic code: every item copy, id hash and set
/// insert goes through type metadata, which cost more than the filters themselves in a
/// 10,000-item scroll (the FeedLoaderOverhead benchmark).
@usableFromInline
struct ItemOperations<Item: Identifiable> {
    /// Filters one page: appends the items that survive to `visible`, in order, and returns
    /// how many; moves the others to `hidden`, numbered from `position` on, and adds to
    /// `removed[i]` for each item the `i`th predicate rejects first. Items in `pinned` skip the
    /// predicates; every visible item's id must also be new to `visibleIDs`, which keeps it.
    @usableFromInline let admit:
        (
            _ page: consuming [Item], _ position: Int, _ pinned: Set<Item.ID>, _ predicates: [(Item) -> Bool],
            _ removed: inout [Int], _ visibleIDs: SeenSet<Item.ID>, _ visible: inout [Item], _ hidden: inout [HiddenItem<Item>]
        ) -> Int

    /// Whether `item` is the threshold item of `items` (`distance` before the last) or the
    /// last one; compares ids in place, without copying items.
    @usableFromInline let isThreshold: (_ item: Item, _ items: [Item], _ distance: Int) -> Bool

    @inlinable init() {
        isThreshold = { item, items, distance in
            guard let last = items.indices.last else { return false }
            let id = item.id
            return id == items[max(items.startIndex, last - distance)].id || id == items[last].id
        }
        admit = { page, position, pinned, predicates, removed, visibleIDs, visible, hidden in
            Self.admit(page, position, pinned, predicates, &removed, visibleIDs, &visible, &hidden)
        }
    }

    /// See ``admit``. Each item is moved out of the page, judged, and moved into `visible` or
    /// `hidden`: reading `page[index]` copies the item (retaining every reference it holds) for
    /// the predicates, and again into `visible`, whether or not anyone else holds the page. A
    /// page the caller gave up is reversed in place and popped from its end, which moves each
    /// item; a shared one is copied once, at the reversal.
    @inlinable
    static func admit(
        _ page: consuming [Item], _ position: Int, _ pinned: Set<Item.ID>, _ predicates: [(Item) -> Bool],
        _ removed: inout [Int], _ visibleIDs: SeenSet<Item.ID>, _ visible: inout [Item], _ hidden: inout [HiddenItem<Item>]
    ) -> Int {
        let countBefore = visible.count
        // Most feeds pin nothing: skip the set lookup per item then.
        let checksPinned = !pinned.isEmpty
        let hasPredicates = !predicates.isEmpty
        var position = position
        // Through a buffer pointer, whose swaps move items: `Array.reverse()` copies them.
        page.withUnsafeMutableBufferPointer { $0.reverse() }
        while let item = page.popLast() {
            let id = item.id
            var kept = true
            if hasPredicates && !(checksPinned && pinned.contains(id)) {
                for filter in predicates.indices where !predicates[filter](item) {
                    removed[filter] += 1
                    kept = false
                    break
                }
            }
            if kept && visibleIDs.insert(id) {
                visible.append(consume item)
            } else {
                // `consume`: without it the popped item is copied into the entry.
                hidden.append(HiddenItem(position: position, item: consume item))
            }
            position += 1
        }
        return visible.count - countBefore
    }
}
