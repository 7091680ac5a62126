internal import LemmyAPI

/// Which communities a community list shows.
public enum CommunityListingType: String, Sendable, Hashable, CaseIterable {
    /// Every community the instance knows.
    case all
    /// Communities of the instance.
    case local
    /// The account's subscriptions (pending ones included).
    case subscribed
    /// The communities the account moderates (Lemmy 1.0 and later). Lemmy 0.19 takes the value
    /// but lists every community for it; there, read ``Account/moderatedCommunityIds``.
    case moderatorView = "moderator-view"

    var api: ApiListingType {
        switch self {
        case .all: .all
        case .local: .local
        case .subscribed: .subscribed
        case .moderatorView: .moderatorView
        }
    }

    /// Whether a server speaking `version` lists communities this way. 0.19 has the moderator
    /// view for posts, but its community list does not filter by it
    /// (`CommunityQuery::list` in 0.19.13 matches Subscribed and Local only), so asking there
    /// would show every community as moderated.
    func isSupported(by version: LemmyAPIVersion) -> Bool {
        guard api.wireValue(in: version) != nil else { return false }
        return self != .moderatorView || version.generation == .v4
    }
}

/// How communities are ordered. Lemmy 0.18 and 0.19 order communities with the post sorts;
/// 1.0 has its own (by activity windows, name, size). Ask
/// ``ApiClient/supportedCommunitySorts()`` for the connected server's; asking for another fails
/// with ``ApiClientError/unavailableInVersion(_:)`` before any request.
public enum CommunitySortType: Sendable, Hashable {
    /// Lemmy's "hot" rank.
    case hot
    /// Newest first.
    case new
    /// Oldest first.
    case old
    /// Lemmy's "active" rank (0.18 and 0.19).
    case active
    /// Highest score within the window (0.18 and 0.19).
    case top(TopWindow)
    /// Most comments first (0.18 and 0.19).
    case mostComments
    /// Most recent comment first (0.18 and 0.19).
    case newComments
    /// Most controversial first (0.19).
    case controversial
    /// "Hot", scaled by size (0.19).
    case scaled
    /// Most active people in the last day (1.0).
    case activeDaily
    /// Most active people in the last week (1.0).
    case activeWeekly
    /// Most active people in the last month (1.0).
    case activeMonthly
    /// Most active people in the last six months (1.0).
    case activeSixMonths
    /// By name, A to Z (1.0).
    case nameAscending
    /// By name, Z to A (1.0).
    case nameDescending
    /// Most comments first (1.0).
    case comments
    /// Most posts first (1.0).
    case posts
    /// Most subscribers first (1.0).
    case subscribers
    /// Most subscribers on the instance first (1.0).
    case subscribersLocal

    /// Every sort of every version, in menu order.
    public static let allCases: [CommunitySortType] =
        [.hot, .active, .scaled, .new, .old, .controversial, .mostComments, .newComments]
        + TopWindow.allCases.map { .top($0) }
        + [
            .activeDaily, .activeWeekly, .activeMonthly, .activeSixMonths, .nameAscending, .nameDescending,
            .comments, .posts, .subscribers, .subscribersLocal,
        ]

    /// A stable, command-line friendly name: `hot`, `top-week`, `name-asc`, `active-monthly`.
    public var name: String {
        switch self {
        case .hot: "hot"
        case .new: "new"
        case .old: "old"
        case .active: "active"
        case .top(let window): "top-" + window.rawValue
        case .mostComments: "most-comments"
        case .newComments: "new-comments"
        case .controversial: "controversial"
        case .scaled: "scaled"
        case .activeDaily: "active-daily"
        case .activeWeekly: "active-weekly"
        case .activeMonthly: "active-monthly"
        case .activeSixMonths: "active-six-months"
        case .nameAscending: "name-asc"
        case .nameDescending: "name-desc"
        case .comments: "comments"
        case .posts: "posts"
        case .subscribers: "subscribers"
        case .subscribersLocal: "subscribers-local"
        }
    }

    /// The sort called `name` (see ``name``); nil for any other text.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }

    var api: ApiCommunitySortType {
        switch self {
        case .hot: .hot
        case .new: .new
        case .old: .old
        case .active: .active
        case .mostComments: .mostComments
        case .newComments: .newComments
        case .controversial: .controversial
        case .scaled: .scaled
        case .activeDaily: .activeDaily
        case .activeWeekly: .activeWeekly
        case .activeMonthly: .activeMonthly
        case .activeSixMonths: .activeSixMonths
        case .nameAscending: .nameAsc
        case .nameDescending: .nameDesc
        case .comments: .comments
        case .posts: .posts
        case .subscribers: .subscribers
        case .subscribersLocal: .subscribersLocal
        case .top(let window):
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
        }
    }

    /// Whether a server speaking `version` takes this sort.
    func isSupported(by version: LemmyAPIVersion) -> Bool { api.wireValue(in: version) != nil }
}

extension ApiClient {
    /// The community sorts the connected server takes, in menu order.
    public func supportedCommunitySorts() async throws(ApiClientError) -> [CommunitySortType] {
        let version = try await version().apiVersion
        return CommunitySortType.allCases.filter { $0.isSupported(by: version) }
    }

    /// The community listings the connected server has (moderator view from 1.0 on).
    public func supportedCommunityListings() async throws(ApiClientError) -> [CommunityListingType] {
        let version = try await version().apiVersion
        return CommunityListingType.allCases.filter { $0.isSupported(by: version) }
    }
}
