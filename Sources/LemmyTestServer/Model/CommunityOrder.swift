import Foundation
import LemmyAPI

/// The order of a community list: the sort each version's `CommunityQuery::list` maps a request's
/// sort to, one column each (`community_view.rs` at 0.18.5 and 0.19.13, `impls.rs` on 1.0).
struct CommunityOrder {
    /// The column a list is ordered by.
    enum Column {
        case hot, new, old, nameAscending, nameDescending, comments, posts, subscribers, subscribersLocal
        case activeDay, activeWeek, activeMonth, activeHalfYear
    }

    let column: Column
    let dialect: LemmyDialect
    /// Each community's place in name order (1.0's name sorts only).
    let names: [Int: Int]

    /// The order for `sort` in `dialect`: 0.18/0.19 default to Hot, 1.0 to ActiveMonthly. A sort
    /// the version lacks never gets here (the form's decoder refuses it).
    init(_ sort: ApiCommunitySortType?, dialect: LemmyDialect, names: [Int: Int] = [:]) {
        self.dialect = dialect
        self.names = names
        column = dialect == .v1_0 ? Self.column(v4: sort ?? .activeMonthly) : Self.column(v3: sort ?? .hot)
    }

    /// 0.18 and 0.19 order communities with the post sorts; most name a column loosely (the top
    /// windows by active users or subscribers, NewComments by the day's active users). 0.19 adds
    /// Scaled (as Hot) and Controversial (as MostComments).
    private static func column(v3 sort: ApiCommunitySortType) -> Column {
        switch sort {
        case .new: .new
        case .old: .old
        case .newComments, .topDay, .topTwelveHour, .topSixHour, .topHour: .activeDay
        case .mostComments, .controversial: .comments
        case .topAll, .topYear, .topNineMonths: .subscribers
        case .topSixMonths, .topThreeMonths: .activeHalfYear
        case .topMonth: .activeMonth
        case .topWeek: .activeWeek
        default: .hot
        }
    }

    /// 1.0's own community sorts, a column each.
    private static func column(v4 sort: ApiCommunitySortType) -> Column {
        switch sort {
        case .hot: .hot
        case .new: .new
        case .old: .old
        case .nameAsc: .nameAscending
        case .nameDesc: .nameDescending
        case .comments: .comments
        case .posts: .posts
        case .subscribers: .subscribers
        case .subscribersLocal: .subscribersLocal
        case .activeDaily: .activeDay
        case .activeWeekly: .activeWeek
        case .activeSixMonths: .activeHalfYear
        default: .activeMonth
        }
    }

    /// `community`'s position. 1.0 breaks ties by id in the sort's direction; 0.18/0.19 set no
    /// tiebreak (the database's order), here the lower id first.
    func key(_ community: CommunityRecord, counts: CommunityCounts, now: Double) -> SortKey {
        let primary: Double =
            switch column {
            case .hot: Ranking.communityHot(subscribers: counts.subscribers, published: community.published, now: now, dialect: dialect)
            case .new: community.published
            case .old: -community.published
            case .nameAscending: -Double(names[community.id] ?? 0)
            case .nameDescending: Double(names[community.id] ?? 0)
            case .comments: Double(counts.comments)
            case .posts: Double(counts.posts)
            case .subscribers: Double(counts.subscribers)
            case .subscribersLocal: Double(counts.subscribersLocal)
            case .activeDay: Double(counts.active.day)
            case .activeWeek: Double(counts.active.week)
            case .activeMonth: Double(counts.active.month)
            case .activeHalfYear: Double(counts.active.halfYear)
            }
        let ascending = column == .old || column == .nameAscending
        let tiebreak = dialect == .v1_0 && !ascending ? community.id : -community.id
        return SortKey(featured: 0, primary: primary, tiebreak: tiebreak)
    }
}
