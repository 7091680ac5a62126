import FeedLoading
import Observation
import Testing

@Suite("FeedLoader observation")
@MainActor
struct ObservationTests {
    /// Observes what `read` reads, once, and appends `name` to `changes` when it changes.
    private static func tracker(appendingTo changes: Log<String>) -> (String, @escaping @MainActor () -> Void) -> Void {
        { name, read in
            withObservationTracking {
                read()
            } onChange: {
                changes.append(name)
            }
        }
    }

    @Test("items, loading state, filter counts and configuration notify observers")
    func observedPropertiesNotify() async {
        let loader = FeedLoader(
            fetcher: CountingSource(posts(1...3), pageSize: 10).fetcher,
            filters: [PredicateFilter<Post>("Odd") { $0.id.isMultiple(of: 2) }]
        )
        let changes = Log<String>()
        let track = Self.tracker(appendingTo: changes)
        track("items") { _ = loader.items }
        track("state") { _ = loader.loadingState }
        track("filters") { _ = loader.filterStatuses }
        await loader.loadMore()
        #expect(Set(changes.all) == ["items", "state", "filters"])

        track("configuration") { _ = loader.configuration }
        loader.configuration.thresholdDistance = 1
        #expect(changes.all.last == "configuration")
    }

    @Test("filter counts notify their observers only for a page the filters hid something of")
    func filterCountsNotifyOnlyWhenTheyChange() async {
        let loader = FeedLoader(
            fetcher: CountingSource(posts(1...4), pageSize: 2).fetcher,
            configuration: FeedConfiguration(minimumItemsPerLoad: 1),
            filters: [PredicateFilter<Post>("Not 3") { $0.id != 3 }]
        )
        let changes = Log<String>()
        let track = Self.tracker(appendingTo: changes)
        track("filters") { _ = loader.filterStatuses }
        await loader.loadMore()  // 1 and 2: nothing hidden
        #expect(loader.items.map(\.id) == [1, 2])
        #expect(changes.all.isEmpty)
        await loader.loadMore()  // 3 and 4: 3 hidden
        #expect(loader.items.map(\.id) == [1, 2, 4])
        #expect(changes.all == ["filters"])
        #expect(loader.removedCount(named: "Not 3") == 1)
    }

    @Test("each observed property notifies its own observers only, isStale included")
    func propertiesNotifySeparately() async {
        let loader = FeedLoader(fetcher: CountingSource(posts(1...3), pageSize: 10).fetcher)
        let changes = Log<String>()
        let track = Self.tracker(appendingTo: changes)
        track("stale") { _ = loader.isStale }
        track("configuration") { _ = loader.configuration }
        await loader.restore(posts(1...2))
        #expect(changes.all == ["stale"])

        track("items") { _ = loader.items }
        track("state") { _ = loader.loadingState }
        loader.configuration.thresholdDistance = 2
        #expect(changes.all == ["stale", "configuration"])
    }
}
