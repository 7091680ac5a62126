public import FeedLoading
public import Observation

/// A Lemmy feed of content models: a `FeedLoading` `FeedLoader` whose fetcher asks an
/// ``ApiClient``, with the standard filters (``LemmyFeedFilter``) wired to the models and the
/// client's ``Account``.
///
/// A feed has a meaning (its ``query``: a listing and sort, a community, a search text...) and
/// an account (``api``). ``changeApi(to:)`` swaps the account and keeps the meaning;
/// ``setQuery(_:)`` changes the meaning. Either starts the feed again.
///
/// <!-- sample: doc-lemmyfeed -->
/// ```swift
/// let feed = PostFeed(api: client, query: PostFeedQuery(feed: .community(id: 3), sort: .new))
/// await feed.loadMore()
/// for post in feed.items { print(post.title) }
/// feed.setFilterEnabled(.read, true)            // hide read posts, without fetching
/// await feed.changeApi(to: otherAccount)        // same community and sort, other account
/// ```
///
/// Concrete feeds are this class with a model and query type: ``PostFeed``, ``SearchFeed``,
/// ``PersonContentFeed``, ``SavedFeed``, ``InboxFeed``, ``ModlogFeed``, ``CommentTreeFeed``.
@MainActor @Observable
public final class LemmyFeed<Model: Sendable, Query: Sendable> {
    /// The generic loader: items, state, thresholds (`onAppear`), filters and their counts.
    public let loader: FeedLoader<FeedEntry<Model>>
    /// The account the feed fetches with.
    public private(set) var api: ApiClient
    /// What the feed lists.
    public private(set) var query: Query

    @ObservationIgnored private let source: FeedSource<Model, Query>
    /// What the page loaders left out (see ``FeedDiscards``); the same across contexts.
    @ObservationIgnored let discards = FeedDiscards()

    /// Creates a feed; nothing loads until ``loadMore()`` or ``refresh(clearingItems:)``.
    init(
        api: ApiClient, query: Query, configuration: FeedConfiguration,
        isRead: (@MainActor @Sendable (Model) -> Bool)? = nil,
        source makeSource: (FeedContext<Query>) -> FeedSource<Model, Query>
    ) {
        self.api = api
        self.query = query
        source = makeSource(FeedContext(api: api, query: query, discards: discards))
        var filters: [any FeedFilter<FeedEntry<Model>>] = [
            DuplicateFilter<FeedEntry<Model>, String>(LemmyFeedFilter.duplicates.rawValue) { $0.keys.actorId },
            Self.keywordFilter([]),
            Self.blockFilter(api.account),
        ]
        if let isRead {
            // Filters run inside the loader, which is main-actor isolated; the predicate reads the
            // live flag so that a post read elsewhere hides here on the next re-filter.
            filters.append(
                PredicateFilter<FeedEntry<Model>>(LemmyFeedFilter.read.rawValue) { entry in
                    MainActor.assumeIsolated { !isRead(entry.model) }
                })
        }
        loader = FeedLoader(fetcher: source.fetcher, configuration: configuration, filters: filters)
        if isRead != nil { loader.setFilterEnabled(false, named: LemmyFeedFilter.read.rawValue) }
    }

    /// The models that survive the filters, in feed order, without what the client purged
    /// (``ApiClient/purgePost(id:reason:)`` and the other purges) since they were loaded.
    public var items: [Model] {
        let purged = api.purged
        // One loop over the entries where they are stored, not `map` with a closure or a key
        // path: this generic type is not specialized for its callers, and a closure looked the
        // entry type up in the runtime for every entry (about 1,500 instructions each, on every
        // read of `items`, in the FeedScroll benchmark). Read through the pointer, an entry is
        // not copied, only its model.
        return loader.items.withUnsafeBufferPointer { entries in
            var models: [Model] = []
            models.reserveCapacity(entries.count)
            guard let first = entries.baseAddress else { return models }
            // Counting offsets: a range of pointers looked their `Strideable` conformance up for
            // every step.
            for offset in 0..<entries.count {
                let entry = first + offset
                if purged.isEmpty || !purged.hides(entry.pointee.id, keys: entry.pointee.keys) { models.append(entry.pointee.model) }
            }
            return models
        }
    }

    /// What the feed is doing; a failure keeps its error and can be retried.
    public var loadingState: LoadingState { loader.loadingState }

    /// Loads the next items if the feed is idle.
    public func loadMore() async { await loader.loadMore() }

    /// Continues after a failure from the same page or cursor.
    public func retry() async { await loader.retry() }

    /// Starts again from the first page; old items stay until the new first page arrives
    /// unless `clearingItems`.
    public func refresh(clearingItems: Bool = false) async { await loader.refresh(clearingItems: clearingItems) }

    /// Switches the feed to another account (or instance) and reloads it with the same meaning.
    ///
    /// Ids in the query (a community's, a person's) are ids on the client's instance; on
    /// another instance the same community has another id.
    public func changeApi(to api: ApiClient) async {
        self.api = api
        source.setContext(FeedContext(api: api, query: query, discards: discards))
        updateBlocklist()
        // The old account's items (its votes, its read state) must not show under the new one.
        await loader.refresh(clearingItems: true)
    }

    /// Changes what the feed lists and reloads it; the old items stay until the first new page.
    public func setQuery(_ query: Query) async {
        self.query = query
        source.setContext(FeedContext(api: api, query: query, discards: discards))
        await loader.refresh()
    }

    // MARK: - Filters

    /// Switches one of the standard filters on or off, re-filtering what is loaded.
    public func setFilterEnabled(_ filter: LemmyFeedFilter, _ isEnabled: Bool) {
        loader.setFilterEnabled(isEnabled, named: filter.rawValue)
    }

    /// Hides items containing any of `keywords` as whole words in their title or body.
    public func setKeywords(_ keywords: [String]) {
        loader.setFilter(
            Self.keywordFilter(keywords),
            isEnabled: isEnabled(.keywords))
    }

    /// Takes up the account's current blocks (people, communities, instances), e.g. after
    /// ``ApiClient/loadAccount()`` or a block.
    public func updateBlocklist() {
        loader.setFilter(Self.blockFilter(api.account), isEnabled: isEnabled(.blocked))
    }

    private func isEnabled(_ filter: LemmyFeedFilter) -> Bool {
        loader.filterStatuses.first { $0.name == filter.rawValue }?.isEnabled ?? true
    }

    private static func blockFilter(_ account: Account?) -> PredicateFilter<FeedEntry<Model>> {
        let people = account?.blockedPersonIds ?? []
        let communities = account?.blockedCommunityIds ?? []
        let instances = account?.blockedInstanceIds ?? []
        if people.isEmpty && communities.isEmpty && instances.isEmpty { return .keepingEverything(LemmyFeedFilter.blocked.rawValue) }
        return PredicateFilter(LemmyFeedFilter.blocked.rawValue) { entry in
            // Empty sets (a guest, an account without blocks) are passed over without hashing.
            if !people.isEmpty, let id = entry.keys.creatorId, people.contains(id) { return false }
            if !communities.isEmpty, let id = entry.keys.communityId, communities.contains(id) { return false }
            guard !instances.isEmpty else { return true }
            if let id = entry.keys.creatorInstanceId, instances.contains(id) { return false }
            if let id = entry.keys.communityInstanceId, instances.contains(id) { return false }
            return true
        }
    }

    private static func keywordFilter(_ keywords: [String]) -> KeywordFilter<FeedEntry<Model>> {
        KeywordFilter(LemmyFeedFilter.keywords.rawValue, keywords: keywords, searching: { $0.keys.title }, { $0.keys.body })
    }
}
