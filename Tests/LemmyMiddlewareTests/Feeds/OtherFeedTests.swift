import FeedLoading
import Foundation
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Scrolls `feed` to its end, failing on an error or a runaway.
@MainActor
func scrollToEnd<Model, Query>(_ feed: LemmyFeed<Model, Query>) async throws {
    var loads = 0
    while feed.loadingState != .done {
        await feed.loadMore()
        try #require(feed.loadingState.error == nil, "load failed: \(String(describing: feed.loadingState.error))")
        loads += 1
        try #require(loads < 200)
    }
}

/// The id of the post with the most comments among the newest 50.
@MainActor
func postWithMostComments(_ client: ApiClient) async throws -> Int {
    var best: (post: Int, count: Int) = (0, 0)
    for post in try await client.getPosts(sort: .new, limit: 50).items where post.commentCount > best.count {
        best = (post.id, post.commentCount)
    }
    return best.post
}

/// Reads every page of a list through `read`, 50 at a time.
@MainActor
func readAll<Item>(_ read: (PageCursor?) async throws -> ContentPage<Item>) async throws -> [Item] {
    var items: [Item] = []
    var cursor: PageCursor?
    repeat {
        let page = try await read(cursor)
        items += page.items
        cursor = page.items.isEmpty ? nil : page.next
    } while cursor != nil
    return items
}

