import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Which reports a report list shows and in which order, as each version's report views decide
/// (`post_report_view.rs`, `comment_report_view.rs` at 0.18.5 and 0.19.13;
/// `report_combined/src/impls.rs` on 1.0). In the tiny seed carol reported posts and comments of
/// communities 1 and 2 (moderated by bob); the admin moderates community 3.
@Suite("Report listing")
struct ReportListingTests {
    static let now = 1_700_000_000.0

    static func database() -> Database {
        SeedGenerator(scale: .tiny, seed: 1, now: now).generate()
    }

    static func ids(_ db: Database, _ listing: ReportListing, viewer: Int, _ dialect: LemmyDialect) throws -> [Int] {
        try db.reports(listing, viewer: viewer, dialect: dialect, now: now).map(\.id)
    }

    @Test(
        "The unresolved queue runs oldest first on 0.19 and 1.0, newest first on 0.18; 1.0's sort overrides",
        arguments: LemmyDialect.allCases)
    func order(dialect: LemmyDialect) throws {
        let db = Self.database()
        let bob = 3
        let open = try db.reports(ReportListing(unresolvedOnly: true), viewer: bob, dialect: dialect, now: Self.now)
        #expect(open.count >= 3)
        let dates = open.map(\.published)
        #expect(dates == (dialect == .v0_18 ? dates.sorted(by: >) : dates.sorted()))
        #expect(Set(dates).count > 1)
        let all = try db.reports(ReportListing(), viewer: bob, dialect: dialect, now: Self.now).map(\.published)
        #expect(all == all.sorted(by: >))
        if dialect == .v1_0 {
            let newest = try db.reports(ReportListing(unresolvedOnly: true, sort: .new), viewer: bob, dialect: dialect, now: Self.now)
            #expect(newest.map(\.id) == open.reversed().map(\.id))
        }
    }

    @Test(
        "Someone who moderates nothing: an empty list on 0.18, not_a_mod_or_admin on 0.19 and 1.0, nothing with 1.0's my_reports_only",
        arguments: LemmyDialect.allCases)
    func plainUser(dialect: LemmyDialect) throws {
        let db = Self.database()
        let carol = 4
        if dialect == .v0_18 {
            #expect(try Self.ids(db, ReportListing(), viewer: carol, dialect).isEmpty)
        } else {
            #expect(throws: APIError.self) { try Self.ids(db, ReportListing(), viewer: carol, dialect) }
        }
        if dialect == .v1_0 {
            #expect(try Self.ids(db, ReportListing(mineOnly: true), viewer: carol, dialect).isEmpty)
        }
    }

    @Test("1.0 admins see fresh reports of communities they do not moderate only with show_community_rule_violations")
    func adminQueue10() throws {
        var db = Self.database()
        let admin = 1
        let index = try #require(db.reports.firstIndex { db.communityId(of: $0) == 1 })
        db.reports[index].published = Self.now - 3600
        let id = db.reports[index].id
        #expect(!(try Self.ids(db, ReportListing(), viewer: admin, .v1_0)).contains(id))
        #expect(try Self.ids(db, ReportListing(showCommunityRuleViolations: true), viewer: admin, .v1_0).contains(id))
        #expect(try Self.ids(db, ReportListing(), viewer: admin, .v0_19).contains(id))
        // A stale one (three days and more) reaches the admins' queue.
        db.reports[index].published = Self.now - 4 * 86_400
        #expect(try Self.ids(db, ReportListing(), viewer: admin, .v1_0).contains(id))
        // So does a fresh one in a community the admin moderates.
        db.reports[index].published = Self.now - 3600
        db.communities[0].moderators.append(admin)
        #expect(try Self.ids(db, ReportListing(), viewer: admin, .v1_0).contains(id))
    }

    @Test("A page number past any list is an empty page, on every paged list, not a crash", arguments: [LemmyDialect.v0_18, .v0_19])
    func hostilePage(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await TestClient(server).login("bob")
            let page = 1_000_000_000_000_000_000
            #expect(try await bob.send(LemmyV3.ListPostReports(ApiListPostReports(page: page, limit: 50))).postReports.isEmpty)
            let admin = try await TestClient(server).login("admin")
            let messages = try await admin.send(LemmyV3.ListPrivateMessageReports(ApiListPrivateMessageReports(page: page, limit: 50)))
            #expect(messages.privateMessageReports.isEmpty)
            let inbox = try await bob.send(LemmyV3.GetPrivateMessages(ApiGetPrivateMessages(page: page, limit: 50)))
            #expect(inbox.privateMessages.isEmpty)
            // The first page still has what the seed holds.
            #expect(!(try await bob.send(LemmyV3.ListPostReports(ApiListPostReports(page: 1, limit: 50))).postReports.isEmpty))
        }
        #expect(Paging.offset(page: Int.max, limit: 50) == Int.max)
        #expect(Paging.offset(page: 3, limit: 20) == 40)
    }

    @Test("0.19 narrows post reports to a post and comment reports to a comment; 1.0's post_id takes its comments' reports too")
    func postAndComment() throws {
        let db = Self.database()
        let bob = 3
        let post = try #require(db.reports.first { $0.kind == .post })
        let comment = try #require(db.reports.first { $0.kind == .comment })
        let ofPost = try Self.ids(db, ReportListing(kind: .post, postId: post.targetId), viewer: bob, .v0_19)
        #expect(ofPost.contains(post.id))
        #expect(ofPost.allSatisfy { db.reports[$0 - 1].targetId == post.targetId })
        #expect(try Self.ids(db, ReportListing(kind: .comment, commentId: comment.targetId), viewer: bob, .v0_19) == [comment.id])
        let commentPost = try #require(db.comment(comment.targetId)?.postId)
        #expect(try Self.ids(db, ReportListing(postId: commentPost), viewer: bob, .v1_0).contains(comment.id))
        #expect(!(try Self.ids(db, ReportListing(postId: commentPost), viewer: bob, .v0_19)).contains(comment.id))
        #expect(try Self.ids(db, ReportListing(kind: .post), viewer: bob, .v0_19).count > 1)
    }
}
