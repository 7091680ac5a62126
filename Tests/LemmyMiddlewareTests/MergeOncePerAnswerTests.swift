import FeedLoading
import Foundation
import LemmyAPI
@testable @_spi(Benchmarking) import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An answer that names an object in several places (a community in each of its posts, a post in
/// each of its comments) merges it once: the first place is what the model shows, and the next
/// answer merges it again. What a view says about the viewer (a block, a note) still merges
/// wherever it differs.
@Suite("One merge an object an answer") @MainActor
struct MergeOncePerAnswerTests {
    @Test("A community and a post named twice in one answer show the first; the next answer merges again")
    func firstPlaceOfAnAnswer() async throws {
        try await withServer(.v0_19) { server in
            let client = try await login(server, "alice")
            var page = try await Self.page(server)
            // The second post carries the first post's community, and then the first post itself,
            // each time with another title than the first place's.
            let community = page.views[0]["community"]
            page.edit(1) { view in
                view["community"] = community
                view.set("community", "title", "Second community")
            }
            page.edit(0) { $0.set("community", "title", "First community") }
            page.views.append(page.views[0])
            page.edit(page.views.count - 1) { view in
                view.set("post", "name", "Second post")
                view.set("community", "title", "Second community")
            }
            page.edit(0) { $0.set("post", "name", "First post") }

            let models = try client.ingestPostsPage(page.body())
            #expect(models[1].community === models[0].community)
            #expect(models[0].community.displayName == "First community")
            #expect(models.last === models[0])
            #expect(models[0].title == "First post")

            // The next answer, with the second place's values everywhere, is merged.
            page.edit(0) { $0.set("community", "title", "Second community") }
            page.edit(0) { $0.set("post", "name", "Second post") }
            let again = try client.ingestPostsPage(page.body())
            #expect(again[0] === models[0])
            #expect(models[0].community.displayName == "Second community")
            #expect(models[0].title == "Second post")
        }
    }

    @Test("A person's block in a view merges in every place of an answer")
    func viewerFieldsMergeEverywhere() async throws {
        try await withServer(.v0_19) { server in
            let client = try await login(server, "alice")
            var page = try await Self.page(server)
            // Two posts of one creator; the second view says Alice blocks the creator.
            let creator = page.views[0]["creator"]
            page.edit(1) { $0["creator"] = creator }
            page.edit(0) { $0["creator_blocked"] = false }
            page.edit(1) { $0["creator_blocked"] = true }

            let models = try client.ingestPostsPage(page.body())
            #expect(models[1].creator === models[0].creator)
            #expect(models[0].creator.blocked)
        }
    }

    @Test("A person named twice in one answer, the same to the viewer, shows the first place")
    func personFirstPlace() async throws {
        try await withServer(.v0_19) { server in
            let client = try await login(server, "alice")
            var page = try await Self.page(server)
            let creator = page.views[0]["creator"]
            page.edit(1) { view in
                view["creator"] = creator
                view.set("creator", "display_name", "Second name")
                view["creator_blocked"] = false
            }
            page.edit(0) { view in
                view.set("creator", "display_name", "First name")
                view["creator_blocked"] = false
            }

            let models = try client.ingestPostsPage(page.body())
            #expect(models[1].creator === models[0].creator)
            #expect(models[0].creator.displayName == "First name")
        }
    }

    @Test("A post named in each comment of a page shows its first place")
    func commentPageFirstPlace() async throws {
        try await withServer(.v0_19) { server in
            let client = try await login(server, "alice")
            var page = try await Self.page(server, "comment/list", key: "comments")
            let post = page.views[0]["post"]
            page.edit(1) { view in
                view["post"] = post
                view.set("post", "name", "Second title")
            }
            page.edit(0) { $0.set("post", "name", "First title") }

            let models = try client.ingestCommentsPage(page.body())
            #expect(models[1].post === models[0].post)
            #expect(models[0].post.title == "First title")
        }
    }

    @Test("A restored archive merges as no answer: it fills new models and overwrites none a request brought")
    func restoreIsNoAnswer() async throws {
        try await withServer(.v0_19, scale: .small) { server in
            let query = PostFeedQuery(feed: .all, sort: .new, pageSize: 5)
            let configuration = FeedConfiguration(minimumItemsPerLoad: 5, maximumPagesPerLoad: 1)
            let feed = PostFeed(api: try await login(server, "alice"), query: query, configuration: configuration)
            await feed.loadMore()
            let archivedName = try #require(feed.items.first).creator.name
            let archive = feed.archive()
            // The first post's creator renames themself after the archive was made.
            let creatorsClient = try await login(server, archivedName)
            _ = try await creatorsClient.getSite()
            var settings = try #require(creatorsClient.account?.settings)
            settings.displayName = "Renamed since"
            try await creatorsClient.saveSettings(settings)

            // A new client reads the creator, then something else, then restores the archive.
            let client = try await login(server, "alice")
            let creator = try await client.getPerson(name: archivedName).person1
            #expect(creator.displayName == "Renamed since")
            _ = try await client.getSite()
            let restored = PostFeed(api: client, query: query, configuration: configuration)
            try await restored.restore(from: archive)
            #expect(restored.items.first?.creator === creator)
            #expect(creator.displayName == "Renamed since")
        }
    }

    @Test("A block list read first (0.19 GetSite) does not stand for the answer's merge of the people it blocks")
    func localMergeIsNotTheAnswers() async throws {
        try await withServer(.v0_19) { server in
            let alice = try await login(server, "alice")
            let bob = try await alice.getPerson(name: "bob").person1
            #expect(!bob.blocked)
            // On another device Alice blocks Bob; then Bob renames himself and is made an admin.
            let device = try await login(server, "alice")
            #expect(await (try await device.getPerson(name: "bob")).toggleBlock() == .confirmed)
            let bobsClient = try await login(server, "bob")
            _ = try await bobsClient.getSite()
            var settings = try #require(bobsClient.account?.settings)
            settings.displayName = "Renamed Bob"
            try await bobsClient.saveSettings(settings)
            let admin = try await login(server, "admin")
            _ = try await admin.raw.send(LemmyV3.AddAdmin(ApiAddAdmin(personId: bob.id, added: true)))

            // GetSite brings Alice's block list, merged into the cached Bob first (a local merge of
            // his old values), and then Bob among the admins, whose new name must show.
            let site = try await alice.getSite()
            #expect(site.administrators.contains { $0 === bob })
            #expect(bob.blocked)
            #expect(bob.displayName == "Renamed Bob")
        }
    }

    /// A 0.19 page of the server's (GetPosts, or another list under `key`), as JSON objects to change.
    private struct Page {
        var response: [String: Any]
        var views: [[String: Any]]
        var key = "posts"

        mutating func edit(_ index: Int, _ change: (inout [String: Any]) -> Void) {
            change(&views[index])
        }

        func body() throws -> Data {
            var response = response
            response[key] = views
            return try JSONSerialization.data(withJSONObject: response)
        }
    }

    private static func page(_ server: LemmyTestServer, _ path: String = "post/list", key: String = "posts") async throws -> Page {
        var components = URLComponents(url: server.baseURL.appendingPathComponent("api/v3/\(path)"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "limit", value: "10"), URLQueryItem(name: "sort", value: "New")]
        let (body, _) = try await URLSession.shared.data(from: components.url!)
        let response = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let views = try #require(response[key] as? [[String: Any]])
        try #require(views.count >= 2)
        return Page(response: response, views: views, key: key)
    }
}

extension [String: Any] {
    /// Sets `field` of the object under `key` (a post's title is its `name`, a community's
    /// display name its `title`).
    fileprivate mutating func set(_ key: String, _ field: String, _ value: String) {
        guard var object = self[key] as? [String: Any] else {
            Issue.record("no object under \(key)")
            return
        }
        object[field] = value
        self[key] = object
    }
}
