import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// List members each version takes or ignores, and the orders they pick: `api_common` forms and
/// `db_views` queries at 0.18.5 and 0.19.13, `api/api/src/federation` and `db_views` on 1.0. A
/// member an older form lacks is dropped by the version-annotated form decoder, as serde drops
/// unknown query keys; the suites here pin that down where an app could send one.
@Suite("List form fidelity")
struct ListFormFidelityTests: RefusalChecking {
    /// The objects under `key` of a JSON answer.
    func items(_ raw: TestClient.RawResponse, _ key: String) -> [[String: Any]] {
        ((try? JSONSerialization.jsonObject(with: raw.body)) as? [String: Any])?[key] as? [[String: Any]] ?? []
    }

    /// The `entity`.id of each object under `key` (`post_view`s' `post`, ...).
    func ids(_ raw: TestClient.RawResponse, _ key: String, _ entity: String) -> [Int] {
        items(raw, key).compactMap { ($0[entity] as? [String: Any])?["id"] as? Int }
    }

    @Test(
        "0.18's report lists ignore post_id and comment_id, and its message list creator_id: its forms have none",
        arguments: [LemmyDialect.v0_18, .v0_19])
    func membersOlderFormsLack(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let carol = try await TestClient(server).login("carol")
            let posts = try await alice.posts(ApiGetPosts(type: .all, sort: .new, communityId: 1, limit: 2)).posts.map(\.post.id)
            try #require(posts.count == 2)
            for id in posts { #expect(try await post(alice, "/post/report", ["post_id": id, "reason": "Spam"]).status == 200) }
            let allReports = items(try await get(bob, "/post/report/list", [:]), "post_reports").count
            let reports = try await get(bob, "/post/report/list", ["post_id": "\(posts[0])"])
            #expect(items(reports, "post_reports").count == (dialect == .v0_18 ? allReports : 1))

            for sender in [alice, carol] {
                #expect(try await post(sender, "/private_message", ["content": "Hello", "recipient_id": 3]).status == 200)
            }
            let allMessages = items(try await get(bob, "/private_message/list", [:]), "private_messages").count
            let messages = items(try await get(bob, "/private_message/list", ["creator_id": "2"]), "private_messages")
            if dialect == .v0_18 {
                #expect(messages.count == allMessages)
            } else {
                // 0.19: the conversation with alice (2) alone.
                #expect(messages.count < allMessages)
                let people = messages.compactMap { $0["private_message"] as? [String: Any] }.map { message in
                    Set([message["creator_id"], message["recipient_id"]].compactMap { $0 as? Int })
                }
                #expect(people.count == messages.count && people.allSatisfy { $0 == [2, 3] })
            }
        }
    }

    @Test("0.19's post vote list checks the page as every 0.19 page does")
    func voteListPage() async throws {
        try await withServer(.v0_19) { server in
            let admin = try await TestClient(server).login("admin")
            #expect(try await get(admin, "/post/like/list", ["post_id": "1"]).status == 200)
            let refused = refusal(try await get(admin, "/post/like/list", ["post_id": "1", "page": "0"]))
            #expect(refused.status == 400 && refused.code == "unknown" && refused.message == "Page is < 1")
        }
    }

