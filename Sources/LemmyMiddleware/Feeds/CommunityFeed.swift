public import FeedLoading

/// A feed of communities: a listing (all, local, subscribed, moderated) in one sort, for browsing
/// and for the account's subscription list.
///
/// <!-- sample: doc-communityfeed -->
/// ```swift
/// let feed = CommunityFeed(api: client, query: CommunityFeedQuery(listing: .local, sort: .new))
/// await feed.loadMore()
/// for community in feed.items { print(community.name, community.subscription) }
/// ```
public typealias CommunityFeed = LemmyFeed<Community2, CommunityFeedQuery>

/// What a ``CommunityFeed`` lists.
public struct CommunityFeedQuery: Sendable, Hashable {
    /// Which communities.
    public var listing: CommunityListingType
    /// The order.
    public var sort: CommunitySortType
    /// Whether to include NSFW communities; nil follows the account's setting.
    public var showNSFW: Bool?
    /// Communities asked for per request.
    public var pageSize: Int

    /// Creates a query.
    /// - Parameters:
    ///   - listing: Which communities.
    ///   - sort: The order (``ApiClient/supportedCommunitySorts()`` lists the server's).
    ///   - showNSFW: Whether to include NSFW communities; nil follows the account's setting.
    ///   - pageSize: Communities asked for per request (Lemmy allows up to 50).
    public init(listing: CommunityListingType = .all, sort: CommunitySortType = .hot, showNSFW: Bool? = nil, pageSize: Int = 20) {
        self.listing = listing
        self.sort = sort
        self.showNSFW = showNSFW
        self.pageSize = pageSize
    }
}

extension LemmyFeed where Model == Community2, Query == CommunityFeedQuery {
    /// Creates a community feed; the blocked filter hides communities the account blocks, and
    /// those of blocked instances.
    /// - Parameters:
    ///   - api: The account to fetch with.
    ///   - query: The listing and the sort.
    ///   - configuration: How eagerly to load.
    public convenience init(
        api: ApiClient, query: CommunityFeedQuery = CommunityFeedQuery(),
        configuration: FeedConfiguration = FeedConfiguration()
    ) {
        self.init(api: api, query: query, configuration: configuration) { context in
            .paged(context) { api, query, cursor in
                let page = try await api.getCommunities(
                    listing: query.listing, sort: query.sort, showNSFW: query.showNSFW,
                    limit: query.pageSize, cursor: cursor)
                return FetchedPage(items: page.items.map(FeedEntry<Community2>.community), next: page.next)
            }
        }
    }
}
