extension FeedLoader {
    /// Whether `item` appearing on screen should load the next page: it is the threshold
    /// item (``FeedConfiguration/thresholdDistance`` before the last) or the last item, and
    /// the loader is idle.
    ///
    /// It reads the loader's state without registering an observation: it answers a list's
    /// "this row appeared", not what a view shows, and a list asks it for every row it shows.
    public func isThreshold(_ item: Item) -> Bool {
        guard case .idle = storedLoadingState else { return false }
        return operations.isThreshold(item, storedItems, storedConfiguration.thresholdDistance)
    }

    /// Loads the next page if `item` is a threshold item; a duplicate trigger does nothing.
    public func loadIfThreshold(_ item: Item) async {
        guard isThreshold(item) else { return }
        await loadMore()
    }

    /// Call when `item` appears on screen: starts loading the next page in a new task if
    /// `item` is a threshold item.
    ///
    /// - Returns: The task, if one was started; callers rarely need it.
    @discardableResult
    public func onAppear(_ item: Item) -> Task<Void, Never>? {
        guard isThreshold(item) else { return nil }
        // Checked again when the task runs: by then another trigger may have loaded a page
        // and this item may be a threshold no longer.
        return Task { await loadIfThreshold(item) }
    }
}
