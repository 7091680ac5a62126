extension FeedLoader {
    /// Whether `item` appearing on screen should load the next page: it is the threshold
    /// item (``FeedConfiguration/thresholdDistance`` before the last) or the last item, and
    /// the loader is idle.
    ///
    /// It reads the loader's state without registering an observation: it answers a list's
    /// "this row appeared", not what a view shows, and a list asks it for every row it shows.
    // Inlinable: a list's check of each row is then code for its item type, not a call into
    // this generic class.
    @inlinable
    public func isThreshold(_ item: Item) -> Bool {
        guard case .idle = storedLoadingState else { return false }
        return operations.isThreshold(item, storedItems, storedConfiguration.thresholdDistance)
    }

    /// Loads the next page if `item` is a threshold item; a duplicate trigger does nothing.
    ///
    /// Being an async call on the main actor, it switches executors on entry and on return even
    /// when called from the main actor. A loop over many rows there pays less with
    /// `if feed.isThreshold(item) { await feed.loadMore() }`.
    @inlinable
    public func loadIfThreshold(_ item: Item) async {
        guard isThreshold(item) else { return }
        await loadMore()
    }

    /// Call when `item` appears on screen: starts loading the next page in a new task if
    /// `item` is a threshold item.
    ///
    /// - Returns: The task, if one was started; callers rarely need it.
    @inlinable @discardableResult
    public func onAppear(_ item: Item) -> Task<Void, Never>? {
        guard isThreshold(item) else { return nil }
        // Checked again when the task runs: by then another trigger may have loaded a page
        // and this item may be a threshold no longer.
        return Task { await loadIfThreshold(item) }
    }
}
