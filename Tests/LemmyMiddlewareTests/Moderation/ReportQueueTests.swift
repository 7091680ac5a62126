import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// The report queue: moderators list and resolve reports; others are refused.
@Suite("Report queue") @MainActor
struct ReportQueueTests {
    @Test("A moderator lists the open post reports and resolves one; the queue shrinks", arguments: LemmyDialect.allCases)
    func resolvePostReport(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let open = try await bob.reports(.post).items
            #expect(open.count == 3)
            #expect(open.allSatisfy { $0.id.kind == .post && !$0.isResolved && $0.comment == nil })
            #expect(open.allSatisfy { $0.reporter.name == "carol" && ($0.community?.id ?? .max) <= 2 })
            // The unresolved queue runs oldest first from 0.19 on; 0.18 lists newest first.
            let dates = open.map(\.created)
            #expect(dates == (dialect == .v0_18 ? dates.sorted(by: >) : dates.sorted()))

            let report = try #require(open.first)
            #expect(await report.resolve() == .confirmed)
            #expect(report.isResolved)
            #expect(report.resolver?.name == "bob")
            #expect(await report.resolve() == .unchanged)

            #expect(try await bob.reports(.post).items.map(\.id) == open.dropFirst().map(\.id))
            let all = try await bob.reports(.post, unresolvedOnly: false).items
            #expect(try #require(all.first { $0.id == report.id }).isResolved)

            #expect(await report.resolve(false) == .confirmed)
            #expect(try await bob.reports(.post).items.count == 3)
        }
    }

    @Test("Comment reports carry the comment and its post", arguments: LemmyDialect.allCases)
    func commentReports(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let reports = try await bob.reports(.comment).items
            #expect(reports.count == 3)
            let report = try #require(reports.first)
            let comment = try #require(report.comment)
            #expect(report.id.kind == .comment)
            #expect(report.post?.id == (try await bob.getComment(id: comment.id)).post.id)
            #expect(report.originalText == comment.content)
            #expect(await report.resolve() == .confirmed)
            #expect(try await bob.reports(.comment).items.count == 2)
            // The post reports are another queue.
            #expect(try await bob.reports(.post).items.count == 3)
        }
    }

    @Test("Someone who moderates nothing is refused with the server's code (0.18: an empty queue)", arguments: LemmyDialect.allCases)
    func notAModerator(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let carol = try await login(server, "carol")
            if dialect == .v0_18 {
                // 0.18's report views join the caller's moderated communities: none, no reports.
                #expect(try await carol.reports(.post).items.isEmpty)
                return
            }
            let error = await #expect(throws: ApiClientError.self) { _ = try await carol.reports(.post) }
            #expect(error?.kind == .lemmy)
            #expect(error?.lemmyCode == .notAModOrAdmin)
        }
    }

    @Test("A refused resolution is rolled back", arguments: LemmyDialect.allCases)
    func refusedResolutionRollsBack(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let report = try #require(try await bob.reports(.post).items.first)
            server.faults.add(FaultRule(.lemmyRateLimit, route: "/post/report/resolve"))
            let result = await report.resolve()
            #expect(result.isFailure)
            #expect(!report.isResolved)
            #expect(report.resolver == nil)
            #expect(try await bob.reports(.post).items.contains { $0.id == report.id })
        }
    }

    @Test("Pages of the queue do not overlap and end", arguments: LemmyDialect.allCases)
    func paging(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let first = try await admin.reports(.post, unresolvedOnly: false, limit: 2)
            #expect(first.items.count == 2)
            let cursor = try #require(first.next)
            let second = try await admin.reports(.post, unresolvedOnly: false, limit: 2, cursor: cursor)
            #expect(Set(second.items.map(\.id)).isDisjoint(with: first.items.map(\.id)))
            #expect(first.items.count + second.items.count >= 3)
        }
    }

    @Test("1.0 report options: an admin's fresh community reports, one's own reports, the order")
    func v1Options() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await login(server, "admin")
            let bob = try await login(server, "bob")
            let carol = try await login(server, "carol")
            // A fresh report in bob's community 1: Lemmy 1.0 leaves it to bob unless the admin asks.
            let post = try #require(try await carol.getPosts(feed: .community(id: 1), sort: .new, limit: 1).items.first)
            try await post.report(reason: "fresh")
            let fresh = { (page: ContentPage<Report>) in page.items.contains { $0.reason == "fresh" } }
            #expect(try await !fresh(admin.reports(.post)))
            #expect(try await fresh(admin.reports(.post, communityRuleViolations: true)))
            #expect(try await fresh(bob.reports(.post)))

            // Only bob's own reports, though he moderates the others'.
            let other = try #require(try await bob.getPosts(feed: .community(id: 2), sort: .new, limit: 1).items.first)
            try await other.report(reason: "bob's")
            let mine = try await bob.reports(.post, mineOnly: true).items
            #expect(mine.map(\.reason) == ["bob's"] && mine.allSatisfy { $0.reporter.name == "bob" })
            // Someone who moderates nothing is not refused with mineOnly, and sees nothing.
            #expect(try await carol.reports(.post, mineOnly: true).items.isEmpty)

            let newestFirst = try await bob.reports(.post, oldestFirst: false).items.map(\.created)
            #expect(newestFirst.count == 5 && newestFirst == newestFirst.sorted(by: >))
            let oldestFirst = try await bob.reports(.post, oldestFirst: true).items.map(\.created)
            #expect(oldestFirst == newestFirst.reversed())
        }
    }

    @Test("0.18/0.19 refuse the 1.0 report options before sending", arguments: [LemmyDialect.v0_18, .v0_19])
    func v3RefusesOptions(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await login(server, "bob")
            let mine = await #expect(throws: ApiClientError.self) { _ = try await bob.reports(.post, mineOnly: true) }
            let order = await #expect(throws: ApiClientError.self) { _ = try await bob.reports(.post, oldestFirst: true) }
            #expect(mine?.kind == .unavailableInVersion && order?.kind == .unavailableInVersion)
            // Admins there already see every report: the flag changes nothing.
            let admin = try await login(server, "admin")
            let flagged = try await admin.reports(.post, communityRuleViolations: true).items.map(\.id)
            let plain = try await admin.reports(.post).items.map(\.id)
            #expect(!plain.isEmpty && flagged == plain)
        }
    }
}
