import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Reports of private messages: the instance's admins list and resolve them through the same
/// report queue as post and comment reports; moderators get none.
@Suite("Message reports") @MainActor
struct MessageReportTests {
    /// alice writes to bob, and bob reports the message; returns its id.
    static func fileReport(_ server: LemmyTestServer) async throws -> Int {
        let alice = try await login(server, "alice")
        let sent = try await alice.sendMessage("Buy cheap watches at example.com", to: 3)
        let bob = try await login(server, "bob")
        let received = try #require(try await bob.getMessages(limit: 50).first { $0.id == sent.id })
        try await received.report(reason: "Spam")
        return sent.id
    }

    @Test("An admin lists a message report and resolves it; the queue shrinks", arguments: LemmyDialect.allCases)
    func resolve(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let messageId = try await Self.fileReport(server)
            let admin = try await login(server, "admin")
            let open = try await admin.reports(.privateMessage).items
            #expect(open.count == 1)
            let report = try #require(open.first)
            #expect(report.id.kind == .privateMessage)
            #expect(report.messageId == messageId)
            #expect(report.reporter.name == "bob")
            #expect(report.contentCreator?.name == "alice")
            #expect(report.originalText == "Buy cheap watches at example.com")
            #expect(report.reason == "Spam")
            #expect(report.post == nil && report.comment == nil && report.community == nil)
            // The post and comment queues do not hold it.
            #expect(!(try await admin.reports(.post, unresolvedOnly: false, limit: 50).items.contains { $0.id == report.id }))

            #expect(await report.resolve() == .confirmed)
            #expect(report.isResolved)
            #expect(report.resolver?.name == "admin")
            #expect(try await admin.reports(.privateMessage).items.isEmpty)
            let all = try await admin.reports(.privateMessage, unresolvedOnly: false).items
            #expect(all.map(\.id) == [report.id])
            #expect(all.first?.isResolved == true)
            #expect(await report.resolve(false) == .confirmed)
            #expect(try await admin.reports(.privateMessage).items.map(\.id) == [report.id])
            // No message report belongs to a community.
            #expect(try await admin.reports(.privateMessage, communityId: 1).items.isEmpty)
        }
    }

    @Test("Moderators do not see message reports; others are refused", arguments: LemmyDialect.allCases)
    func onlyAdmins(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            _ = try await Self.fileReport(server)
            let bob = try await login(server, "bob")
            let carol = try await login(server, "carol")
            if dialect == .v1_0 {
                // 1.0's combined list leaves them out for moderators, and refuses everyone else.
                #expect(try await bob.reports(.privateMessage).items.isEmpty)
                let error = await #expect(throws: ApiClientError.self) { _ = try await carol.reports(.privateMessage) }
                #expect(error?.lemmyCode == .notAModOrAdmin)
            } else {
                for client in [bob, carol] {
                    let error = await #expect(throws: ApiClientError.self) { _ = try await client.reports(.privateMessage) }
                    #expect(error?.kind == .lemmy)
                    #expect(error?.lemmyCode == .notAnAdmin)
                }
            }
        }
    }

    @Test("A refused resolution is rolled back", arguments: LemmyDialect.allCases)
    func refusedResolutionRollsBack(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            _ = try await Self.fileReport(server)
            let admin = try await login(server, "admin")
            let report = try #require(try await admin.reports(.privateMessage).items.first)
            server.faults.add(FaultRule(.lemmyRateLimit, route: "/private_message/report/resolve"))
            #expect(await report.resolve().isFailure)
            #expect(!report.isResolved)
            #expect(report.resolver == nil)
            #expect(try await admin.reports(.privateMessage).items.map(\.id) == [report.id])
        }
    }
}
