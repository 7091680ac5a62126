/// How eagerly a ``FeedLoader`` loads.
public struct FeedConfiguration: Sendable, Hashable {
    /// How many items before the last one the threshold item sits: when it appears, the
    /// next page loads. The last item is always a threshold too, as a fallback.
    public var thresholdDistance: Int
    /// A load keeps fetching pages until at least this many new items survive the filters,
    /// or the feed ends, or ``maximumPagesPerLoad`` is reached.
    public var minimumItemsPerLoad: Int
    /// The most pages one load fetches, so that a feed whose items are nearly all filtered
    /// out (read posts hidden) cannot page forever.
    public var maximumPagesPerLoad: Int

    /// Creates a configuration.
    /// - Parameters:
    ///   - thresholdDistance: How many items before the last one the threshold item sits.
    ///   - minimumItemsPerLoad: How many new visible items a load tries to produce.
    ///   - maximumPagesPerLoad: The most pages one load fetches.
    public init(thresholdDistance: Int = 5, minimumItemsPerLoad: Int = 10, maximumPagesPerLoad: Int = 5) {
        precondition(thresholdDistance >= 0, "thresholdDistance must not be negative")
        precondition(maximumPagesPerLoad > 0, "maximumPagesPerLoad must be positive")
        self.thresholdDistance = thresholdDistance
        self.minimumItemsPerLoad = minimumItemsPerLoad
        self.maximumPagesPerLoad = maximumPagesPerLoad
    }
}
