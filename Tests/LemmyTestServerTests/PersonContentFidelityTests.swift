import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Profiles, saved lists and private messages as each Lemmy version lists them
/// (`read_person.rs` and `private_message_view.rs` at 0.18.5 and 0.19.13; 1.0's
/// `person_content_combined`, `person_saved_combined` and `community_moderator` views).
@Suite("Profiles, saved lists and messages")
struct PersonContentFidelityTests: RefusalChecking {
    func profile(_ client: TestClient, _ person: Int) async throws -> ApiGetPersonDetailsResponse {
        let form = ApiGetPersonDetails(personId: person, sort: .new, limit: 50)
        return client.dialect == .v1_0
            ? try await client.send(LemmyV4.GetPersonDetails(form)) : try await client.send(LemmyV3.GetPersonDetails(form))
    }

    @Test(
        "A moderated community that is deleted leaves the profile's list but for its moderator (0.19, 1.0); 0.18 leaves it out for all",
        arguments: LemmyDialect.allCases)
    func moderates(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await TestClient(server).login("bob")
            #expect(try await profile(TestClient(server), 3).moderates.map(\.community.id).sorted() == [1, 2])
            let delete = ApiDeleteCommunity(communityId: 2, deleted: true)
            #expect(try await either(bob, LemmyV3.DeleteCommunity(delete), LemmyV4.DeleteCommunity(delete)).status == 200)
            #expect(try await profile(TestClient(server), 3).moderates.map(\.community.id) == [1])
            #expect(try await profile(bob, 3).moderates.map(\.community.id).sorted() == (dialect == .v0_18 ? [1] : [1, 2]))
        }
    }

    @Test("0.18 and 0.19 profiles follow the caller's NSFW setting", arguments: [LemmyDialect.v0_18, .v0_19])
    func nsfwOnProfiles(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let created = try await alice.sendRaw(LemmyV3.CreatePost(ApiCreatePost(name: "Not safe", communityId: 1, nsfw: true)))
            let id = try #require(createdId(created, view: "post_view", entity: "post"))
            #expect(try await profile(TestClient(server), 2).posts?.contains { $0.post.id == id } == false)
            #expect(try await alice.sendRaw(LemmyV3.SaveUserSettings(ApiSaveUserSettings(showNsfw: true))).status == 200)
            #expect(try await profile(alice, 2).posts?.contains { $0.post.id == id } == true)
        }
    }

    @Test("0.19 leaves a message out of both lists once its recipient blocks the sender")
    func blockedMessages() async throws {
        try await withServer(.v0_19) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let sent = try await alice.send(LemmyV3.CreatePrivateMessage(ApiCreatePrivateMessage(content: "Hi Bob", recipientId: 3)))
            let id = sent.privateMessageView.privateMessage.id
            func listed(_ client: TestClient) async throws -> Bool {
                try await client.send(LemmyV3.GetPrivateMessages(ApiGetPrivateMessages(limit: 50))).privateMessages
                    .contains { $0.privateMessage.id == id }
            }
            let before = (try await listed(alice), try await listed(bob))
            #expect(before == (true, true))
            try await bob.blockPerson(2, true)
            let after = (try await listed(alice), try await listed(bob))
            #expect(after == (false, false))
        }
    }

    @Test("0.18 shows the sender its own messages as read; 0.19 shows the recipient's flag", arguments: [LemmyDialect.v0_18, .v0_19])
    func sentMessagesRead(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let sent = try await alice.send(LemmyV3.CreatePrivateMessage(ApiCreatePrivateMessage(content: "Hi Bob", recipientId: 3)))
            #expect(sent.privateMessageView.privateMessage.read == false)
            let listed = try await alice.send(LemmyV3.GetPrivateMessages(ApiGetPrivateMessages(limit: 50))).privateMessages
            let mine = try #require(listed.first { $0.privateMessage.id == sent.privateMessageView.privateMessage.id })
            #expect(mine.privateMessage.read == (dialect == .v0_18))
        }
    }

    @Test("1.0 /person/content lists deleted content, leaves the caller's hidden posts out and filters by community")
    func personContent() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            func content(_ client: TestClient, _ form: ApiListPersonContent = ApiListPersonContent(personId: 2, limit: 50)) async throws
                -> [Int]
            {
                try await client.send(LemmyV4.ListPersonContent(form)).items.compactMap { item in
                    if case .post(let view) = item { return view.post.id }
                    return nil
                }
            }
            let one = try await alice.send(LemmyV4.CreatePost(ApiCreatePost(name: "In one", communityId: 1))).postView.post.id
            let two = try await alice.send(LemmyV4.CreatePost(ApiCreatePost(name: "In two", communityId: 2))).postView.post.id
            _ = try await alice.send(LemmyV4.DeletePost(ApiDeletePost(postId: one, deleted: true)))
            let anonymous = TestClient(server)
            #expect(try await content(anonymous).contains(one))
            let inTwo = try await content(anonymous, ApiListPersonContent(personId: 2, communityId: 2, limit: 50))
            #expect(inTwo.contains(two) && !inTwo.contains(one))
            let carol = try await TestClient(server).login("carol")
            _ = try await carol.send(LemmyV4.HidePost(ApiHidePost(postId: two, hide: true)))
            #expect(try await !content(carol).contains(two))
            #expect(try await content(anonymous).contains(two))
            // A purge deletes the rows: the post leaves the profile and the saved list.
            _ = try await alice.save(post: two, true)
            let admin = try await TestClient(server).login("admin")
            #expect(try await admin.sendRaw(LemmyV4.PurgePost(ApiPurgePost(postId: two, reason: "Spam"))).status == 200)
            #expect(try await !content(anonymous).contains(two))
            #expect(try await alice.send(LemmyV4.ListPersonSaved(ApiListPersonSaved(limit: 50))).items.isEmpty)
        }
    }

    @Test("1.0 /account/saved lists the newest save first and searches post titles")
    func savedList() async throws {
        // Each save a minute after the last.
        let clock = ManualServerClock()
        try await clock.withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let posts = try await alice.send(LemmyV4.GetPosts(ApiGetPosts(type: .all, sort: .new, limit: 3))).items.map(\.post)
            try #require(posts.count == 3)
            // Saved in an order other than their publication's: the list starts with the last save.
            for index in [1, 2, 0] {
                clock.move(by: 60)
                _ = try await alice.save(post: posts[index].id, true)
            }
            let saved = try await alice.send(LemmyV4.ListPersonSaved(ApiListPersonSaved(limit: 50))).items.compactMap { item in
                if case .post(let view) = item { return view.post.id }
                return nil
            }
            #expect(saved == [0, 2, 1].map { posts[$0].id })
            // A word of the middle post's title that the other titles lack.
            let others = [posts[0].name, posts[2].name].map { $0.lowercased() }
            let words = posts[1].name.lowercased().components(separatedBy: .alphanumerics.inverted).filter { $0.count >= 4 }
            let word = try #require(words.first { word in !others.contains { $0.contains(word) } })
            let found = try await alice.send(LemmyV4.ListPersonSaved(ApiListPersonSaved(searchTerm: word, limit: 50))).items.compactMap {
                item in
                if case .post(let view) = item { return view.post.id }
                return nil
            }
            #expect(found == [posts[1].id])
        }
    }

    @Test("0.19 lists saved comments by when they were saved")
    func savedCommentsOrder() async throws {
        let clock = ManualServerClock()
        try await clock.withServer(.v0_19) { server in
            let alice = try await TestClient(server).login("alice")
            let comments = try await alice.comments(ApiGetComments(type: .all, sort: .new, limit: 3)).map(\.comment.id)
            try #require(comments.count == 3)
            // Saved in an order other than their publication's: the list starts with the last save.
            for index in [1, 2, 0] {
                clock.move(by: 60)
                _ = try await alice.send(LemmyV3.SaveComment(ApiSaveComment(commentId: comments[index], save: true)))
            }
            var form = ApiGetComments(type: .all, sort: .new, limit: 50)
            form.savedOnly = true
            #expect(try await alice.comments(form).map(\.comment.id) == [0, 2, 1].map { comments[$0] })
        }
    }

    @Test("Posts that tie on their sort's value come newest first, not by id", arguments: LemmyDialect.allCases)
    func tiesNewestFirst(dialect: LemmyDialect) async throws {
        // A clock set back between two posts: the later one (higher id) is the older.
        let clock = ManualServerClock()
        try await clock.withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let form = ApiCreatePost(name: "Newer", communityId: 3)
            func create(_ form: ApiCreatePost) async throws -> Int {
                dialect == .v1_0
                    ? try await alice.send(LemmyV4.CreatePost(form)).postView.post.id
                    : try await alice.send(LemmyV3.CreatePost(form)).postView.post.id
            }
            let newer = try await create(form)
            clock.move(by: -3600)
            let older = try await create(ApiCreatePost(name: "Older", communityId: 3))
            #expect(older > newer)
            // Both start at score 1 from their author's vote: a tie under Top.
            let sort: ApiPostSortType = dialect == .v1_0 ? .top : .topAll
            let listed = try await alice.posts(ApiGetPosts(type: .all, sort: sort, communityId: 3, limit: 50)).posts.map(\.post.id)
            let (a, b) = (try #require(listed.firstIndex(of: newer)), try #require(listed.firstIndex(of: older)))
            #expect(a < b)
        }
    }
}
