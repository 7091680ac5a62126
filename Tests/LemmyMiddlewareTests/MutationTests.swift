import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing
import HTTPLoadingTesting

/// Optimistic mutations: shown at once, confirmed by the server, rolled back on failure, ordered.
@Suite("Mutations") @MainActor
struct MutationTests {
    @Test("A vote shows at once and matches the server after reload", arguments: LemmyDialect.allCases)
    func vote(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let client = try await login(server, "alice", loader: loader)
            let post = try await client.getPost(id: 3)
            let before = post.votes
            let gate = loader.gate("/post/like")
            let pending = Task { await post.toggleUpvote() }
            await gate.waitForArrivals(1)
            #expect(post.votes.myVote == .upvote)
            #expect(post.votes.total == before.total + 1)
            gate.open()
            #expect(await pending.value == .confirmed)
            let guestView = try await client.asGuest().getPost(id: 3)
            #expect(guestView.votes.upvotes == post.votes.upvotes)
            #expect(guestView !== post)
        }
    }

    @Test("A failed vote rolls back (HTTP 500 and a closed connection)", arguments: LemmyDialect.allCases)
    func rollback(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let post = try await client.getPost(id: 4)
            let before = post.votes
            server.faults.add(FaultRule(.status(code: 500, error: "internal_server_error"), route: "/post/like"))
            let result = await post.toggleUpvote()
            #expect(result.isFailure)
            #expect(post.votes == before)
            server.faults.clear()
            server.faults.add(FaultRule(.closeConnection, route: "/post/save"))
            let saved = post.saved
            #expect(await post.toggleSave().isFailure)
            #expect(post.saved == saved)
            server.faults.clear()
            let reloaded = try await client.getPost(id: 4)
            #expect(reloaded.votes == before)
            #expect(reloaded.saved == saved)
        }
    }

    @Test("Rapid toggles (up, down, up, none) end in the server's final state", arguments: LemmyDialect.allCases)
    func rapidToggles(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let client = try await login(server, "alice", loader: loader)
            let post = try await client.getPost(id: 5)
            let base = post.votes
            let gate = loader.gate("/post/like")
            let first = Task { await post.toggleUpvote() }  // up
            await gate.waitForArrivals(1)
            let second = Task { await post.toggleDownvote() }  // down
            let third = Task { await post.toggleUpvote() }  // up
            let fourth = Task { await post.toggleUpvote() }  // none
            await Task.yield()
            gate.open()
            for task in [first, second, third, fourth] { #expect(await task.value == .confirmed) }
            #expect(post.votes.myVote == .none)
            #expect(post.votes == base)
            let likes = loader.requestedPaths.filter { $0.hasSuffix("/post/like") }
            #expect(likes.count == 4)
            let guestView = try await client.asGuest().getPost(id: 5)
            #expect(guestView.votes.total == base.total)
        }
    }

    @Test("Vote and save sent together both survive; a slow earlier answer cannot undo a later change", arguments: LemmyDialect.allCases)
    func voteAndSave(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let client = try await login(server, "alice", loader: loader)
            let post = try await client.getPost(id: 6)
            #expect(!post.saved)
            let gate = loader.gate("/post/like")
            let vote = Task { await post.toggleUpvote() }
            await gate.waitForArrivals(1)
            let save = Task { await post.toggleSave() }
            await Task.yield()
            #expect(post.saved)
            #expect(post.votes.myVote == .upvote)
            gate.open()
            #expect(await vote.value == .confirmed)
            #expect(await save.value == .confirmed)
            #expect(post.saved)
            #expect(post.votes.myVote == .upvote)
            let reloaded = try await client.getPost(id: 6)
            #expect(reloaded.saved && reloaded.votes.myVote == .upvote)
        }
    }

    @Test("A failure between successes rolls back only its own change", arguments: LemmyDialect.allCases)
    func failureBetweenSuccesses(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let client = try await login(server, "alice", loader: loader)
            let post = try await client.getPost(id: 7)
            server.faults.add(FaultRule(.status(code: 500, error: "internal_server_error"), route: "/post/save"))
            let gate = loader.gate("/post/like")
            let vote = Task { await post.toggleUpvote() }
            await gate.waitForArrivals(1)
            let save = Task { await post.toggleSave() }
            await Task.yield()
            #expect(post.saved)
            gate.open()
            #expect(await vote.value == .confirmed)
            #expect(await save.value.isFailure)
            #expect(!post.saved)
            #expect(post.votes.myVote == .upvote)
        }
    }

    @Test("Comments: vote, save, reply, edit, delete", arguments: LemmyDialect.allCases)
    func comments(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let post = try await client.getPost(id: 8)
            let count = post.commentCount
            let reply = try await post.reply("A reply from the middleware tests")
            #expect(reply.creator.name == "alice")
            #expect(reply.post === post.post1)
            #expect(post.commentCount == count + 1)
            #expect(await reply.toggleUpvote() == .confirmed || reply.votes.myVote == .upvote)
            #expect(await reply.toggleSave() == .confirmed)
            #expect(reply.saved)
            #expect(await reply.edit(content: "Edited") == .confirmed)
            #expect(reply.content == "Edited")
            #expect(await reply.delete() == .confirmed)
            #expect(reply.deleted)
            let comments = try await client.getComments(postId: post.id, sort: .new)
            // 0.18 lists deleted comments to admins only (and to the community's moderators when
            // the list names it); 0.19 and 1.0 list them, 0.19 with the text blanked.
            #expect(comments.items.contains { $0 === reply } == (dialect != .v0_18))
            #expect(reply.content == (dialect == .v0_19 ? "" : "Edited"))
        }
    }

    @Test("Post read, hide and report", arguments: LemmyDialect.allCases)
    func readHideReport(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let post = try #require(try await client.getPosts(sort: .new, limit: 5).items.last)
            let wanted = !post.read
            let readResult = await post.markRead(wanted)
            #expect(readResult == .confirmed, "markRead: \(readResult)")
            #expect(post.read == wanted)
            let reloaded = try await client.getPost(id: post.id)
            #expect(reloaded.read == wanted)
            if dialect == .v0_18 {
                #expect(await post.hide().isFailure)
                #expect(!post.hidden)
            } else {
                #expect(await post.hide() == .confirmed)
                #expect(post.hidden)
            }
            await #expect(throws: Never.self) { try await post.report(reason: "testing reports") }
        }
    }

    @Test("A slow answer to an earlier read never overwrites a later mutation", arguments: LemmyDialect.allCases)
    func staleRead(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let client = try await login(server, "alice", loader: loader)
            let post = try await client.getPost(id: 13)
            #expect(post.votes.myVote == .none)
            let gate = loader.gate("/post")  // GetPost; the server answers before the vote
            let slowRead = Task { try await client.getPost(id: 13) }
            await gate.waitForArrivals(1)
            #expect(await post.toggleUpvote() == .confirmed)
            #expect(post.votes.myVote == .upvote)
            gate.open()
            #expect(try await slowRead.value === post)
            #expect(post.votes.myVote == .upvote)
            let fresh = try await client.getPost(id: 13)
            #expect(fresh.votes.myVote == .upvote)
        }
    }

    @Test("A slow answer to an earlier read never overwrites a list a later read brought", arguments: LemmyDialect.allCases)
    func staleList(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let loader = GatingLoader()
            let client = try await login(server, "alice", loader: loader)
            let community = try await client.getCommunity(id: 3)
            #expect(community.moderators.map(\.name) == ["admin"])
            let gate = loader.gate("/community")  // GetCommunity; answered with the old list
            let slowRead = Task { try await client.getCommunity(id: 3) }
            await gate.waitForArrivals(1)
            try await appointModerator(server, personId: 4, communityId: 3)
            #expect(try await client.getCommunity(id: 3) === community)
            #expect(community.moderators.map(\.name) == ["admin", "carol"])
            gate.open()
            #expect(try await slowRead.value === community)
            #expect(community.moderators.map(\.name) == ["admin", "carol"])
        }
    }

    @Test("Batched mark-read changes every post at once, confirms, and rolls back together on failure", arguments: LemmyDialect.allCases)
    func batchRead(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = try await login(server, "alice")
            let posts = try await client.getPosts(sort: .old, limit: 6).items
            let unread = posts.filter { !$0.read }
            #expect(unread.count >= 4)
            let first = Array(unread.prefix(2))
            let second = Array(unread.dropFirst(2).prefix(2))
            #expect(await client.markRead(first) == .confirmed)
            #expect(first.allSatisfy { $0.read })
            let reloaded = try await client.getPosts(sort: .old, limit: 6).items
            #expect(reloaded.filter { first.contains($0) }.allSatisfy { $0.read })

            server.faults.add(FaultRule(.status(code: 500, error: "internal_server_error"), route: "/mark_as_read"))
            server.faults.add(FaultRule(.status(code: 500, error: "internal_server_error"), route: "/mark_as_read/many"))
            #expect(await client.markRead(second).isFailure)
            #expect(second.allSatisfy { !$0.read })
        }
    }
}

extension Array where Element == Post2 {
    /// Whether the array holds this very object.
    @MainActor func contains(_ post: Post2) -> Bool { contains { $0 === post } }
}
