import Foundation
import LemmyAPI
import LemmyMiddleware
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Reports about a community itself (Lemmy 1.0): anyone who may act in it files one, the
/// instance's admins list and resolve them, its moderators never see them, and removing the
/// community resolves them.
@Suite("Community reports") @MainActor
struct CommunityReportTests {
    @Test("alice reports community 3; the admin sees it as it was, resolves it, and opens it again")
    func fileAndResolve() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            let community = try await alice.getCommunity(id: 3)
            try await community.report(reason: "  Breaks the instance's rules  ")
            // Edited after the report: the report keeps what alice saw.
            try server.store.with { db in db.communities[2].title = "Renamed since" }

            let admin = try await login(server, "admin")
            let report = try #require(try await admin.reports(.community).items.first)
            #expect(report.id.kind == .community && report.id.description == "community-\(report.id.value)")
            #expect(report.reason == "Breaks the instance's rules")
            #expect(report.reporter.name == "alice")
            #expect(report.community?.id == 3 && report.contentCreator == nil)
            #expect(report.post == nil && report.comment == nil && report.messageId == nil)
            #expect(report.originalCommunity?.name == community.name)
            #expect(report.originalCommunity?.displayName == community.displayName && report.originalText == community.displayName)
            #expect(report.originalCommunity?.description == community.description && community.description != nil)
            #expect(report.originalCommunity?.icon == community.icon && community.icon != nil)
            #expect(report.community?.displayName == "Renamed since")

            #expect(await report.resolve() == .confirmed)
            #expect(report.isResolved && report.resolver?.name == "admin")
            #expect(try await admin.reports(.community).items.isEmpty)
            #expect(await report.resolve(false) == .confirmed)
            #expect(try await admin.reports(.community).items.map(\.id) == [report.id])
        }
    }

    @Test("Moderators never see community reports, not even about their community; they cannot resolve one")
    func moderatorsDoNot() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            try await alice.getCommunity(id: 1).report(reason: "Off topic")
            let admin = try await login(server, "admin")
            let report = try #require(try await admin.reports(.community).items.first)
            // bob moderates community 1.
            let bob = try await login(server, "bob")
            #expect(try await bob.reports(.community, unresolvedOnly: false).items.isEmpty)
            let asBob = try #require(try await bob.reports(.post, unresolvedOnly: false, limit: 50).items.first)
            #expect(asBob.id.kind == .post)
            // bob's own report about a community: not in his list either.
            try await bob.getCommunity(id: 3).report(reason: "Spam")
            #expect(try await bob.reports(.community, unresolvedOnly: false, mineOnly: true).items.isEmpty)
            #expect(try await admin.reports(.community).items.map(\.id.value).sorted() == [report.id.value, report.id.value + 1])
        }
    }

    @Test("A second report, an empty reason, a removed community: each refused with Lemmy's code, before anything changes")
    func refusals() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            let community = try await alice.getCommunity(id: 3)
            try await community.report(reason: "Spam")
            let again = await #expect(throws: ApiClientError.self) { try await community.report(reason: "Still spam") }
            #expect(again?.lemmyCode == .couldntCreate)
            let empty = await #expect(throws: ApiClientError.self) { try await alice.getCommunity(id: 2).report(reason: "  ") }
            #expect(empty?.lemmyCode == .reportReasonRequired)
            try server.store.with { db in db.communities[1].removed = true }
            let removed = await #expect(throws: ApiClientError.self) { try await alice.getCommunity(id: 2).report(reason: "Spam") }
            #expect(removed?.lemmyCode == .deleted)
            let admin = try await login(server, "admin")
            #expect(try await admin.reports(.community).items.count == 1)
        }
    }

    @Test("Removing the community resolves the reports the admin holds, without a reload")
    func removalResolves() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            try await alice.getCommunity(id: 3).report(reason: "Spam")
            let admin = try await login(server, "admin")
            // The account names the resolver the client shows.
            _ = try await admin.loadAccount()
            let report = try #require(try await admin.reports(.community).items.first)
            let community = try #require(report.community)
            #expect(await community.remove(reason: "Spam") == .confirmed)
            #expect(report.isResolved && report.resolver?.name == "admin")
            // The server agrees.
            #expect(try await admin.reports(.community).items.isEmpty)
        }
    }

    @Test("0.18 and 0.19 have no community reports: refused before sending", arguments: [LemmyDialect.v0_18, .v0_19])
    func olderVersions(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let admin = try await login(server, "admin", loader: loader)
            let community = try await admin.getCommunity(id: 3)
            let sent = loader.requestedPaths.count
            let filing = await #expect(throws: ApiClientError.self) { try await community.report(reason: "Spam") }
            let listing = await #expect(throws: ApiClientError.self) { _ = try await admin.reports(.community) }
            #expect(filing?.kind == .unavailableInVersion && listing?.kind == .unavailableInVersion)
            #expect(loader.requestedPaths.count == sent)
        }
    }

    @Test("A post or comment report that the instance's rules are broken reaches the admins, not the moderators")
    func instanceRules() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await login(server, "alice")
            try await alice.getPost(id: 1).report(reason: "Illegal here", breaksInstanceRules: true)
            try await alice.getComment(id: 1).report(reason: "Illegal here too", breaksInstanceRules: true)
            let admin = try await login(server, "admin")
            let posts = try await admin.reports(.post, limit: 50).items.filter(\.breaksInstanceRules)
            let comments = try await admin.reports(.comment, limit: 50).items.filter(\.breaksInstanceRules)
            #expect(posts.map { $0.post?.id } == [1] && posts.first?.reason == "Illegal here")
            #expect(comments.map { $0.comment?.id } == [1])
            // bob moderates community 1, where both are.
            let bob = try await login(server, "bob")
            let bobs = try await bob.reports(.post, limit: 50).items + (try await bob.reports(.comment, limit: 50).items)
            #expect(!bobs.isEmpty && !bobs.contains { $0.breaksInstanceRules || $0.reason.hasPrefix("Illegal") })
        }
    }

    @Test("0.19 refuses a report to the admins before sending; an ordinary one still goes to the moderators")
    func instanceRulesBefore10() async throws {
        try await withServer(.v0_19) { server in
            let loader = GatingLoader()
            let alice = try await login(server, "alice", loader: loader)
            let post = try await alice.getPost(id: 1)
            let sent = loader.requestedPaths.count
            let refused = await #expect(throws: ApiClientError.self) { try await post.report(reason: "Spam", breaksInstanceRules: true) }
            #expect(refused?.kind == .unavailableInVersion && loader.requestedPaths.count == sent)
            try await post.report(reason: "Spam")
            let bob = try await login(server, "bob")
            #expect(try await bob.reports(.post, limit: 50).items.contains { $0.reporter.name == "alice" && !$0.breaksInstanceRules })
        }
    }
}