    @Test("1.0: a default listing of Suggested lists nothing on a site without a suggested multi-community")
    func suggestedDefaultListing() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            #expect(try await alice.sendRaw(LemmyV4.SaveUserSettings(ApiSaveUserSettings(defaultListingType: .suggested))).status == 200)
            #expect(try await alice.posts(ApiGetPosts()).posts.isEmpty)
            #expect(try await !alice.posts(ApiGetPosts(type: .all)).posts.isEmpty)
        }
    }

    @Test("1.0 Search takes time_range_seconds as sent, for comments too: 0 finds nothing")
    func searchTimeRange() async throws {
        let clock = ManualServerClock()
        try await clock.withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let anonymous = TestClient(server)
            let postId = try #require(try await alice.posts(ApiGetPosts(type: .all, sort: .new, limit: 1)).posts.first?.post.id)
            let comment = try await post(alice, "/comment", ["content": "A zeppelin over the harbour", "post_id": postId])
            let commentId = try #require(createdId(comment, view: "comment_view", entity: "comment"))
            let old = try await post(alice, "/post", ["name": "An old zeppelin", "community_id": 1])
            let oldPost = try #require(createdId(old, view: "post_view", entity: "post"))
            // Everything so far was made at the server's "now"; look an hour later.
            clock.move(by: 3_600)
            let later = try await post(alice, "/comment", ["content": "Another zeppelin", "post_id": postId])
            let laterId = try #require(createdId(later, view: "comment_view", entity: "comment"))

            let everything = try await get(anonymous, "/search", ["search_term": "zeppelin"])
            #expect(Set(ids(everything, "comments", "comment")) == [commentId, laterId])
            #expect(ids(everything, "posts", "post") == [oldPost])
            let recent = try await get(anonymous, "/search", ["search_term": "zeppelin", "time_range_seconds": "60"])
            #expect(ids(recent, "comments", "comment") == [laterId])
            #expect(ids(recent, "posts", "post").isEmpty)
            let none = try await get(anonymous, "/search", ["search_term": "zeppelin", "time_range_seconds": "0"])
            #expect(items(none, "comments").isEmpty && items(none, "posts").isEmpty)
        }
    }

    @Test(
        "Search's show_nsfw is 1.0's alone, post_title_only 0.19's and 1.0's title_only; older versions ignore them",
        arguments: LemmyDialect.allCases)
    func searchMembers(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let anonymous = TestClient(server)
            let term = dialect == .v1_0 ? "search_term" : "q"
            let nsfw = try await createPost(alice, ["name": "Quokka photos", "nsfw": true])
            let nsfwId = try #require(createdId(nsfw, view: "post_view", entity: "post"))
            let inBody = try await createPost(alice, ["name": "Marsupials", "body": "A quokka smiles"])
            let inBodyId = try #require(createdId(inBody, view: "post_view", entity: "post"))

            let shown = try await get(anonymous, "/search", [term: "quokka", "show_nsfw": "true"])
            #expect(ids(shown, "posts", "post").contains(nsfwId) == (dialect == .v1_0))
            let titleOnly = dialect == .v1_0 ? "title_only" : "post_title_only"
            let titles = try await get(anonymous, "/search", [term: "quokka", titleOnly: "true"])
            #expect(ids(titles, "posts", "post").contains(inBodyId) == (dialect == .v0_18))
        }
    }

    @Test(
        "0.18 and 0.19 order the people Search finds by its sort; 0.18's top sorts keep those who signed up within the window",
        arguments: [LemmyDialect.v0_18, .v0_19])
    func searchPeopleSort(dialect: LemmyDialect) async throws {
        try await withServer(dialect, scale: .small, seed: 3) { server in
            let anonymous = TestClient(server)
            func people(_ sort: String) async throws -> [[String: Any]] {
                items(try await get(anonymous, "/search", ["q": "", "type_": "Users", "sort": sort, "limit": "50"]), "users")
            }
            func published(_ view: [String: Any]) -> String { ((view["person"] as? [String: Any])?["published"] as? String) ?? "" }
            let new = try await people("New")
            let old = try await people("Old")
            try #require(new.count >= 3)
            #expect(new.map(published) == new.map(published).sorted(by: >))
            #expect(old.map(published) == old.map(published).sorted())
            #expect(new.map(published) != old.map(published))
            let mostComments = try await people("MostComments")
            let comments = mostComments.compactMap { ($0["counts"] as? [String: Any])?["comment_count"] as? Int }
            #expect(comments == comments.sorted(by: >))
            let lastHour = try await people("TopHour")
            #expect((lastHour.count < new.count) == (dialect == .v0_18))
        }
    }
}
