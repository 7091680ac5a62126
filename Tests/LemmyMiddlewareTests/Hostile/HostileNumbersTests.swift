import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Rewrites of real answers that a hostile server could send: extreme and impossible counts.
enum HostileCounts {
    /// `"upvotes": Int.max`, `"downvotes": Int.min` and negative comment counts in every answer.
    static func install(on server: LemmyTestServer, route: String? = nil) {
        server.faults.add(
            FaultRule(.rewriteBody(pattern: #""upvotes":\s*-?[0-9]+"#, replacement: #""upvotes":9223372036854775807"#), route: route))
        server.faults.add(
            FaultRule(.rewriteBody(pattern: #""downvotes":\s*-?[0-9]+"#, replacement: #""downvotes":-9223372036854775808"#), route: route))
        server.faults.add(
            FaultRule(.rewriteBody(pattern: #""comments":\s*-?[0-9]+"#, replacement: #""comments":-9223372036854775808"#), route: route))
        server.faults.add(
            FaultRule(
                .rewriteBody(pattern: #""subscribers":\s*-?[0-9]+"#, replacement: #""subscribers":9223372036854775807"#), route: route))
    }
}

/// Counts from a server are untrusted: nothing traps, impossible values are clamped.
@Suite("Hostile numbers") @MainActor
struct HostileNumbersTests {
    @Test("Extreme vote counts neither trap nor go negative")
    func extremeVotes() {
        let votes = VotesModel(upvotes: Int.max, downvotes: Int.min, myVote: .none)
        #expect(votes.downvotes == 0)
        #expect(votes.total == Int.max)
        let up = votes.applying(.upvote)
        #expect(up.upvotes == Int.max && up.myVote == .upvote)
        let down = VotesModel(upvotes: 0, downvotes: Int.max, myVote: .none)
        #expect(down.total == -Int.max)
        #expect(down.applying(.downvote).downvotes == Int.max)
        var stray = VotesModel(upvotes: 0, downvotes: 0, myVote: .upvote)
        stray.upvotes = Int.min
        #expect(stray.total == 0)
        #expect(stray.applying(.none).upvotes == 0)
        let unread = UnreadCounts(replies: Int.max, mentions: Int.max, messages: -4)
        #expect(unread.total == Int.max)
        #expect(unread.messages == 0)
    }

    @Test("A feed with extreme counts loads, shows clamped counts and survives a vote", arguments: LemmyDialect.allCases)
    func extremeFeed(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            HostileCounts.install(on: server)
            let page = try await client.getPosts(limit: 5)
            let post = try #require(page.items.first)
            #expect(post.votes.upvotes == Int.max)
            #expect(post.votes.downvotes == 0)
            #expect(post.votes.total == Int.max)
            #expect(post.commentCount == 0)
            #expect(post.unreadCommentCount >= 0)
            let result = await post.toggleUpvote()
            #expect(result == .confirmed)
            #expect(post.votes.total == Int.max)
            let community = try await client.getCommunity(id: post.community.id)
            #expect(community.subscriberCount == Int.max)
            _ = await community.toggleSubscribe()
            #expect(community.subscriberCount >= 0)
        }
    }

    @Test("An admin's application count is clamped, and one past Int64 is a typed error", arguments: LemmyDialect.allCases)
    func extremeApplicationCount(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let key = dialect == .v1_0 ? "registration_application_count" : "registration_applications"
            let rule = FaultRule(.rewriteBody(pattern: "\"\(key)\":\\s*-?[0-9]+", replacement: "\"\(key)\":-9223372036854775808"))
            server.faults.add(rule)
            #expect(try await admin.unreadRegistrationApplicationCount() == 0)
            server.faults.clear()
            server.faults.add(FaultRule(.rewriteBody(pattern: "\"\(key)\":\\s*-?[0-9]+", replacement: "\"\(key)\":99999999999999999999")))
            let error = await #expect(throws: ApiClientError.self) { _ = try await admin.unreadRegistrationApplicationCount() }
            // Typed, nothing trapped. (Foundation's JSONDecoder calls the number "not valid JSON" at
            // the root rather than naming the member.)
            #expect(error?.kind == .decoding, "\(String(describing: error))")
        }
    }
}
