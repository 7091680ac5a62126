import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Lemmy 1.0's reports to the instance's admins, as Lemmy main (439734dd) files, lists and
/// resolves them (`reports/community_report/{create,resolve}.rs`, `report_combined/src/impls.rs`):
/// reports about a community, and post and comment reports that the instance's rules are broken
/// (`violates_instance_rules`). They go to the admins alone, fresh or not; moderators never see
/// them, not even their own community's. One community report per person and community; only
/// admins resolve them, and removing or restoring the community resolves them all.
@Suite("1.0 reports to the admins as Lemmy files, lists and resolves them")
struct CommunityReportFidelityTests: RefusalChecking {
    private func report(_ client: TestClient, community: Int, _ reason: String) async throws -> ApiCommunityReportView {
        try await client.send(LemmyV4.CreateCommunityReport(ApiCreateCommunityReport(communityId: community, reason: reason)))
            .communityReportView
    }

    private func listed(_ client: TestClient, _ type: ApiReportType?, mine: Bool? = nil) async throws -> [ApiReportCombinedView] {
        try await client.send(LemmyV4.ListReports(ApiListReports(type: type, limit: 50, myReportsOnly: mine))).items
    }

    private func communityReportIds(_ items: [ApiReportCombinedView]) -> [Int] {
        items.compactMap { if case .community(let view) = $0 { view.communityReport.id } else { nil } }
    }

    @Test("A report keeps the community as it was, a trimmed reason, and no creator flags; a second one is couldnt_create")
    func filing() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let view = try await report(alice, community: 2, "  Breaks the instance's rules  ")
            let row = view.communityReport
            #expect(row.reason == "Breaks the instance's rules")
            #expect(row.communityId == 2 && row.creatorId == 2 && !row.resolved && row.resolverId == nil)
            let community = view.community
            #expect(row.originalCommunityName == community.name && row.originalCommunityTitle == community.title)
            #expect(row.originalCommunitySidebar == community.sidebar)
            #expect(view.creator.id == 2 && view.resolver == nil)
            #expect(!view.creatorIsAdmin && !view.creatorIsModerator && !view.creatorBanned && !view.creatorBannedFromCommunity)
            // The community counts it, open.
            #expect(community.reportCount == 1 && community.unresolvedReportCount == 1)

