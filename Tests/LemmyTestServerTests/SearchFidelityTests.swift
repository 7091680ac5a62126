import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Search as each version answers it (`apub/src/api/search.rs` at 0.18.5 and 0.19.13,
/// `api/api/src/federation/search.rs` on 1.0).
@Suite("Search fidelity")
struct SearchFidelityTests {
    static func search(_ client: TestClient, _ configure: (inout ApiSearch) -> Void) async throws -> ApiSearchResponse {
        var form = ApiSearch(limit: 50)
        configure(&form)
        if client.v4 { return try await client.send(LemmyV4.Search(form)) }
        // js-client 0.19.9 and later send an empty `q` (earlier ones drop it, and the server
        // then refuses the form for its missing `q`).
        return try await client.send(LemmyV3.Search(form), queryStyle: .omitNil)
    }

    /// Sets the term in the version's member.
    static func term(_ form: inout ApiSearch, _ text: String, _ dialect: LemmyDialect) {
        if dialect == .v1_0 { form.searchTerm = text } else { form.q = text }
    }

    @Test("Lemmy's fuzzy term: pieces in order, without case; an empty term matches everything, a missing text nothing")
    func fuzzyTerm() {
        #expect(FuzzyTerm("swift conc").matches("Swift Structured Concurrency"))
        #expect(!FuzzyTerm("conc swift").matches("Swift Structured Concurrency"))
        #expect(FuzzyTerm("").matches("anything"))
        #expect(FuzzyTerm("   ").matches(""))
        #expect(!FuzzyTerm("").matches(nil))
        #expect(!FuzzyTerm("swiftly").matches("Swift"))
    }

    @Test(
        "The URL kind finds the posts linking exactly the URL, not titles; 1.0's post_url_only too, and nothing for a non-URL",
        arguments: LemmyDialect.allCases)
    func url(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let client = TestClient(server)
            let posts = try await client.posts(ApiGetPosts(type: .all, sort: .new, limit: 50)).posts
            let linked = try #require(posts.first { $0.post.url != nil })
            let url = try #require(linked.post.url)
            func byURL(_ text: String) async throws -> ApiSearchResponse {
                try await Self.search(client) { form in
                    Self.term(&form, text, dialect)
                    if dialect == .v1_0 {
                        form.type = .posts
                        form.postUrlOnly = true
                    } else {
                        form.type = .url
                    }
                }
            }
            let found = try await byURL(url).posts
            #expect(!found.isEmpty && found.allSatisfy { $0.post.url == url })
            #expect(found.contains { $0.post.id == linked.post.id })
            let word = try #require(linked.post.name.split(separator: " ").first.map(String.init))
            #expect(try await byURL(word).posts.isEmpty)
        }
    }

    @Test("Terms match pieces in order; an empty term finds every kind", arguments: LemmyDialect.allCases)
    func terms(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let client = TestClient(server)
            let everything = try await Self.search(client) { Self.term(&$0, "", dialect) }
            #expect(!everything.posts.isEmpty && !everything.comments.isEmpty && !everything.communities.isEmpty)
            let post = try #require(everything.posts.first { $0.post.name.split(separator: " ").count >= 3 }).post
            let words = post.name.split(separator: " ")
            let found = try await Self.search(client) { form in
                Self.term(&form, "\(words[0]) \(words[2])", dialect)
                form.type = .posts
            }
            #expect(found.posts.contains { $0.post.id == post.id })
        }
    }

    @Test("A community or creator narrows All to posts and comments", arguments: LemmyDialect.allCases)
    func narrowedAll(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let client = TestClient(server)
            let all = try await Self.search(client) { Self.term(&$0, "a", dialect) }
            #expect(!all.communities.isEmpty)
            let narrowed = try await Self.search(client) { form in
                Self.term(&form, "a", dialect)
                form.communityId = 1
            }
            #expect(narrowed.communities.isEmpty && (narrowed.users ?? narrowed.persons ?? []).isEmpty)
            #expect(!narrowed.posts.isEmpty && narrowed.posts.allSatisfy { $0.community.id == 1 })
            #expect(narrowed.comments.allSatisfy { $0.community.id == 1 })
        }
    }

    @Test("NSFW communities are not found by callers who hide NSFW", arguments: LemmyDialect.allCases)
    func nsfwCommunity(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let client = TestClient(server)
            let found = try await Self.search(client) { form in
                Self.term(&form, "", dialect)
                form.type = .communities
            }
            #expect(!found.communities.isEmpty)
            #expect(!found.communities.contains { $0.community.nsfw })
            // The seed has one, which a caller who shows NSFW finds.
            let alice = try await client.login("alice")
            _ =
                dialect == .v1_0
                ? try await alice.sendRaw(LemmyV4.SaveUserSettings(ApiSaveUserSettings(showNsfw: true))).status
                : try await alice.sendRaw(LemmyV3.SaveUserSettings(ApiSaveUserSettings(showNsfw: true))).status
            let shown = try await Self.search(alice) { form in
                Self.term(&form, "", dialect)
                form.type = .communities
            }
            #expect(shown.communities.contains { $0.community.nsfw })
        }
    }

    @Test("0.18 and 0.19 apply a listing type when sent; 1.0 searches All whatever it is sent", arguments: LemmyDialect.allCases)
    func listingType(dialect: LemmyDialect) async throws {
        let world = SeedWorlds.remoteCommunity
        try await withServer(dialect, scale: world.scale, seed: world.seed) { server in
            let client = TestClient(server)
            func posts(_ listing: ApiListingType?) async throws -> [ApiPostView] {
                try await Self.search(client) { form in
                    Self.term(&form, "", dialect)
                    form.type = .posts
                    form.listingType = listing
                }.posts
            }
            let unfiltered = try await posts(nil)
            let local = try await posts(.local)
            #expect(unfiltered.contains { !$0.community.local })
            #expect(local.contains { !$0.community.local } == (dialect == .v1_0))
        }
    }

    @Test("0.18 and 0.19 leave deleted comments out of Search; 1.0 does not", arguments: LemmyDialect.allCases)
    func deletedComments(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let post = try #require(try await alice.posts(ApiGetPosts(type: .all, sort: .new, limit: 1)).posts.first)
            let comment = try await alice.comment(post: post.post.id, parent: nil, "Zanzibar quokka marmalade")
            let delete = ApiDeleteComment(commentId: comment.comment.id, deleted: true)
            if dialect == .v1_0 {
                _ = try await alice.send(LemmyV4.DeleteComment(delete))
            } else {
                _ = try await alice.send(LemmyV3.DeleteComment(delete))
            }
            let found = try await Self.search(alice) { form in
                Self.term(&form, "quokka", dialect)
                form.type = .comments
            }
            #expect(found.comments.contains { $0.comment.id == comment.comment.id } == (dialect == .v1_0))
        }
    }

    @Test("1.0 orders comments and communities newest first and pages one kind by cursor")
    func order10() async throws {
        try await withServer(.v1_0, scale: .small) { server in
            let client = TestClient(server)
            let comments = try await Self.search(client) { form in
                form.searchTerm = "e"
                form.type = .comments
            }.comments
            let dates = comments.map(\.comment.publishedAt.date)
            #expect(dates.count > 2 && dates == dates.sorted(by: >))
            let communities = try await Self.search(client) { form in
                form.searchTerm = ""
                form.type = .communities
            }.communities.map(\.community.publishedAt.date)
            #expect(communities.count > 2 && communities == communities.sorted(by: >))

            var seen: [Int] = []
            var cursor: String?
            repeat {
                let page = try await Self.search(client) { form in
                    form.searchTerm = "e"
                    form.type = .comments
                    form.limit = 4
                    form.pageCursor = cursor
                }
                seen += page.comments.map(\.comment.id)
                cursor = page.nextPage
            } while cursor != nil && seen.count < 12
            #expect(seen.count >= 12)
            #expect(seen == Array(comments.map(\.comment.id).prefix(seen.count)))
        }
    }

    @Test("1.0 resolves the term as an object too; a plain term resolves to nothing")
    func resolve10() async throws {
        try await withServer(.v1_0) { server in
            let client = TestClient(server)
            let community = try await Self.search(client) { $0.searchTerm = "!" + "technology" }
            guard case .community(let view)? = community.resolve else {
                Issue.record("!technology resolved to \(String(describing: community.resolve))")
                return
            }
            #expect(view.community.name == "technology")
            #expect(try await Self.search(client) { $0.searchTerm = "e" }.resolve == nil)
        }
    }

    @Test("1.0 answers a limit it refuses with empty lists, not an error")
    func badLimit10() async throws {
        try await withServer(.v1_0) { server in
            let found = try await Self.search(TestClient(server)) { form in
                form.searchTerm = "e"
                form.limit = 500
            }
            #expect(found.posts.isEmpty && found.comments.isEmpty && found.communities.isEmpty)
        }
    }

    @Test("1.0 pages All by five cursors at once, one per kind (none for a kind that has ended); a cursor of other parts finds nothing")
    func allCursor10() async throws {
        // Hot cursors carry ranks, which move with the clock: keep it still between the requests.
        try await ManualServerClock().withServer(.v1_0, scale: .small) { server in
            let client = TestClient(server)
            func all(_ cursor: String?) async throws -> ApiSearchResponse {
                try await Self.search(client) { form in
                    form.searchTerm = "e"
                    form.limit = 3
                    form.pageCursor = cursor
                }
            }
            func posts(_ cursor: String?) async throws -> ApiSearchResponse {
                try await Self.search(client) { form in
                    form.searchTerm = "e"
                    form.type = .posts
                    form.limit = 3
                    form.pageCursor = cursor
                }
            }
            let first = try await all(nil)
            let next = try #require(first.nextPage)
            let parts = next.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            #expect(parts.count == 5)
            #expect(parts[4] == "none")
            #expect(first.prevPage == "none,none,none,none,none")
            // Each kind's part pages as that kind's own search does.
            let firstPosts = try await posts(nil)
            #expect(first.posts.map(\.post.id) == firstPosts.posts.map(\.post.id))
            #expect(parts[0] == firstPosts.nextPage)
            let second = try await all(next)
            #expect(second.posts.map(\.post.id) == (try await posts(parts[0])).posts.map(\.post.id))
            #expect(!second.comments.isEmpty && Set(second.comments.map(\.comment.id)).isDisjoint(with: first.comments.map(\.comment.id)))

            // A kind whose part is `none` is not searched again.
            let onlyPosts = try await all([parts[0], "none", "none", "none", "none"].joined(separator: ","))
            #expect(!onlyPosts.posts.isEmpty && onlyPosts.comments.isEmpty && onlyPosts.communities.isEmpty)
            #expect(onlyPosts.nextPage?.hasSuffix(",none,none,none,none") == true)
            let empty = try await all(",,,,")
            #expect(empty.posts.isEmpty && empty.comments.isEmpty && empty.communities.isEmpty)
            #expect(try await posts("").posts.isEmpty)
            let malformed = try await all("abc,def")
            #expect(malformed.posts.isEmpty && malformed.comments.isEmpty && malformed.communities.isEmpty)
            #expect(malformed.nextPage == "none,none,none,none,none")
        }
    }
}
