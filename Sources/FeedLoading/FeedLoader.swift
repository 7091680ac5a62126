public import Observation

/// The observable state of one feed: its visible items, what it is doing, and its filters.
///
/// A feed loader hands paging and parameters to a ``Fetcher`` and concurrency to the rules of
/// ``LoadingActor`` (run on the main actor, so a page costs no hop beyond the fetch's), and keeps for itself what a screen needs: the items that survive the
/// filters, a ``LoadingState`` that never gets stuck (a failure can be retried, a
/// cancellation is not an error), refresh, thresholds, post-fetch processing and prepend.
///
/// <!-- sample: doc-feedloader -->
/// ```swift
/// let fetcher = PageFetcher(pageSize: 20, parameters: query) { page, query in
///     try await api.search(query, page: page)
/// }
/// let feed = FeedLoader(fetcher: fetcher)
/// await feed.loadMore()
/// fetcher.parameters = newQuery
/// await feed.refresh()          // the new query takes effect here
/// ```
@MainActor
@Observable
public final class FeedLoader<Item: Identifiable & Sendable> {
    /// Processing run on every fetched page before it is filtered and shown, such as image
    /// prefetching. It may return the items changed; a refresh while it runs discards them.
    public typealias PostFetch = @Sendable ([Item]) async -> [Item]

    // The observed properties are written out by hand rather than left to the macro, which
    // evaluates a key path such as `\.items` on every read and write. Into a generic class
    // that means instantiating the key path from its mangled name each time (microseconds):
    // it made scrolling 10,000 items 40 times slower than fetching them (the FeedLoaderOverhead
    // benchmark). Reads and writes are registered with `observation` (see `FeedObservation`).

    /// The items that survive the enabled filters, in feed order.
    public private(set) var items: [Item] {
        // Inlinable: a list reads it for every row it shows, and an inlined read is code for the
        // concrete item type instead of a call into this generic class.
        @inlinable get {
            observation.access(FeedObservation.items)
            return storedItems
        }
        set { observation.withMutation(FeedObservation.items) { storedItems = newValue } }
    }

    /// What the loader is doing.
    public private(set) var loadingState: LoadingState {
        get {
            observation.access(FeedObservation.loadingState)
            return storedLoadingState
        }
        set { observation.withMutation(FeedObservation.loadingState) { storedLoadingState = newValue } }
    }

    /// Every filter with whether it is on and how many loaded items it hides.
    public private(set) var filterStatuses: [FilterStatus] {
        get {
            observation.access(FeedObservation.filterStatuses)
            return storedFilterStatuses
        }
        set { observation.withMutation(FeedObservation.filterStatuses) { storedFilterStatuses = newValue } }
    }

    /// Whether the items were restored from an earlier session (``restore(_:)``) and no page
    /// has replaced them yet: a screen may show them dimmed, or with "updating...".
    public private(set) var isStale: Bool {
        get {
            observation.access(FeedObservation.isStale)
            return storedIsStale
        }
        set { observation.withMutation(FeedObservation.isStale) { storedIsStale = newValue } }
    }

    /// How eagerly the loader loads; changes apply to the next load.
    public var configuration: FeedConfiguration {
        get {
            observation.access(FeedObservation.configuration)
            return storedConfiguration
        }
        set { observation.withMutation(FeedObservation.configuration) { storedConfiguration = newValue } }
    }

    @usableFromInline let observation = FeedObservation()
    // Unchecked: the class is main-actor isolated and no access to these overlaps another,
    // while the run-time exclusivity check on each read was a large part of a scroll's
    // per-item cost (`items`, `loadingState` and `configuration` are read for every item shown).
    // `@usableFromInline`: read by the inlinable threshold check (see `isThreshold(_:)`).
    @ObservationIgnored @exclusivity(unchecked) @usableFromInline private(set) var storedItems: [Item] = []
    @ObservationIgnored @exclusivity(unchecked) @usableFromInline private(set) var storedLoadingState: LoadingState = .idle
    @ObservationIgnored private var storedFilterStatuses: [FilterStatus] = []
    @ObservationIgnored @exclusivity(unchecked) @usableFromInline private(set) var storedConfiguration: FeedConfiguration
    @ObservationIgnored private var storedIsStale = false

