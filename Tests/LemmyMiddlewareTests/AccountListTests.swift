import FeedLoading
import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// What the account voted on, read and hid, through `ApiClient` and the feeds, in each dialect.
@Suite("Account lists: voted, read, hidden") @MainActor
struct AccountListTests {
    /// Two posts and a comment alice did not write, so 0.19's liked lists (which leave out her
    /// own posts) and 1.0's agree.
    func othersContent(_ alice: ApiClient) async throws -> (up: Post3, down: Post3, comment: Comment2) {
        let me = try #require(try await alice.loadAccount().person?.id)
        var posts: [Post3] = []
        for id in 1...12 where posts.count < 2 {
            let post = try await alice.getPost(id: id)
            if post.creatorId != me { posts.append(post) }
        }
        var comment: Comment2?
        for id in 1...40 where comment == nil {
            let candidate = try await alice.getComment(id: id)
            if candidate.creatorId != me { comment = candidate }
        }
        return (posts[0], posts[1], try #require(comment))
    }

    func ids(_ page: ContentPage<PostOrComment>) -> [String] {
        page.items.map {
            switch $0 {
            case .post(let post): "p\(post.id)"
            case .comment(let comment): "c\(comment.id)"
            }
        }
    }

    @Test("Upvoted and downvoted posts and comments (0.19 and later)", arguments: LemmyDialect.allCases)
    func voted(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let (up, down, comment) = try await othersContent(alice)
            #expect(await up.toggleUpvote().isFailure == false)
            #expect(await down.toggleDownvote().isFailure == false)
            #expect(await comment.toggleUpvote().isFailure == false)
            do {
                let upvoted = try await alice.getVoted(.upvote, comments: false, cursor: nil)
                #expect(dialect != .v0_18)
                #expect(ids(upvoted).contains("p\(up.id)") && !ids(upvoted).contains("p\(down.id)"), "\(ids(upvoted))")
                // Only posts, though 1.0's posts list also holds the comment just upvoted.
                #expect(ids(upvoted).allSatisfy { $0.hasPrefix("p") }, "\(ids(upvoted))")
                let downvoted = try await alice.getVoted(.downvote, comments: false, cursor: nil)
                #expect(ids(downvoted) == ["p\(down.id)"])
                let comments = try await alice.getVoted(.upvote, comments: true, cursor: nil)
                #expect(ids(comments).contains("c\(comment.id)") && ids(comments).allSatisfy { $0.hasPrefix("c") })
                // The list's models are the client's live ones.
                if case .post(let listed)? = downvoted.items.first { #expect(listed === down.post2) }
                // The feed lists the same.
                let feed = VotedFeed(api: alice, query: VotedFeedQuery(vote: .downvote))
                await feed.loadMore()
                #expect(feed.items.compactMap { if case .post(let post) = $0 { post.id } else { nil } } == [down.id])
            } catch {
                #expect(dialect == .v0_18 && (error as? ApiClientError)?.kind == .unavailableInVersion, "\(error)")
            }
            do {
                _ = try await alice.getVoted(.none, comments: false, cursor: nil)
                Issue.record("a list of no votes")
            } catch {
                #expect((error as? ApiClientError)?.kind == .unsupported)
            }
        }
    }

    @Test("Read and hidden posts, latest first (1.0)", arguments: LemmyDialect.allCases)
    func readAndHidden(dialect: LemmyDialect) async throws {
        let clock = ManualServerClock()
        var configuration = LemmyTestServer.Configuration(dialect: dialect, scale: .tiny)
        configuration.clock = { clock.date }
        try await withServer(configuration) { server in
            let alice = try await login(server, "alice")
            let first = try await alice.getPost(id: 1)
            let second = try await alice.getPost(id: 2)
            for post in [first, second] {
                clock.move(by: 60)
                let result = await post.markRead()
                #expect(!result.isFailure)
            }
            guard dialect == .v1_0 else {
                do {
                    _ = try await alice.getReadPosts(cursor: nil)
                    Issue.record("a read history before 1.0")
                } catch {
                    #expect((error as? ApiClientError)?.kind == .unavailableInVersion)
                }
                return
            }
            #expect(try await alice.getReadPosts(cursor: nil).items.map(\.id) == [2, 1])
            #expect(await first.hide().isFailure == false)
            let hidden = try await alice.getHiddenPosts(cursor: nil).items
            #expect(hidden.map(\.id) == [1] && hidden.first === first.post2)
            let feed = PostHistoryFeed(api: alice, query: PostHistoryQuery(list: .read, pageSize: 1))
            await feed.loadMore()
            #expect(feed.items.map(\.id) == [2])
            // Lemmy 1.0 refuses the cursor it handed out: the second page fails, the first stays.
            await feed.loadMore()
            if case .failed(let error) = feed.loadingState {
                #expect((error as? ApiClientError)?.lemmyCode == .couldntParsePaginationToken, "\(error)")
            } else {
                Issue.record("the second page loaded: \(feed.loadingState)")
            }
            #expect(feed.items.map(\.id) == [2])
        }
    }
}
