import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Wire details per dialect: timestamps, key names, enum spellings, paged lists; and the shape of
/// real server JSON in Tests/Fixtures/lemmy (keys a real server sends are present here too).
@Suite("Wire format per dialect")
struct FormatTests {
    static func firstPostJSON(_ dialect: LemmyDialect) async throws -> [String: Any] {
        let body = try await withServer(dialect, scale: .small) { server in
            let client = try await TestClient(server).login("alice")
            let raw = try await client.raw(
                "GET", path: dialect.generation.pathPrefix + "/post/list",
                query: dialect == .v0_18 ? [URLQueryItem(name: "auth", value: client.token)] : [],
                headers: dialect == .v0_18 ? [] : [("Authorization", "Bearer \(client.token!)")])
            return raw.body
        }
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        return try #require((object[dialect == .v1_0 ? "items" : "posts"] as? [[String: Any]])?.first)
    }

    @Test func v018NaiveTimestampsAndOldKeys() async throws {
        let view = try await Self.firstPostJSON(.v0_18)
        let post = try #require(view["post"] as? [String: Any])
        let published = try #require(post["published"] as? String)
        #expect(!published.hasSuffix("Z"))
        #expect(published.count == 26)
        #expect(post["published_at"] == nil)
        #expect((view["creator"] as? [String: Any])?["actor_id"] != nil)
        #expect(view["subscribed"] as? String == "NotSubscribed" || view["subscribed"] as? String == "Subscribed")
        #expect(view["counts"] != nil)
    }

    @Test func v019ZuluTimestamps() async throws {
        let view = try await Self.firstPostJSON(.v0_19)
        let published = try #require((view["post"] as? [String: Any])?["published"] as? String)
        #expect(published.hasSuffix("Z"))
        #expect(published.split(separator: ".").last?.count == 7)
        #expect(view["creator_is_admin"] != nil)
    }

    @Test func v10ActionsAndSnakeCase() async throws {
        let view = try await Self.firstPostJSON(.v1_0)
        let post = try #require(view["post"] as? [String: Any])
        #expect(post["published_at"] != nil)
        #expect(post["ap_id"] != nil)
        #expect(post["score"] != nil)
        #expect(view["counts"] == nil)
        #expect(view["my_vote"] == nil)
        #expect(view["subscribed"] == nil)
        let community = try #require(view["community"] as? [String: Any])
        #expect(community["visibility"] as? String == "public")
    }

    /// Every key of a real server's PostView (fixture) is in ours, recursively (0.18 and 0.19).
    @Test(arguments: [
        (LemmyDialect.v0_18, "v0.18/spud_GetPostsResponse_all-hot.json"),
        (LemmyDialect.v0_19, "v0.19/lemmykit_GetPostsResponse_0.19.18.json"),
    ])
    func postViewKeysMatchRealServer(dialect: LemmyDialect, fixture: String) async throws {
        let data = try Data(contentsOf: ConformanceTests.fixtures.appendingPathComponent(fixture))
        let real = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["posts"] as? [[String: Any]])
        let ours = try await Self.firstPostJSON(dialect)
        // Members the real server omits when empty (nulls) are optional; compare always-present keys.
        let optional: Set<String> = [
            "url", "body", "thumbnail_url", "embed_title", "embed_description", "embed_video_url",
            "display_name", "avatar", "banner", "bio", "icon", "description", "updated", "my_vote",
            "url_content_type", "matrix_user_id", "alt_text", "ban_expires", "image_details",
            "newest_comment_time_necro", "hot_rank", "hot_rank_active", "community_id", "creator_id",
            "id", "featured_community", "featured_local", "controversy_rank", "scaled_rank",
            "instance_id", "admin",
        ]
        var missing: Set<String> = []
        func compare(_ a: [String: Any], _ b: [String: Any], _ prefix: String) {
            for (key, value) in a where !optional.contains(key) || prefix.isEmpty && key == "id" {
                guard let other = b[key] else {
                    missing.insert(prefix + key)
                    continue
                }
                if let nestedA = value as? [String: Any], let nestedB = other as? [String: Any] {
                    compare(nestedA, nestedB, prefix + key + ".")
                }
            }
        }
        for view in real.prefix(5) { compare(view, ours, "") }
        #expect(missing.isEmpty, "missing keys: \(missing.sorted())")
    }

    @Test(arguments: LemmyDialect.allCases)
    func everyListDecodes(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small) { server in
            let bob = try await TestClient(server).login("bob")
            let admin = try await TestClient(server).login("admin")
            if dialect == .v1_0 {
                #expect(try await bob.send(LemmyV4.ListCommunities(ApiListCommunities(limit: 50))).items.count >= 4)
                #expect(
                    try await bob.send(LemmyV4.GetPersonDetails(ApiGetPersonDetails(username: "alice"))).personView.person.name == "alice")
                #expect(try await bob.send(LemmyV4.ListPersonContent(ApiListPersonContent(username: "alice", limit: 10))).items.count > 0)
                #expect(try await bob.send(LemmyV4.Search(ApiSearch(searchTerm: "swift", limit: 10))).posts.count > 0)
                #expect(try await admin.send(LemmyV4.ListReports(ApiListReports())).items.count == 6)
                #expect(try await bob.send(LemmyV4.GetModlog(ApiGetModlog())).items.count > 0)
                #expect(try await bob.send(LemmyV4.ListNotifications(ApiListNotifications(limit: 10))).items.count > 0)
                let resolved = try await bob.send(LemmyV4.ResolveObject(ApiResolveObject(q: server.baseURL.absoluteString + "/post/3")))
                guard case .post(let view) = resolved else {
                    Issue.record("not a post: \(resolved)")
                    return
                }
                #expect(view.post.id == 3)
            } else {
                #expect(try await bob.send(LemmyV3.ListCommunities(ApiListCommunities(limit: 50))).communities.count >= 4)
                let details = try await bob.send(LemmyV3.GetPersonDetails(ApiGetPersonDetails(username: "alice", limit: 10)))
                #expect(details.personView.person.name == "alice")
                #expect((details.posts?.count ?? 0) + (details.comments?.count ?? 0) > 0)
                #expect(try await bob.send(LemmyV3.Search(ApiSearch(limit: 10, q: "swift"))).posts.count > 0)
                #expect(try await bob.send(LemmyV3.ListPostReports(ApiListPostReports())).postReports.count == 3)
                #expect(try await bob.send(LemmyV3.ListCommentReports(ApiListCommentReports())).commentReports.count == 3)
                #expect(try await bob.send(LemmyV3.GetModlog(ApiGetModlog())).removedPosts.count > 0)
                #expect(try await bob.send(LemmyV3.GetPrivateMessages(ApiGetPrivateMessages())).privateMessages.count > 0)
                let resolved = try await bob.send(LemmyV3.ResolveObject(ApiResolveObject(q: server.baseURL.absoluteString + "/post/3")))
                #expect(resolved.post?.post.id == 3)
            }
            let alice = try await TestClient(server).login("alice")
            let carol = try await TestClient(server).login("carol")
            #expect(try await carol.unreadTotal() >= 0)
            #expect(try await alice.unreadTotal() > 0)
        }
    }
}