    /// The items fetched since the last refresh that are not visible, so that switching a
    /// filter never needs the network; with `storedItems`, every item (see ``HiddenItem``).
    @ObservationIgnored private var hiddenItems: [HiddenItem<Item>] = []
    /// Items the user made here (``prepend(_:)``): shown whatever the filters say.
    @ObservationIgnored private var pinnedIDs: Set<Item.ID> = []
    @ObservationIgnored private var pipeline: FilterPipeline<Item>
    /// The item type's specialized per-item operations (see ``ItemOperations``).
    @usableFromInline let operations: ItemOperations<Item>
    /// Bumped by every refresh; a load that finds it changed after an `await` has been
    /// superseded and must not touch the state.
    @ObservationIgnored private var generation = 0
    /// Set by a refresh until its first page lands, so old items stay visible until then.
    @ObservationIgnored private var replacesOnNextPage = false
    /// The rules of ``LoadingActor``, run on the main actor with this loader's state.
    private let kernel: LoadingKernel<AnyFetcher<Item>>
    private let postFetch: PostFetch?

    /// Creates a loader; nothing loads until ``loadMore()`` or ``refresh(clearingItems:)``.
    /// - Parameters:
    ///   - fetcher: The source of pages. Keep a reference to change its parameters.
    ///   - configuration: How eagerly to load.
    ///   - filters: Filters to apply, all enabled; see ``setFilter(_:isEnabled:)``.
    ///   - postFetch: Processing run on every fetched page before it is shown.
    @inlinable
    public convenience init<Source: Fetcher>(
        fetcher: Source,
        configuration: FeedConfiguration = FeedConfiguration(),
        filters: [any FeedFilter<Item>] = [],
        postFetch: PostFetch? = nil
    ) where Source.Item == Item {
        // Inlined where `Item` is known, so that `ItemOperations()` builds specialized code for
        // the per-item work (filter pass, id set, thresholds), not generic code using metadata.
        self.init(
            erasedFetcher: AnyFetcher(fetcher), configuration: configuration, filters: filters, postFetch: postFetch,
            operations: ItemOperations())
    }

    /// The initializer proper, given the item type's specialized operations.
    @usableFromInline
    init(
        erasedFetcher: AnyFetcher<Item>,
        configuration: FeedConfiguration,
        filters: [any FeedFilter<Item>],
        postFetch: PostFetch?,
        operations: ItemOperations<Item>
    ) {
        self.kernel = LoadingKernel(fetcher: erasedFetcher)
        self.storedConfiguration = configuration
        self.postFetch = postFetch
        self.operations = operations
        self.pipeline = FilterPipeline(filters: filters, operations: operations)
        self.storedFilterStatuses = pipeline.statuses
    }

    /// Every item loaded since the last refresh, including those the filters hide.
    ///
    /// Put together from the visible and the hidden items on each read, in time proportional to
    /// the feed's length: the loader does not keep a second copy of every item.
    public var unfilteredItems: [Item] { HiddenItem.merge(visible: storedItems, hidden: hiddenItems) }

    /// How many items were loaded since the last refresh, including those the filters hide:
    /// ``unfilteredItems``' count, without putting them together.
    public var unfilteredCount: Int { storedItems.count + hiddenItems.count }

    /// Loads more items if the loader is idle; does nothing while loading, after the end,
    /// or after a failure (use ``retry()``).
    public func loadMore() async {
        guard case .idle = loadingState else { return }
        await run()
    }

    /// Continues after a failure from the same page or cursor that failed.
    public func retry() async {
        guard case .failed = loadingState else { return }
        await run()
    }

    /// Starts the feed again from its first page, taking up the fetcher's current
    /// parameters. A load in flight is cancelled and its items never appear.
    ///
    /// - Parameter clearingItems: Whether to empty the feed at once; by default the old
    ///   items stay visible until the new first page arrives.
    public func refresh(clearingItems: Bool = false) async {
        generation += 1
        replacesOnNextPage = true
        if clearingItems {
            replaceAll(with: [])
            isStale = false
        }
        kernel.reset()
        await run()
    }

    /// Inserts an item the user has just made (such as their own new post) at the top,
    /// where it stays visible whatever the filters say. An item with the same `id` already
    /// in the feed moves to the top.
    public func prepend(_ item: Item) {
        var all = unfilteredItems
        all.removeAll { $0.id == item.id }
        all.insert(item, at: 0)
        pinnedIDs.insert(item.id)
        reapplyFilters(to: all)
    }

