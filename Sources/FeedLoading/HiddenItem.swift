/// A loaded item that a ``FeedLoader`` does not show (a filter hides it, or its id is already
/// visible), with its place among every item loaded since the last refresh.
///
/// A loader keeps its visible items and these, not a second array of every item: that array
/// held a copy of each item (a retain of every reference it holds) on top of the visible one, a
/// large part of what a page cost beyond its fetch (the FeedLoaderOverhead benchmark), while most
/// of a feed is visible. Every loaded item, in order, is the two merged by `position`.
@usableFromInline
struct HiddenItem<Item> {
    /// The item's index among every loaded item.
    @usableFromInline let position: Int
    @usableFromInline let item: Item

    @inlinable init(position: Int, item: consuming Item) {
        self.position = position
        self.item = item
    }

    /// Every loaded item in order: `visible`, with `hidden` put back at their positions.
    static func merge(visible: [Item], hidden: [HiddenItem]) -> [Item] {
        var all: [Item] = []
        all.reserveCapacity(visible.count + hidden.count)
        var shown = visible.makeIterator()
        for entry in hidden {
            while all.count < entry.position, let item = shown.next() { all.append(item) }
            all.append(entry.item)
        }
        while let item = shown.next() { all.append(item) }
        return all
    }
}
