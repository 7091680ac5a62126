import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// 1.0's lists of the account's own doings as Lemmy has them (`list_liked.rs` over
/// `person_liked_combined`, `list_read.rs` and `list_hidden.rs` over `PostView::list_read` /
/// `list_hidden`): newest first by the time of the vote, read or hide, filters, blocks, cursors.
@Suite("1.0 account lists: liked, read, hidden")
struct AccountListFidelityTests: RefusalChecking {
    /// The ids of a page of the combined list, posts as `p1`, comments as `c1`.
    func ids(_ raw: TestClient.RawResponse) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: raw.body) as? [String: Any], "\(raw.status)")
        let items = try #require(object["items"] as? [[String: Any]])
        return items.map { item in
            if let comment = item["comment"] as? [String: Any], let id = comment["id"] as? Int { return "c\(id)" }
            let post = item["post"] as? [String: Any]
            return "p\(post?["id"] as? Int ?? -1)"
        }
    }

    func nextPage(_ raw: TestClient.RawResponse) throws -> String? {
        try (JSONSerialization.jsonObject(with: raw.body) as? [String: Any])?["next_page"] as? String
    }

    @Test("Liked: newest vote first, posts and comments together, by kind and by direction, paged by cursor")
    func liked() async throws {
        let clock = ManualServerClock()
        try await clock.withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            for (path, body) in [
                ("/post/like", ["post_id": 1, "is_upvote": true]), ("/post/like", ["post_id": 2, "is_upvote": false]),
                ("/comment/like", ["comment_id": 1, "is_upvote": true]), ("/post/like", ["post_id": 3, "is_upvote": true]),
                // Taking a vote back takes the post off the list.
                ("/post/like", ["post_id": 3]),
            ] as [(String, [String: Any])] {
                clock.move(by: 60)
                #expect(try await post(alice, path, body).status == 200)
            }
            #expect(try ids(try await get(alice, "/account/liked", [:])) == ["c1", "p2", "p1"])
            #expect(try ids(try await get(alice, "/account/liked", ["like_type": "liked_only"])) == ["c1", "p1"])
            #expect(try ids(try await get(alice, "/account/liked", ["like_type": "disliked_only"])) == ["p2"])
            // `type_: posts` tests `post_id IS NOT NULL`, which a comment's row has too since the
            // `same_table_joins` migration; `comments` tests `comment_id`.
            #expect(try ids(try await get(alice, "/account/liked", ["type_": "posts"])) == ["c1", "p2", "p1"])
            #expect(try ids(try await get(alice, "/account/liked", ["type_": "comments"])) == ["c1"])
            // The saved list has the same flaw.
            #expect(try await post(alice, "/post/save", ["post_id": 5, "save": true], method: "PUT").status == 200)
            #expect(try await post(alice, "/comment/save", ["comment_id": 2, "save": true], method: "PUT").status == 200)
            #expect(Set(try ids(try await get(alice, "/account/saved", ["type_": "posts"]))) == ["p5", "c2"])
            #expect(try ids(try await get(alice, "/account/saved", ["type_": "comments"])) == ["c2"])
            // A vote again moves the post to the top.
            clock.move(by: 60)
            #expect(try await post(alice, "/post/like", ["post_id": 1, "is_upvote": false]).status == 200)
            #expect(try ids(try await get(alice, "/account/liked", [:])) == ["p1", "c1", "p2"])
            var walked: [String] = []
            var cursor: String?
            repeat {
                var query = ["limit": "1"]
                if let cursor { query["page_cursor"] = cursor }
                let page = try await get(alice, "/account/liked", query)
                walked += try ids(page)
                cursor = try nextPage(page)
            } while cursor != nil && walked.count < 5
            #expect(walked == ["p1", "c1", "p2"])
            // Someone else's list is their own.
            let bob = try await TestClient(server).login("bob")
            #expect(try ids(try await get(bob, "/account/liked", [:])) == [])
            let guest = refusal(try await get(TestClient(server), "/account/liked", [:]))
            #expect(guest.status == 401 && guest.code == "incorrect_login")
        }
    }

    @Test("Read and hidden: newest first, without blocked communities' posts")
    func readAndHidden() async throws {
        let clock = ManualServerClock()
        try await clock.withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let community = { (id: Int) async throws -> Int in
                try await TestClient(server).send(LemmyV4.GetPost(ApiGetPost(id: id))).postView.community.id
            }
            for id in [3, 1, 2] {
                clock.move(by: 60)
                #expect(try await post(alice, "/post/mark_as_read", ["post_id": id, "read": true]).status == 200)
                #expect(try await post(alice, "/post/hide", ["post_id": id, "hide": true]).status == 200)
            }
            let read = try await get(alice, "/account/read", [:])
            #expect(try ids(read) == ["p2", "p1", "p3"])
            // Lemmy hands out a cursor it cannot read back: the second page is refused.
            let first = try await get(alice, "/account/read", ["limit": "1"])
            #expect(try ids(first) == ["p2"])
            let cursor = try #require(try nextPage(first))
            let second = refusal(try await get(alice, "/account/read", ["limit": "1", "page_cursor": cursor]))
            #expect(second.status == 400 && second.code == "couldnt_parse_pagination_token")
            #expect(refusal(try await get(alice, "/account/hidden", ["page_cursor": cursor])).code == "couldnt_parse_pagination_token")
            #expect(try ids(try await get(alice, "/account/hidden", [:])) == ["p2", "p1", "p3"])
            // Unhiding takes a post off the hidden list only.
            #expect(try await post(alice, "/post/hide", ["post_id": 1, "hide": false]).status == 200)
            #expect(try ids(try await get(alice, "/account/hidden", [:])) == ["p2", "p3"])
            #expect(try ids(try await get(alice, "/account/read", [:])) == ["p2", "p1", "p3"])
            // A vote reads the post again (1.0's upsert dates `read_at` anew).
            clock.move(by: 60)
            #expect(try await post(alice, "/post/like", ["post_id": 3, "is_upvote": true]).status == 200)
            #expect(try ids(try await get(alice, "/account/read", [:])) == ["p3", "p2", "p1"])
            // A blocked community's posts leave both lists (`filter_blocked`).
            let blocked = try await community(2)
            #expect(try await post(alice, "/account/block/community", ["community_id": blocked, "block": true]).status == 200)
            let remaining = try ids(try await get(alice, "/account/read", [:]))
            var expected: [String] = []
            for id in [3, 2, 1] where try await community(id) != blocked { expected.append("p\(id)") }
            #expect(remaining == expected)
        }
    }
}