/// Comment trees, the inbox, search, a person's content, saved items and the modlog, over HTTP.
@Suite("Lemmy feeds of comments, inbox, search, people, saved, modlog") @MainActor
struct OtherFeedTests {
    @Test(
        "A top level of more than 300 comments: 1.0 loads the rest page by page, 0.19 stops at 300", arguments: [LemmyDialect.v0_19, .v1_0])
    func longCommentTree(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .tiny) { server in
            let alice = try await login(server, "alice")
            let post = 8
            let existing = try await alice.getCommentTree(postId: post, sort: .new, maxDepth: 1).count
            for index in 0..<(305 - existing) {
                _ = try await alice.createComment(postId: post, parentId: nil, content: "Comment \(index)")
            }
            let feed = CommentTreeFeed(api: alice, query: CommentTreeQuery(postId: post, sort: .new))
            await feed.loadMore()
            #expect(feed.items.count == 300)
            try await scrollToEnd(feed)
            #expect(feed.items.count == (dialect == .v1_0 ? 305 : 300))
            #expect(Set(feed.items.map(\.comment.id)).count == feed.items.count)
            #expect(feed.discardedComments == 0)
        }
    }

    @Test("The comment tree loads the top level, then a comment's replies on demand", arguments: LemmyDialect.allCases)
    func commentTree(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .tiny) { server in
            let loader = RecordingLoader()
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: loader)
            let postId = try await postWithMostComments(client)
            let flat = try await readAll { try await client.getComments(postId: postId, sort: .new, limit: 50, cursor: $0) }
            let feed = CommentTreeFeed(api: client, query: CommentTreeQuery(postId: postId, sort: .new))
            try await scrollToEnd(feed)
            let topLevel = Set(flat.filter { $0.path.count == 1 }.map(\.id))
            #expect(!topLevel.isEmpty)
            #expect(Set(feed.items.map(\.comment.id)) == topLevel)
            #expect(feed.items.allSatisfy { $0.children.isEmpty && $0.depth == 0 })

            let parent = try #require(feed.items.first { $0.hasUnloadedChildren })
            let before = loader.requests(to: "/comment/list").count
            await feed.loadChildren(of: parent)
            #expect(parent.childrenState == .done)
            let expected = Set(flat.filter { $0.path.count == 2 && $0.path[0] == parent.comment.id }.map(\.id))
            #expect(!expected.isEmpty)
            #expect(Set(parent.children.map(\.comment.id)) == expected)
            #expect(parent.children.allSatisfy { $0.depth == 1 })
            let sent = try #require(loader.requests(to: "/comment/list").dropFirst(before).first)
            #expect(sent.contains("parent_id=\(parent.comment.id)") && sent.contains("max_depth=1"))
            // Loaded once: asking again sends nothing.
            await feed.loadChildren(of: parent)
            #expect(loader.requests(to: "/comment/list").count == before + 1)
        }
    }

    @Test("The inbox merges replies, mentions and messages newest first", arguments: LemmyDialect.allCases)
    func inbox(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .tiny) { server in
            let alice = try await ApiClient.login(to: server.baseURL, username: "alice", password: "password", loader: RecordingLoader())
            let feed = InboxFeed(api: alice, query: InboxFeedQuery(pageSize: 2))
            try await scrollToEnd(feed)
            let replies = try await readAll { try await alice.getReplies(limit: 50, cursor: $0) }
            let mentions = try await readAll { try await alice.getMentions(limit: 50, cursor: $0) }
            // 1.0's message list has both directions, its notifications the messages received.
            let messages = try await readAll { try await alice.getMessages(limit: 50, cursor: $0) }
                .filter { dialect != .v1_0 || $0.recipient.name == "alice" }
            #expect(!mentions.isEmpty && !messages.isEmpty)
            let expected = Set(replies.map { "r\($0.id)" } + mentions.map { "m\($0.id)" } + messages.map { "p\($0.id)" })
            let got = feed.items.map { item in
                switch item {
                case .reply(let reply): "r\(reply.id)"
                case .mention(let mention): "m\(mention.id)"
                case .message(let message): "p\(message.id)"
                case .notice(let notice): "n\(notice.id)"
                }
            }
            #expect(got.count == expected.count)
            #expect(Set(got) == expected)
            let dates = feed.loader.items.map(\.created)
            #expect(dates == dates.sorted(by: >))
        }
    }

    @Test("Search feeds page through the server's results of each kind", arguments: LemmyDialect.allCases)
    func search(dialect: LemmyDialect) async throws {
        // A stopped clock: comments are searched Hot, and ranks read at two instants can differ
        // (0.19's a comment crossing its week, 0.18's at a quarter hour), reordering the pages.
        var configuration = LemmyTestServer.Configuration(dialect: dialect, scale: .small)
        let instant = Date()
        configuration.clock = { instant }
        try await withServer(configuration) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: RecordingLoader())
            // The URL kind finds the posts linking exactly a URL, as Lemmy's does.
            let linked = try await client.getPosts(feed: .all, sort: .new, limit: 50).items.compactMap(\.linkURL)
            let url = try #require(linked.first).absoluteString
            for kind in SearchKind.allCases {
                // One letter matches many of every other kind, so the feed has to page.
                let text = kind == .url ? url : kind == .people ? "a" : "e"
                let expected = try await client.search(text, kind: kind, limit: 50, cursor: nil).items.map(Self.key)
                let feed = SearchFeed(api: client, query: SearchFeedQuery(text: text, kind: kind, pageSize: 4))
                while feed.items.count < expected.count, feed.loadingState == .idle { await feed.loadMore() }
                #expect(feed.loadingState.error == nil)
                #expect(!expected.isEmpty, "no \(kind) for \(text)")
                #expect(Array(feed.items.map(Self.key).prefix(expected.count)) == expected, "\(kind)")
            }
        }
    }

    @Test(
        "An empty search lists every kind on every version (0.18 requires q, which js-client 0.18 drops when empty)",
        arguments: LemmyDialect.allCases)
    func emptySearch(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: RecordingLoader())
            let results = try await client.search("", limit: 5)
            #expect(results.posts.count == 5 && !results.communities.isEmpty && !results.people.isEmpty)
        }
    }

    private static func key(_ result: SearchResult) -> String {
        switch result {
        case .post(let post): "post \(post.id)"
        case .comment(let comment): "comment \(comment.id)"
        case .community(let community): "community \(community.id)"
        case .person(let person): "person \(person.id)"
        }
    }

    @Test("A person's feed merges their posts and comments newest first", arguments: LemmyDialect.allCases)
    func personContent(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .tiny) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: RecordingLoader())
            let person = try #require(try await client.getPosts(sort: .new, limit: 1).items.first?.creatorId)
            let posts = try await readAll { try await client.getPersonContent(personId: person, comments: false, limit: 50, cursor: $0) }
            let comments = try await readAll { try await client.getPersonContent(personId: person, comments: true, limit: 50, cursor: $0) }
            let feed = PersonContentFeed(api: client, query: PersonContentQuery(personId: person, pageSize: 3))
            try await scrollToEnd(feed)
            #expect(!posts.isEmpty && !comments.isEmpty)
            #expect(feed.loader.unfilteredItems.count == posts.count + comments.count)
            #expect(Set(feed.loader.items.map(\.id)) == Set((posts + comments).map(Self.entryId)))
            // Each kind keeps the server's order; the merge interleaves them by date.
            let ids = feed.loader.items.map(\.id)
            #expect(ids.filter { $0.kind == .post } == posts.map(Self.entryId))
            #expect(ids.filter { $0.kind == .comment } == comments.map(Self.entryId))
            #expect(feed.items.allSatisfy { Self.creator($0) == person })
        }
    }

    @Test("The saved feed lists what the account saved", arguments: LemmyDialect.allCases)
    func saved(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .tiny) { server in
            let carol = try await ApiClient.login(to: server.baseURL, username: "carol", password: "password", loader: RecordingLoader())
            let posts = Array(try await carol.getPosts(sort: .new, limit: 20).items.filter { !$0.saved }.prefix(3))
            let comments = Array(try await carol.getComments(postId: posts[0].id, limit: 20).items.filter { !$0.saved }.prefix(2))
            for post in posts { #expect(await post.toggleSave() == .confirmed) }
            for comment in comments { #expect(await comment.toggleSave() == .confirmed) }
            let feed = SavedFeed(api: carol, query: SavedFeedQuery(pageSize: 2))
            try await scrollToEnd(feed)
            let ids = Set(feed.loader.items.map(\.id))
            #expect(ids.isSuperset(of: posts.map { PostOrComment.post($0) }.map(Self.entryId)))
            #expect(ids.isSuperset(of: comments.map { PostOrComment.comment($0) }.map(Self.entryId)))
            #expect(
                feed.items.allSatisfy { item in
                    switch item {
                    case .post(let p): p.saved
                    case .comment(let c): c.saved
                    }
                })
        }
    }

    @Test("The modlog feed lists the server's moderator actions newest first", arguments: LemmyDialect.allCases)
    func modlog(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let client = ApiClient.getApiClient(for: server.baseURL, with: nil, loader: RecordingLoader())
            let expected = try await readAll { try await client.getModlog(limit: 50, cursor: $0) }
            #expect(!expected.isEmpty)
            let feed = ModlogFeed(api: client, query: ModlogFeedQuery(pageSize: 7))
            try await scrollToEnd(feed)
            #expect(feed.items.count == expected.count)
            #expect(Set(feed.items.map { "\($0.action) \($0.id)" }) == Set(expected.map { "\($0.action) \($0.id)" }))
            #expect(feed.items.allSatisfy { $0.action != .removePost || $0.post != nil })
            let dates = feed.items.map(\.date)
            #expect(dates == dates.sorted(by: >))
        }
    }

    private static func entryId(_ item: PostOrComment) -> FeedEntryID {
        switch item {
        case .post(let post): FeedEntryID(kind: .post, value: post.id)
        case .comment(let comment): FeedEntryID(kind: .comment, value: comment.id)
        }
    }

    private static func creator(_ item: PostOrComment) -> Int {
        switch item {
        case .post(let post): post.creatorId
        case .comment(let comment): comment.creatorId
        }
    }
}
