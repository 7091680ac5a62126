import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// What each Lemmy version refuses, and what it takes that a stricter server would refuse, as
/// read in Lemmy's source (0.18.5, 0.19.13, 1.0): the test server answers the same.
@Suite("Lemmy's refusals per dialect")
struct LemmyRefusalTests: RefusalChecking {
    @Test(
        "A call that needs a login refuses a guest or a bad token: 0.18 not_logged_in, later 401 incorrect_login",
        arguments: LemmyDialect.allCases)
    func loginRequired(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            var stranger = TestClient(server)
            stranger.token = "not-a-token"
            let guest = refusal(try await createPost(TestClient(server), ["name": "A title"]))
            let bad = refusal(try await createPost(stranger, ["name": "A title"]))
            if dialect == .v0_18 {
                // 0.18's form requires `auth`: without one it does not deserialize.
                #expect(guest.status == 400 && guest.code == "text")
                #expect(guest.message?.hasPrefix("Json deserialize error: missing field `auth` at line 1 column ") == true)
                #expect(bad.status == 400 && bad.code == "not_logged_in")
            } else {
                for answer in [guest, bad] { #expect(answer.status == 401 && answer.code == "incorrect_login") }
            }
        }
    }

    @Test("validate_auth tells a valid session from none (0.19, 1.0)", arguments: [LemmyDialect.v0_19, .v1_0])
    func validateAuth(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let path = dialect == .v1_0 ? "/account/validate_auth" : "/user/validate_auth"
            let alice = try await TestClient(server).login("alice")
            #expect(try await get(alice, path, [:]).status == 200)
            var stale = alice
            stale.token = "expired"
            let answer = refusal(try await get(stale, path, [:]))
            #expect(answer.status == 400 && answer.code == "not_logged_in")
        }
    }

    @Test("A comment tree ignores limit and page: always the first comments, up to 300", arguments: LemmyDialect.allCases)
    func treeFetchIgnoresPaging(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let postId = try #require(try await alice.posts(ApiGetPosts(sort: .new, communityId: 1, limit: 1)).posts.first?.post.id)
            for index in 0..<4 { _ = try await alice.comment(post: postId, parent: nil, "Comment \(index)") }
            let everything = try await alice.comments(post: postId, maxDepth: 8).map(\.comment.id)
            #expect(everything.count >= 4)
            let path = "/comment/list"
            let base = ["post_id": "\(postId)", "max_depth": "8", "sort": dialect == .v1_0 ? "new" : "New"]
            for extra in [["limit": "2"], ["limit": "2", "page": "2"], ["limit": "0"], ["limit": "500"]] {
                let raw = try await get(alice, path, base.merging(extra) { a, _ in a })
                #expect(raw.status == 200, "\(extra)")
                let ids: [Int]
                if dialect == .v1_0 {
                    ids = try LemmyTestDecoding.decode(ApiPagedResponse<ApiCommentView>.self, from: raw.body).items.map(\.comment.id)
                } else {
                    ids = try LemmyTestDecoding.decode(ApiGetCommentsResponse.self, from: raw.body).comments.map(\.comment.id)
                }
                #expect(Set(ids) == Set(everything), "\(extra)")
            }
        }
    }

    @Test("A limit or page out of range is each version's refusal, by list", arguments: LemmyDialect.allCases)
    func pagingRefusals(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = TestClient(server)
            let posts = refusal(try await get(client, "/post/list", ["limit": "51"]))
            let zero = refusal(try await get(client, "/post/list", ["limit": "0"]))
            let communities = refusal(try await get(client, "/community/list", ["limit": "51"]))
            let comments = refusal(try await get(client, "/comment/list", ["limit": "51"]))
            switch dialect {
            case .v1_0:
                for answer in [posts, zero, communities, comments] { #expect(answer.status == 400 && answer.code == "invalid_fetch_limit") }
            case .v0_18, .v0_19:
                #expect(posts.code == "couldnt_get_posts" && zero.code == "couldnt_get_posts")
                #expect(comments.code == "couldnt_get_comments")
                // Other lists pass the query builder's text through: 0.18 as text, 0.19 as `unknown`.
                #expect(communities.code == (dialect == .v0_18 ? "text" : "unknown"))
                #expect(communities.message == "Fetch limit is > 50")
                #expect(refusal(try await get(client, "/post/list", ["page": "0"])).code == "couldnt_get_posts")
                #expect(refusal(try await get(client, "/community/list", ["page": "0"])).message == "Page is < 1")
            }
        }
    }

    @Test("A vote of 2 takes the vote back instead of being refused (0.18, 0.19)", arguments: [LemmyDialect.v0_18, .v0_19])
    func oddVoteClears(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let before = try await alice.vote(post: 1, 1)
            let raw = try await post(alice, "/post/like", ["post_id": 1, "score": 2])
            #expect(raw.status == 200)
            let after = try await alice.post(1)
            #expect(after.myVoteValue == 0)
            #expect(after.scoreValue == before.scoreValue - 1)
        }
    }

    @Test(
        "User and community names are checked as each version checks them: one alphabet from 0.19, two characters in 1.0",
        arguments: LemmyDialect.allCases)
    func actorNames(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let guest = TestClient(server)
            let alice = try await guest.login("alice")
            let registerPath = dialect == .v1_0 ? "/account/auth/register" : "/user/register"
            func register(_ name: String) async throws -> String {
                let raw = try await post(
                    guest, registerPath,
                    ["username": name, "password": "password123", "password_verify": "password123", "show_nsfw": false])
                return raw.status == 200 ? "ok" : refusal(raw).code
            }
            func community(_ name: String) async throws -> String {
                let raw = try await post(alice, "/community", ["name": name, "title": "A community"])
                return raw.status == 200 ? "ok" : refusal(raw).code
            }
            let latin = "Hello_98"
            let cyrillic = "\u{043F}\u{0440}\u{0438}\u{0432}\u{0435}\u{0442}"  // "privet" in Cyrillic letters
            let arabic = "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}_1"
            let mixed = "\u{043F}\u{0440}i"  // two Cyrillic letters and a Latin i: a look-alike
            let greek = "\u{03A9}mega"
            let later = dialect != .v0_18
            #expect(try await register(latin) == "ok")
            #expect(try await register(cyrillic) == (later ? "ok" : "invalid_name"))
            #expect(try await register(arabic) == (later ? "ok" : "invalid_name"))
            #expect(try await register(mixed) == "invalid_name")
            #expect(try await register(greek) == "invalid_name")
            #expect(try await register("ab") == (dialect == .v1_0 ? "ok" : "invalid_name"))
            #expect(try await register(String(repeating: "n", count: 21)) == "invalid_name")
            // Lemmy's name rule allows upper case in community names too.
            #expect(try await community("Gardening_Club") == "ok")
            #expect(try await community(mixed + "_x") == "invalid_name")
            #expect(try await community(cyrillic) == (later ? "ok" : "invalid_name"))
        }
    }

    @Test(
        "Display names: 0.18 refuses any invisible character once escaped, later versions count three visible ones",
        arguments: LemmyDialect.allCases)
    func displayNames(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let path = dialect == .v1_0 ? "/account/settings/save" : "/user/save_user_settings"
            func save(_ name: String) async throws -> String {
                let raw = try await post(alice, path, ["display_name": name], method: "PUT")
                return raw.status == 200 ? "ok" : refusal(raw).code
            }
            let refused = dialect == .v0_18 ? "invalid_username" : "invalid_display_name"
            // 1.0's list of invisible characters (the invisible-characters crate) holds the space
            // and U+FFFC, 0.19's does not: two visible characters on 1.0, three before.
            #expect(try await save("a b") == (dialect == .v1_0 ? refused : "ok"))
            #expect(try await save("a\u{FFFC}b") == (dialect == .v1_0 ? refused : "ok"))
            #expect(try await save("a b c") == "ok")
            #expect(try await save("@alice") == refused)
            // A no-break space inside: invisible to Lemmy, but 0.18.5 checks the name it stores,
            // escaped, which reads `&nbsp;`; later versions see a, b and c.
            #expect(try await save("a\u{00A0}bc") == "ok")
            // Nine characters, which 0.18.5 stores (and checks) escaped as 25, over its 20.
            #expect(try await save("a&b&c&d&e") == (dialect == .v0_18 ? refused : "ok"))
            // Two visible characters and zero-width spaces.
            #expect(try await save("a\u{200B}\u{200B}b") == refused)
            #expect(try await save("\u{200B}abc") == refused)
            // White space only: 1.0 trims it to nothing, which clears the name; 0.18 and 0.19 refuse it.
            #expect(try await save("   ") == (dialect == .v1_0 ? "ok" : refused))
            let long = String(repeating: "d", count: 30)
            #expect(try await save(long) == (dialect == .v1_0 ? "ok" : refused))
        }
    }

    @Test("Sign-up takes an empty email or answer: Lemmy asks only that they are there", arguments: LemmyDialect.allCases)
    func emptyEmailAndAnswer(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            server.configureRegistration(RegistrationSettings(mode: .requireApplication, emailVerification: true))
            let path = dialect == .v1_0 ? "/account/auth/register" : "/user/register"
            let form: [String: Any] = [
                "username": "newcomer", "password": "password123", "password_verify": "password123", "show_nsfw": false,
            ]
            let missing = try await post(TestClient(server), path, form)
            #expect(refusal(missing).code == "email_required")
            let noAnswer = try await post(TestClient(server), path, form.merging(["email": ""]) { a, _ in a })
            #expect(refusal(noAnswer).code == "registration_application_answer_required")
            let empty = try await post(TestClient(server), path, form.merging(["email": "", "answer": ""]) { a, _ in a })
            #expect(empty.status == 200, "\(String(decoding: empty.body, as: UTF8.self))")
        }
    }

    @Test("1.0: only accepted followers act in a private community; the others get 404 not_found")
    func privateCommunityActions() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let carol = try await TestClient(server).login("carol")
            let created = try await post(alice, "/community", ["name": "inner_circle", "title": "Inner circle", "visibility": "private"])
            #expect(created.status == 200, "\(String(decoding: created.body, as: UTF8.self))")
            let id = try #require(createdId(created, view: "community_view", entity: "community"))
            // Bob asks to follow: his follow waits for a moderator's approval.
            let follow = try await post(bob, "/community/follow", ["community_id": id, "follow": true])
            #expect(follow.status == 200)
            for client in [bob, carol] {
                let answer = try await post(client, "/post", ["name": "Let me in", "community_id": id])
                #expect(answer.status == 404 && refusal(answer).code == "not_found", "\(String(decoding: answer.body, as: UTF8.self))")
            }
            // Alice created it, so she moderates and follows it.
            #expect(try await post(alice, "/post", ["name": "Welcome", "community_id": id]).status == 200)
        }
    }

    /// `v3` or `v4` as the client's dialect wants, answered raw.
    @Test("An edit parses its link first and checks its language after its author (0.19, 1.0)", arguments: [LemmyDialect.v0_19, .v1_0])
    func editPostOrder(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let carol = try await TestClient(server).login("carol")
            let created = try await createPost(alice, ["name": "Alice's post"])
            let id = try #require(createdId(created, view: "post_view", entity: "post"))
            let path = "/post"
            #expect(
                refusal(try await post(alice, path, ["post_id": id, "name": "", "url": "not a link"], method: "PUT")).code == "invalid_url")
            #expect(refusal(try await post(carol, path, ["post_id": id, "language_id": 2], method: "PUT")).code == "no_post_edit_allowed")
            #expect(refusal(try await post(alice, path, ["post_id": id, "language_id": 2], method: "PUT")).code == "language_not_allowed")
        }
    }

    @Test("Post titles, links, bodies and alt text are checked as each version checks them", arguments: LemmyDialect.allCases)
    func postFields(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            func code(_ fields: [String: Any]) async throws -> String {
                let raw = try await createPost(alice, fields)
                return raw.status == 200 ? "ok" : refusal(raw).code
            }
            #expect(try await code(["name": "ab"]) == "invalid_post_title")
            #expect(try await code(["name": "Two\nlines"]) == "invalid_post_title")
            // Three characters, two of them visible to 1.0 (its list holds the space); 0.18 asks for
            // a run of three that are not spaces.
            #expect(try await code(["name": "a b"]) == (dialect == .v0_19 ? "ok" : "invalid_post_title"))
            #expect(try await code(["name": "a\u{3000}b\u{FFFC}"]) == (dialect == .v0_19 ? "ok" : "invalid_post_title"))
            #expect(try await code(["name": "Fine title", "url": "ftp://example.org/x"]) == "invalid_url_scheme")
            #expect(try await code(["name": "Fine title", "body": String(repeating: "b", count: 50_001)]) == "invalid_body_field")
            #expect(try await code(["name": "Fine title", "body": String(repeating: "b", count: 50_000)]) == "ok")
            let magnet = try await code(["name": "Fine title", "url": "magnet:?xt=urn:btih:0123456789abcdef"])
            #expect(magnet == (dialect == .v0_18 ? "invalid_url_scheme" : "ok"))
            // A link that does not parse: 0.18 fails the form's URL type (plain text), later versions say invalid_url.
            #expect(try await code(["name": "Fine title", "url": "not a link"]) == (dialect == .v0_18 ? "text" : "invalid_url"))
            switch dialect {
            case .v0_18:
                // A run of three non-space characters is what 0.18's expression asks for; its 200 is the column's.
                #expect(try await code(["name": "a b c"]) == "invalid_post_title")
                #expect(try await code(["name": String(repeating: "t", count: 201)]) == "couldnt_create_post")
                // The column holds the title as stored: 100 `&` are 500 characters escaped.
                #expect(try await code(["name": String(repeating: "&", count: 100)]) == "couldnt_create_post")
            case .v0_19, .v1_0:
                #expect(try await code(["name": String(repeating: "&", count: 100)]) == "ok")
                #expect(try await code(["name": String(repeating: "t", count: 201)]) == "invalid_post_title")
                #expect(try await code(["name": "a b c"]) == "ok")
                let longLink = "https://example.org/" + String(repeating: "p", count: 2_000)
                #expect(try await code(["name": "Fine title", "url": longLink]) == "url_length_overflow")
                #expect(
                    try await code(["name": "Fine title", "alt_text": String(repeating: "a", count: 1_501)]) == "alt_text_length_overflow")
            }
        }
    }

    @Test("Comments: empty ones are taken, long ones, deleted posts and foreign parents refused", arguments: LemmyDialect.allCases)
    func commentFields(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            func create(_ fields: [String: Any]) async throws -> TestClient.RawResponse { try await post(alice, "/comment", fields) }
            #expect(try await create(["post_id": 1, "content": ""]).status == 200)
            #expect(
                refusal(try await create(["post_id": 1, "content": String(repeating: "c", count: 10_001)])).code == "invalid_body_field")
            // A parent that does not exist is ignored: a top-level comment.
            let orphan = try await create(["post_id": 1, "content": "Orphan", "parent_id": 99_999_999])
            #expect(orphan.status == 200)
            let orphanView = try LemmyTestDecoding.decode(ApiCommentResponse.self, from: orphan.body).commentView.comment
            #expect(orphanView.path.split(separator: ".").count == 2)
            // A parent on another post.
            let other = try await alice.comment(post: 2, parent: nil, "On post two")
            let foreign = refusal(try await create(["post_id": 1, "content": "Wrong post", "parent_id": other.comment.id]))
            #expect(foreign.code == (dialect == .v1_0 ? "couldnt_create" : "couldnt_create_comment"))
            // A deleted post takes no comments.
            let mine = try LemmyTestDecoding.decode(ApiPostResponse.self, from: try await createPost(alice, ["name": "To delete"]).body)
            let postId = mine.postView.post.id
            let delete: (String, String) = dialect == .v1_0 ? ("DELETE", "/post") : ("POST", "/post/delete")
            #expect(try await post(alice, delete.1, ["post_id": postId, "deleted": true], method: delete.0).status == 200)
            #expect(refusal(try await create(["post_id": postId, "content": "Too late"])).code == "deleted")
            // Deleting it again is refused.
            let again = refusal(try await post(alice, delete.1, ["post_id": postId, "deleted": true], method: delete.0))
            #expect(again.code == (dialect == .v1_0 ? "couldnt_update" : "couldnt_update_post"))
        }
    }

    @Test("Reports need a reason of at most 1,000 characters", arguments: LemmyDialect.allCases)
    func reportReasons(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            #expect(refusal(try await post(alice, "/post/report", ["post_id": 1, "reason": "   "])).code == "report_reason_required")
            let long = String(repeating: "r", count: 1_001)
            #expect(refusal(try await post(alice, "/post/report", ["post_id": 1, "reason": long])).code == "report_too_long")
            #expect(try await post(alice, "/post/report", ["post_id": 1, "reason": "  Spam  "]).status == 200)
        }
    }

    @Test("A person banned from a community cannot post there; each version names the ban its way", arguments: LemmyDialect.allCases)
    func communityBan(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await TestClient(server).login("bob")
            let ban = ["community_id": 1, "person_id": 4, "ban": true, "reason": "spam"] as [String: Any]
            #expect(try await post(bob, "/community/ban_user", ban).status == 200)
            let carol = try await TestClient(server).login("carol")
            let answer = refusal(try await createPost(carol, ["name": "Still here"]))
            let expected = ["0.18": "community_ban", "0.19": "banned_from_community", "1.0": "person_is_banned_from_community"]
            #expect(answer.code == expected[dialect.rawValue])
        }
    }

    @Test(
        "Lookups: a missing name is 404, neither id nor name as each version answers, an unknown id only filters",
        arguments: LemmyDialect.allCases)
    func lookups(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = TestClient(server)
            let missing = refusal(try await get(client, "/community", ["name": "no_such_community"]))
            #expect(missing.status == 404)
            #expect(missing.code == (dialect == .v1_0 ? "not_found" : "couldnt_find_community"))
            // Neither: 0.18 and 0.19 look up a community called `main`, 1.0 says no_id_given.
            let neither = refusal(try await get(client, "/community", [:]))
            #expect(neither.code == (dialect == .v1_0 ? "no_id_given" : "couldnt_find_community"))
            // Neither id nor name: every version checks first (`read_person.rs`: `NoIdGiven`).
            let person = dialect == .v1_0 ? "/person" : "/user"
            let nobody = refusal(try await get(client, person, [:]))
            #expect(nobody.code == "no_id_given")
            // An id that names no one: 0.18's bare diesel NotFound, 0.19's couldnt_find_person.
            let unknown = refusal(try await get(client, person, ["person_id": "987654"]))
            #expect(unknown.code == ["0.18": "text", "0.19": "couldnt_find_person", "1.0": "not_found"][dialect.rawValue])
            #expect(unknown.status == (dialect == .v0_19 ? 400 : 404))
            let listed = try await get(client, "/post/list", ["community_id": "987654"])
            #expect(listed.status == 200)
            let byName = refusal(try await get(client, "/post/list", ["community_name": "no_such_community"]))
            #expect(byName.status == 404)
            #expect(byName.code == ["0.18": "text", "0.19": "unknown", "1.0": "not_found"][dialect.rawValue])
        }
    }

    @Test(
        "Given both a name and an id, lists take the name; single lookups the id until 1.0 takes the name", arguments: LemmyDialect.allCases
    )
    func nameOrId(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let client = TestClient(server)
            // Community 1 is technology, 2 gardening (the seed's first two).
            let posts = try await get(client, "/post/list", ["community_name": "gardening", "community_id": "1", "limit": "5"])
            let listed = try JSONSerialization.jsonObject(with: posts.body) as? [String: Any]
            let items = try #require((listed?[dialect == .v1_0 ? "items" : "posts"] as? [[String: Any]]))
            #expect(!items.isEmpty)
            #expect(items.allSatisfy { (($0["community"] as? [String: Any])?["name"] as? String) == "gardening" })
            let community = try await get(client, "/community", ["name": "gardening", "id": "1"])
            let view = (try JSONSerialization.jsonObject(with: community.body) as? [String: Any])?["community_view"] as? [String: Any]
            let name = (view?["community"] as? [String: Any])?["name"] as? String
            #expect(name == (dialect == .v1_0 ? "gardening" : "technology"))
            let person = try await get(client, dialect == .v1_0 ? "/person" : "/user", ["username": "bob", "person_id": "2"])
            let personView = (try JSONSerialization.jsonObject(with: person.body) as? [String: Any])?["person_view"] as? [String: Any]
            let personName = (personView?["person"] as? [String: Any])?["name"] as? String
            #expect(personName == (dialect == .v1_0 ? "bob" : "alice"))
        }
    }

    @Test("0.19's creator_id lists the whole conversation with that person")
    func conversation() async throws {
        try await withServer(.v0_19) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let bobId = try #require(try await bob.site().myUser?.localUserView.person.id)
            let aliceId = try #require(try await alice.site().myUser?.localUserView.person.id)
            _ = try await alice.send(LemmyV3.CreatePrivateMessage(ApiCreatePrivateMessage(content: "Hi Bob", recipientId: bobId)))
            _ = try await bob.send(LemmyV3.CreatePrivateMessage(ApiCreatePrivateMessage(content: "Hi Alice", recipientId: aliceId)))
            let listed = try await alice.send(LemmyV3.GetPrivateMessages(ApiGetPrivateMessages(unreadOnly: false, creatorId: bobId)))
            // Both directions: alice's message to bob as well as bob's to her.
            let contents = Set(listed.privateMessages.map(\.privateMessage.content))
            #expect(contents.isSuperset(of: ["Hi Bob", "Hi Alice"]))
        }
    }
}