    /// Shows `items` saved in an earlier session at once, marked ``isStale``, for an offline
    /// start. The fetcher starts again from its first page: the next load (``loadMore()`` or
    /// ``refresh(clearingItems:)``) replaces them, and a load in flight is cancelled.
    public func restore(_ items: [Item]) async {
        generation += 1
        kernel.reset()
        loadingState = .idle
        replaceAll(with: items)
        replacesOnNextPage = true
        isStale = true
    }

    // MARK: - Loading

    private func run() async {
        let generation = self.generation
        loadingState = .loading
        var pages = 0
        var survivors = 0

        while true {
            let result = await kernel.load()
            guard generation == self.generation else { return }

            let isLast: Bool
            switch result {
            case .success:
                isLast = false
            case .done:
                isLast = true
            case .ignored:
                // Only a load left over from before a refresh can be in flight now (every
                // load of this loader is guarded by `loadingState`). Until our first page
                // lands, cancelling it costs nothing, so do that rather than wait on it.
                guard replacesOnNextPage else {
                    loadingState = .idle
                    return
                }
                kernel.reset()
                guard generation == self.generation else { return }
                continue
            case .cancelled:
                loadingState = .idle
                return
            case .failure(let error):
                loadingState = .failed(error)
                return
            }

            // Consumed, so that the page is its only holder and its items move into `items`.
            var page = (consume result).items
            if let postFetch {
                page = await postFetch(page)
                guard generation == self.generation else { return }
            }
            survivors += append(consume page)
            pages += 1

            if isLast {
                loadingState = .done
                return
            }
            if survivors >= configuration.minimumItemsPerLoad || pages >= configuration.maximumPagesPerLoad {
                loadingState = .idle
                return
            }
        }
    }

    /// Appends a fetched page (replacing everything after a refresh) and returns how many
    /// of its items are visible.
    private func append(_ page: consuming [Item]) -> Int {
        if replacesOnNextPage {
            replacesOnNextPage = false
            if isStale { isStale = false }
            replaceAll(with: page)
            return items.count
        }
        let position = unfilteredCount
        // Handed over whole, so that the pass moves its items rather than copying them (a
        // closure cannot consume what it captures; this one runs once, so the page is there).
        var pending: [Item]? = consume page
        // In place: `items.append` through the getter and setter would copy every item.
        let admitted = observation.withMutation(FeedObservation.items) {
            pipeline.admit(pending.take()!, pinned: pinnedIDs, from: position, into: &storedItems, hiding: &hiddenItems)
        }
        // Unchanged counts tell no observer anything: a view showing them is not redrawn for
        // every page.
        if admitted.hidden > 0 { filterStatuses = pipeline.statuses }
        return admitted.kept
    }

    private func replaceAll(with page: consuming [Item]) {
        pinnedIDs = []
        reapplyFilters(to: consume page)
    }

    // MARK: - Filtering

    /// Runs the filters over every loaded item again: after a filter changes.
    private func reapplyFilters() {
        reapplyFilters(to: unfilteredItems)
    }

    /// Runs the filters over `all`, which become the loaded items: after a filter changes, a
    /// prepend, or a first page replacing the feed.
    private func reapplyFilters(to all: consuming [Item]) {
        pipeline.restart()
        var visible: [Item] = []
        var hidden: [HiddenItem<Item>] = []
        pipeline.admit(consume all, pinned: pinnedIDs, from: 0, into: &visible, hiding: &hidden)
        hiddenItems = hidden
        items = visible
        filterStatuses = pipeline.statuses
    }

    /// Adds a filter, or replaces the filter of the same name (to change a keyword list or
    /// a blocklist), and re-applies the filters to the loaded items without fetching.
    /// - Parameters:
    ///   - filter: The filter.
    ///   - isEnabled: Whether it applies.
    public func setFilter(_ filter: some FeedFilter<Item>, isEnabled: Bool = true) {
        pipeline.set(filter, isEnabled: isEnabled)
        reapplyFilters()
    }

    /// Switches the named filter on or off and re-applies the filters to the loaded items
    /// without fetching. Does nothing if no filter has that name.
    public func setFilterEnabled(_ isEnabled: Bool, named name: String) {
        guard pipeline.setEnabled(isEnabled, named: name) else { return }
        reapplyFilters()
    }

    /// Removes the named filter and re-applies the rest to the loaded items.
    public func removeFilter(named name: String) {
        guard pipeline.remove(named: name) else { return }
        reapplyFilters()
    }

    /// How many loaded items the named filter hides; `0` if it is off or unknown.
    public func removedCount(named name: String) -> Int {
        filterStatuses.first { $0.name == name }?.removedCount ?? 0
    }
}
