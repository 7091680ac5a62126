import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Every community sort of every version, over HTTP: the list comes in the order of the column
/// Lemmy's `CommunityQuery::list` orders it by, read back from the views it shows.
@Suite("Community orders")
struct CommunityOrderTests {
    /// What a community view shows that a sort can order by.
    struct Shown {
        var id: Int
        var name: String
        var published: Double
        var subscribers, subscribersLocal, posts, comments: Int
        var active: (day: Int, week: Int, month: Int, halfYear: Int)
        /// 0.18 only: 0.19 and 1.0 do not send a community's rank (`CommunityListTests` checks
        /// the Hot order on the database).
        var hot: Double?

        init(_ view: ApiCommunityView) throws {
            let community = view.community
            id = community.id
            name = community.name
            published = community.publishedAt.date.timeIntervalSince1970
            if let counts = view.counts {
                (subscribers, subscribersLocal, posts, comments) =
                    (counts.subscribers, counts.subscribersLocal ?? 0, counts.posts, counts.comments)
                active = (counts.usersActiveDay, counts.usersActiveWeek, counts.usersActiveMonth, counts.usersActiveHalfYear)
                hot = counts.hotRank
            } else {
                subscribers = try #require(community.subscribers)
                subscribersLocal = try #require(community.subscribersLocal)
                posts = try #require(community.posts)
                comments = try #require(community.comments)
                active = (
                    try #require(community.usersActiveDay), try #require(community.usersActiveWeek),
                    try #require(community.usersActiveMonth), try #require(community.usersActiveHalfYear)
                )
            }
        }
    }

    /// The column a sort orders by, descending unless `ascending`; nil where the views do not show it.
    typealias Column = (value: (Shown) -> Double?, ascending: Bool)

    /// 0.18.5 and 0.19.13 (`community_view.rs`): the post sorts, mapped loosely to columns.
    static func v3Column(_ sort: ApiCommunitySortType?) -> Column {
        switch sort {
        case .new?: ({ $0.published }, false)
        case .old?: ({ $0.published }, true)
        case .newComments?, .topDay?, .topTwelveHour?, .topSixHour?, .topHour?: ({ Double($0.active.day) }, false)
        case .mostComments?, .controversial?: ({ Double($0.comments) }, false)
        case .topAll?, .topYear?, .topNineMonths?: ({ Double($0.subscribers) }, false)
        case .topSixMonths?, .topThreeMonths?: ({ Double($0.active.halfYear) }, false)
        case .topMonth?: ({ Double($0.active.month) }, false)
        case .topWeek?: ({ Double($0.active.week) }, false)
        default: ({ $0.hot }, false)
        }
    }

    /// 1.0 (`db_views/community/src/impls.rs`): a column each, ActiveMonthly by default.
    static func v4Column(_ sort: ApiCommunitySortType?) -> Column {
        switch sort {
        case .hot?: ({ _ in nil }, false)
        case .new?: ({ $0.published }, false)
        case .old?: ({ $0.published }, true)
        case .comments?: ({ Double($0.comments) }, false)
        case .posts?: ({ Double($0.posts) }, false)
        case .subscribers?: ({ Double($0.subscribers) }, false)
        case .subscribersLocal?: ({ Double($0.subscribersLocal) }, false)
        case .activeDaily?: ({ Double($0.active.day) }, false)
        case .activeWeekly?: ({ Double($0.active.week) }, false)
        case .activeSixMonths?: ({ Double($0.active.halfYear) }, false)
        case .nameAsc?, .nameDesc?: ({ _ in nil }, sort == .nameAsc)
        default: ({ Double($0.active.month) }, false)
        }
    }

    static let v3Sorts: [ApiCommunitySortType] = [
        .hot, .active, .scaled, .new, .old, .newComments, .mostComments, .controversial, .topHour, .topSixHour, .topTwelveHour,
        .topDay, .topWeek, .topMonth, .topThreeMonths, .topSixMonths, .topNineMonths, .topYear, .topAll,
    ]
    static let v4Sorts: [ApiCommunitySortType] = [
        .hot, .new, .old, .nameAsc, .nameDesc, .comments, .posts, .subscribers, .subscribersLocal, .activeDaily, .activeWeekly,
        .activeMonthly, .activeSixMonths,
    ]

    @Test("Each sort lists communities in its column's order; 1.0 breaks ties by id the same way", arguments: LemmyDialect.allCases)
    func orders(dialect: LemmyDialect) async throws {
        let world = SeedWorlds.remoteCommunity
        try await withServer(dialect, scale: world.scale, seed: world.seed) { server in
            let client = TestClient(server)
            let sorts: [ApiCommunitySortType?] =
                [nil]
                + (dialect == .v1_0 ? Self.v4Sorts : Self.v3Sorts.filter { dialect != .v0_18 || ($0 != .scaled && $0 != .controversial) })
            var orders: Set<[Int]> = []
            for sort in sorts {
                let form = ApiListCommunities(sort: sort, showNsfw: true, limit: 50)
                let views =
                    client.v4
                    ? try await client.send(LemmyV4.ListCommunities(form)).items
                    : try await client.send(LemmyV3.ListCommunities(form)).communities
                let shown = try views.map(Shown.init)
                #expect(shown.count >= 5)
                orders.insert(shown.map(\.id))
                let column = dialect == .v1_0 ? Self.v4Column(sort) : Self.v3Column(sort)
                for (a, b) in zip(shown, shown.dropFirst()) {
                    if sort == .nameAsc {
                        #expect(a.name.lowercased() < b.name.lowercased(), "\(a.name) before \(b.name)")
                    } else if sort == .nameDesc {
                        #expect(a.name.lowercased() > b.name.lowercased(), "\(a.name) before \(b.name)")
                    }
                    guard let x = column.value(a), let y = column.value(b) else { continue }
                    #expect(column.ascending ? x <= y : x >= y, "\(String(describing: sort)): \(a.id) (\(x)) before \(b.id) (\(y))")
                    if dialect == .v1_0 && x == y { #expect(column.ascending ? a.id < b.id : a.id > b.id) }
                }
            }
            // The sorts do order differently (the seeded counts are not all equal).
            #expect(orders.count >= 4)
        }
    }
}