            let again = try await post(alice, "/community/report", ["community_id": 2, "reason": "Again"])
            #expect(refusal(again).status == 400 && refusal(again).code == "couldnt_create")
        }
    }

    @Test("Refusals in Lemmy's order: the reason, the community, then the community's state and the ban")
    func refusals() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let carol = try await TestClient(server).login("carol")
            func code(_ client: TestClient, _ community: Int, _ reason: String) async throws -> (Int, String) {
                let (status, code, _) = refusal(try await post(client, "/community/report", ["community_id": community, "reason": reason]))
                return (status, code)
            }
            #expect(try await code(alice, 999, "   ") == (400, "report_reason_required"))
            #expect(try await code(alice, 999, "Spam") == (404, "not_found"))
            #expect(try await code(alice, 1, String(repeating: "x", count: 1001)) == (400, "report_too_long"))
            try server.store.with { db in db.communities[2].removed = true }
            #expect(try await code(alice, 3, "Spam") == (400, "deleted"))
            try server.store.with { db in _ = db.communities[0].bannedPersons.insert(4) }
            #expect(try await code(carol, 1, "Spam") == (400, "person_is_banned_from_community"))
            // Both at once: the community's state is checked before the ban.
            try server.store.with { db in _ = db.communities[2].bannedPersons.insert(4) }
            #expect(try await code(carol, 3, "Spam") == (400, "deleted"))
            // A private community: only its accepted followers may act in it.
            try server.store.with { db in
                db.communities[1].visibility = "private"
                db.users[4, default: UserState()].follows[2] = nil
            }
            #expect(try await code(carol, 2, "Spam") == (404, "not_found"))
            #expect(try server.store.with { db in db.reports.filter { $0.kind == .community }.count } == 0)
        }
    }

    @Test("Admins see every community report, fresh ones too; moderators none, not even their own with my_reports_only")
    func listing() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            let bob = try await TestClient(server).login("bob")
            let alice = try await TestClient(server).login("alice")
            let counts = { () async throws -> (admin: Int?, bob: Int?) in
                (try await admin.send(LemmyV4.GetUnreadCounts()).reportCount, try await bob.send(LemmyV4.GetUnreadCounts()).reportCount)
            }
            let before = try await counts()
            let aboutBobs = try await report(alice, community: 1, "Off topic").communityReport.id
            let bobsOwn = try await report(bob, community: 3, "Spam").communityReport.id
            // Fresh, and about communities the admin does not moderate: listed anyway.
            #expect(Set(communityReportIds(try await listed(admin, .communities))) == [aboutBobs, bobsOwn])
            #expect(Set(communityReportIds(try await listed(admin, .all))) == [aboutBobs, bobsOwn])
            #expect(communityReportIds(try await listed(admin, .posts)).isEmpty)
            // bob moderates community 1 and filed the other.
            #expect(communityReportIds(try await listed(bob, .all)).isEmpty)
            #expect(communityReportIds(try await listed(bob, .communities, mine: true)).isEmpty)
            // Counted among an admin's open reports, not a moderator's.
            let after = try await counts()
            #expect(after.admin == before.admin.map { $0 + 2 } && before.admin != nil)
            #expect(after.bob == before.bob && before.bob != nil)
        }
    }

    @Test("Only admins resolve; the resolver stays the admin when a report is opened again; unknown ids are not_found")
    func resolving() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            let bob = try await TestClient(server).login("bob")
            let alice = try await TestClient(server).login("alice")
            let id = try await report(alice, community: 1, "Off topic").communityReport.id
            let byBob = try await post(bob, "/community/report/resolve", ["report_id": id, "resolved": true], method: "PUT")
            #expect(refusal(byBob).status == 400 && refusal(byBob).code == "not_an_admin")

            let resolve = { (resolved: Bool) in
                LemmyV4.ResolveCommunityReport(ApiResolveCommunityReport(reportId: id, resolved: resolved))
            }
            let resolved = try await admin.send(resolve(true)).communityReportView
            #expect(resolved.communityReport.resolved && resolved.communityReport.resolverId == 1 && resolved.resolver?.id == 1)
            #expect(resolved.communityReport.updatedAt != nil)
            #expect(resolved.community.reportCount == 1 && resolved.community.unresolvedReportCount == 0)
            let reopened = try await admin.send(resolve(false)).communityReportView
            #expect(!reopened.communityReport.resolved && reopened.communityReport.resolverId == 1)

            let unknown = try await post(admin, "/community/report/resolve", ["report_id": 999, "resolved": true], method: "PUT")
            #expect(refusal(unknown).status == 404 && refusal(unknown).code == "not_found")
        }
    }

    @Test("Removing a community resolves its reports, as restoring it does; purging it takes them")
    func removal() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            let alice = try await TestClient(server).login("alice")
            let carol = try await TestClient(server).login("carol")
            _ = try await report(alice, community: 3, "Spam")
            let remove = { (removed: Bool) in LemmyV4.RemoveCommunity(ApiRemoveCommunity(communityId: 3, removed: removed, reason: "Spam"))
            }
            _ = try await admin.send(remove(true))
            let open = try await admin.send(LemmyV4.ListReports(ApiListReports(unresolvedOnly: true, type: .communities)))
            #expect(open.items.isEmpty)
            _ = try await admin.send(remove(false))
            // A report filed while restored is resolved by the next removal or restoration.
            let second = try await report(carol, community: 3, "Still spam").communityReport.id
            _ = try await admin.send(remove(true))
            _ = try await admin.send(remove(false))
            let all = try await listed(admin, .communities)
            #expect(all.count == 2)
            for case .community(let view) in all { #expect(view.communityReport.resolved && view.communityReport.resolverId == 1) }
            #expect(communityReportIds(all).contains(second))

            _ = try await admin.send(LemmyV4.PurgeCommunity(ApiPurgeCommunity(communityId: 3, reason: "Spam")))
            #expect(try await listed(admin, .communities).isEmpty)
        }
    }

    @Test("A post or comment report that the instance's rules are broken goes to the admins alone, fresh too")
    func instanceRules() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            let bob = try await TestClient(server).login("bob")
            let alice = try await TestClient(server).login("alice")
            let before = try await alice.send(LemmyV4.GetPost(ApiGetPost(id: 1))).postView.post
            let form = ApiCreatePostReport(postId: 1, reason: "Illegal here", violatesInstanceRules: true)
            let filed = try await alice.send(LemmyV4.CreatePostReport(form)).postReportView
            #expect(filed.postReport.violatesInstanceRules == true)
            let commentForm = ApiCreateCommentReport(commentId: 1, reason: "Illegal here", violatesInstanceRules: true)
            let comment = try await alice.send(LemmyV4.CreateCommentReport(commentForm)).commentReportView
            #expect(comment.commentReport.violatesInstanceRules == true)
            // Counted among the post's reports, not among its open ones (which its moderators act on).
            let after = try await alice.send(LemmyV4.GetPost(ApiGetPost(id: 1))).postView.post
            #expect(after.reportCount == (before.reportCount ?? 0) + 1 && after.unresolvedReportCount == before.unresolvedReportCount)

            func ids(_ client: TestClient) async throws -> Set<Int> {
                Set(
                    try await listed(client, .all).compactMap { item -> Int? in
                        switch item {
                        case .post(let view): view.postReport.id
                        case .comment(let view): view.commentReport.id
                        default: nil
                        }
                    })
            }
            let both: Set = [filed.postReport.id, comment.commentReport.id]
            // bob moderates community 1, where post 1 and comment 1 are: still not his.
            #expect(try await ids(bob).isDisjoint(with: both))
            #expect(try await ids(admin).isSuperset(of: both))
        }
    }
}
