internal import LemmyAPI

/// The window of a "top" sort: posts published within it, highest score first.
public enum TopWindow: String, Sendable, Hashable, CaseIterable {
    /// The last hour.
    case hour
    /// The last six hours.
    case sixHours = "six-hours"
    /// The last twelve hours.
    case twelveHours = "twelve-hours"
    /// The last day.
    case day
    /// The last week.
    case week
    /// The last month.
    case month
    /// The last three months (Lemmy 0.18.1 and later).
    case threeMonths = "three-months"
    /// The last six months (Lemmy 0.18.1 and later).
    case sixMonths = "six-months"
    /// The last nine months (Lemmy 0.18.1 and later).
    case nineMonths = "nine-months"
    /// The last year.
    case year
    /// All time.
    case all

    /// The window in seconds as Lemmy 1.0's `time_range_seconds` takes it; 0 means "no limit",
    /// which overrides the account's and the site's default window.
    var seconds: Int {
        let hour = 3_600
        let day = 86_400
        return switch self {
        case .hour: hour
        case .sixHours: 6 * hour
        case .twelveHours: 12 * hour
        case .day: day
        case .week: 7 * day
        case .month: 30 * day
        case .threeMonths: 91 * day
        case .sixMonths: 182 * day
        case .nineMonths: 273 * day
        case .year: 365 * day
        case .all: 0
        }
    }
}

/// How posts are ordered. Not every server has every sort: ask
/// ``ApiClient/supportedPostSorts()`` for the ones the connected server takes, e.g. to build a
/// menu; asking for another fails with ``ApiClientError/unsupported(_:)`` before any request.
public enum PostSortType: Sendable, Hashable {
    /// Lemmy's "hot" rank.
    case hot
    /// Lemmy's "active" rank.
    case active
    /// Newest first.
    case new
    /// Oldest first.
    case old
    /// Highest score first, among posts published within the window.
    case top(TopWindow)
    /// Most comments first.
    case mostComments
    /// Most recent comment first.
    case newComments
    /// Most controversial first (Lemmy 0.19 and later).
    case controversial
    /// "Hot", scaled by community size (Lemmy 0.19 and later).
    case scaled

    /// Every sort of every version, in menu order.
    public static let allCases: [PostSortType] =
        [.hot, .active, .scaled, .new, .old, .controversial, .mostComments, .newComments] + TopWindow.allCases.map { .top($0) }

    /// A stable, command-line friendly name: `hot`, `new-comments`, `top-week`, `top-all`.
    public var name: String {
        switch self {
        case .hot: "hot"
        case .active: "active"
        case .new: "new"
        case .old: "old"
        case .top(let window): "top-" + window.rawValue
        case .mostComments: "most-comments"
        case .newComments: "new-comments"
        case .controversial: "controversial"
        case .scaled: "scaled"
        }
    }

    /// The sort called `name` (see ``name``); nil for any other text.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }

    /// The wire form for `version`: 0.18/0.19 spell the window into the sort (`TopWeek`); 1.0
    /// sends `top` and the window as `time_range_seconds`, and 0 ("no window") with every other
    /// sort, because 1.0 narrows a list that names no window to the account's default one
    /// (`post_time_range_seconds_with_default`), whatever the sort. The value may still be one
    /// the version lacks (`Scaled` on 0.18), which encoding refuses with a typed error.
    func wire(for version: LemmyAPIVersion) -> (sort: ApiPostSortType, timeRangeSeconds: Int?) {
        let noWindow = version.generation == .v4 ? 0 : nil
        switch self {
        case .hot: return (.hot, noWindow)
        case .active: return (.active, noWindow)
        case .new: return (.new, noWindow)
        case .old: return (.old, noWindow)
        case .mostComments: return (.mostComments, noWindow)
        case .newComments: return (.newComments, noWindow)
        case .controversial: return (.controversial, noWindow)
        case .scaled: return (.scaled, noWindow)
        case .top(let window):
            if version.generation == .v4 { return (.top, window.seconds) }
            let sort: ApiPostSortType =
                switch window {
                case .hour: .topHour
                case .sixHours: .topSixHour
                case .twelveHours: .topTwelveHour
                case .day: .topDay
                case .week: .topWeek
                case .month: .topMonth
                case .threeMonths: .topThreeMonths
                case .sixMonths: .topSixMonths
                case .nineMonths: .topNineMonths
                case .year: .topYear
                case .all: .topAll
                }
            return (sort, nil)
        }
    }

    /// Whether a server speaking `version` takes this sort.
    func isSupported(by version: LemmyAPIVersion) -> Bool { wire(for: version).sort.wireValue(in: version) != nil }
}

/// How comments are ordered.
public enum CommentSortType: String, Sendable, Hashable, CaseIterable {
    /// Lemmy's "hot" rank.
    case hot
    /// Highest score first.
    case top
    /// Newest first.
    case new
    /// Oldest first.
    case old
    /// Most controversial first (Lemmy 0.19 and later).
    case controversial

    var api: ApiCommentSortType {
        switch self {
        case .hot: .hot
        case .top: .top
        case .new: .new
        case .old: .old
        case .controversial: .controversial
        }
    }

    /// Whether a server speaking `version` takes this sort.
    func isSupported(by version: LemmyAPIVersion) -> Bool { api.wireValue(in: version) != nil }
}

extension FeedType {
    /// The listing type, or nil for a community feed.
    var listing: ApiListingType? {
        switch self {
        case .all: .all
        case .local: .local
        case .subscribed: .subscribed
        case .moderatorView: .moderatorView
        case .suggested: .suggested
        case .community, .multiCommunity, .communityTag: nil
        }
    }

    /// Whether a server speaking `version` has this listing (multi-communities and tags: 1.0 and
    /// later).
    func isSupported(by version: LemmyAPIVersion) -> Bool {
        switch self {
        case .multiCommunity, .communityTag: version.generation == .v4
        default: listing.map { $0.wireValue(in: version) != nil } ?? true
        }
    }
}

extension ApiClient {
    /// The post sorts the connected server takes, in menu order (detects the version on first use).
    public func supportedPostSorts() async throws(ApiClientError) -> [PostSortType] {
        let version = try await version().apiVersion
        return PostSortType.allCases.filter { $0.isSupported(by: version) }
    }

    /// The comment sorts the connected server takes.
    public func supportedCommentSorts() async throws(ApiClientError) -> [CommentSortType] {
        let version = try await version().apiVersion
        return CommentSortType.allCases.filter { $0.isSupported(by: version) }
    }

    /// The listings (all, local, subscribed, moderator view, suggested) the connected server has;
    /// community feeds are always available.
    public func supportedFeedTypes() async throws(ApiClientError) -> [FeedType] {
        let version = try await version().apiVersion
        return [FeedType.all, .local, .subscribed, .moderatorView, .suggested].filter { $0.isSupported(by: version) }
    }

    /// The search kinds the connected server has: every version has every kind (1.0 finds links
    /// through a post search limited to URLs), so this asks the server nothing; it is here so
    /// that an app builds every menu the same way.
    public func supportedSearchKinds() async throws(ApiClientError) -> [SearchKind] {
        SearchKind.allCases
    }
}
