import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// 1.0's notification settings and who hears of new posts and comments, as Lemmy main does it
/// (`api/api/src/{community,post}/update_notifications.rs`, `api_utils/src/notify.rs`), and the
/// mentions every version scrapes (`utils/mention.rs`). In the tiny seed bob moderates
/// communities 1 and 2. The instance's domain is the server's host and port, as a Lemmy's
/// `hostname` setting may be.
@Suite("Notification settings and who is notified (1.0)")
struct NotificationSettingFidelityTests: RefusalChecking {
    func setCommunity(_ client: TestClient, _ id: Int, _ mode: ApiCommunityNotificationsMode) async throws -> TestClient.RawResponse {
        try await client.sendRaw(LemmyV4.EditCommunityNotifications(ApiEditCommunityNotifications(communityId: id, mode: mode)))
    }

    func setPost(_ client: TestClient, _ id: Int, _ mode: ApiPostNotificationsMode) async throws -> TestClient.RawResponse {
        try await client.sendRaw(LemmyV4.EditPostNotifications(ApiEditPostNotifications(postId: id, mode: mode)))
    }

    /// The domain of `server`'s people in mentions.
    func domain(_ server: LemmyTestServer) -> String { "\(server.baseURL.host ?? ""):\(server.baseURL.port ?? 0)" }

    func newPost(_ client: TestClient, community: Int = 1, body: String? = nil) async throws -> Int {
        try await client.send(LemmyV4.CreatePost(ApiCreatePost(name: "A post to hear of", communityId: community, body: body)))
            .postView.post.id
    }

    /// The kinds of `client`'s notifications about `post` (the post itself, or any comment when
    /// `comment` is given), oldest first.
    func kinds(_ client: TestClient, post: Int? = nil, comment: Int? = nil) async throws -> [ApiNotificationType] {
        let items = try await client.send(LemmyV4.ListNotifications(ApiListNotifications(limit: 50))).items
        return items.filter { item in
            if let comment { return item.notification.commentId == comment }
            return item.notification.postId == post && item.notification.commentId == nil
        }.sorted { $0.notification.id < $1.notification.id }.map(\.notification.kind)
    }

    @Test("A setting shows in the actions, alone in its row; guests, missing objects and unknown modes are refused")
    func settingsShow() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            #expect(try await setCommunity(admin, 3, .mute).status == 200)
            let community = try await admin.send(LemmyV4.GetCommunity(ApiGetCommunity(id: 3))).communityView
            #expect(community.communityActions?.notifications == .mute)
            #expect(community.communityActions?.followedAt == nil)
            #expect(try await setPost(admin, 1, .allComments).status == 200)
            let postView = try await admin.send(LemmyV4.GetPost(ApiGetPost(id: 1))).postView
            #expect(postView.postActions?.notifications == .allComments)
            #expect(try await setPost(admin, 1, .repliesAndMentions).status == 200)
            #expect(try await admin.send(LemmyV4.GetPost(ApiGetPost(id: 1))).postView.postActions?.notifications == .repliesAndMentions)

            let guest = refusal(try await setCommunity(TestClient(server), 3, .mute))
            #expect(guest.status == 401 && guest.code == "incorrect_login")
            let missingCommunity = refusal(try await setCommunity(admin, 999, .allPosts))
            #expect(missingCommunity.status == 400 && missingCommunity.code == "unknown")
            #expect(missingCommunity.message?.contains("community_actions_community_id_fkey") == true)
            let missingPost = refusal(try await setPost(admin, 99_999, .mute))
            #expect(missingPost.code == "unknown" && missingPost.message?.contains("post_actions_post_id_fkey") == true)
            let unknown = refusal(
                try await post(admin, "/community/notifications", ["community_id": 3, "mode": "sometimes"], method: "PUT"))
            #expect(unknown.status == 400 && unknown.message?.contains("unknown variant `sometimes`") == true)
        }
    }

    @Test("A new post reaches who hears every post there, once; not its author, nor who mutes or blocks")
    func newPosts() async throws {
        try await withServer(.v1_0) { server in
            let anonymous = TestClient(server)
            let (admin, alice, bob, carol) = (
                try await anonymous.login("admin"), try await anonymous.login("alice"), try await anonymous.login("bob"),
                try await anonymous.login("carol")
            )
            #expect(try await setCommunity(carol, 1, .allPosts).status == 200)
            #expect(try await setCommunity(alice, 1, .allPostsAndComments).status == 200)
            #expect(try await setCommunity(admin, 1, .mute).status == 200)
            #expect(try await setCommunity(bob, 1, .allPosts).status == 200)
            // Carol is mentioned too: she hears once, as a mention (mentions come first).
            let first = try await newPost(bob, body: "For @carol@\(domain(server)) and @admin@\(domain(server))")
            #expect(try await kinds(carol, post: first) == [.mention])
            #expect(try await kinds(alice, post: first) == [.subscribed])
            #expect(try await kinds(admin, post: first).isEmpty)
            #expect(try await kinds(bob, post: first).isEmpty)
            let item = try #require(
                try await carol.send(LemmyV4.ListNotifications(ApiListNotifications(limit: 50))).items.first {
                    $0.notification.postId == first
                })
            guard case .post(let view) = item.data else {
                Issue.record("a post notification without its post")
                return
            }
            #expect(view.post.id == first)

            // Only posts: a post in another community, or a comment, reaches no one here.
            let elsewhere = try await newPost(bob, community: 2)
            #expect(try await kinds(carol, post: elsewhere).isEmpty)
            // Blocking the author silences the next one.
            try await carol.blockPerson(3, true)
            let second = try await newPost(bob)
            #expect(try await kinds(carol, post: second).isEmpty)
            #expect(try await kinds(alice, post: second) == [.subscribed])
            // Back to the default: no more.
            #expect(try await setCommunity(alice, 1, .repliesAndMentions).status == 200)
            #expect(try await kinds(alice, post: try await newPost(bob)).isEmpty)
        }
    }

    @Test("A comment: a reply beats a mention beats a subscription; all_posts hears no comments; a mute silences replies")
    func comments() async throws {
        try await withServer(.v1_0) { server in
            let anonymous = TestClient(server)
            let (admin, alice, bob, carol) = (
                try await anonymous.login("admin"), try await anonymous.login("alice"), try await anonymous.login("bob"),
                try await anonymous.login("carol")
            )
            let post = try await newPost(alice)
            #expect(try await setCommunity(carol, 1, .allPosts).status == 200)
            let mentioning = try await bob.comment(post: post, parent: nil, "Hi @alice@\(domain(server)) and @carol@\(domain(server))")
                .comment.id
            #expect(try await kinds(alice, comment: mentioning) == [.reply])
            #expect(try await kinds(carol, comment: mentioning) == [.mention])

            #expect(try await kinds(carol, comment: try await admin.comment(post: post, parent: nil, "Plain").comment.id).isEmpty)
            #expect(try await setPost(carol, post, .allComments).status == 200)
            let plain = try await admin.comment(post: post, parent: nil, "Another").comment.id
            #expect(try await kinds(carol, comment: plain) == [.subscribed])
            #expect(try await kinds(alice, comment: plain) == [.reply])
            // A reply to bob's comment goes to bob, not to the post's author.
            let answer = try await admin.comment(post: post, parent: mentioning, "Answering bob").comment.id
            #expect(try await kinds(bob, comment: answer) == [.reply])
            #expect(try await kinds(alice, comment: answer).isEmpty)

            // Lemmy notifies on edits too, and keeps the first notification.
            _ = try await admin.send(LemmyV4.EditComment(ApiEditComment(commentId: answer, content: "Answering bob, edited")))
            #expect(try await kinds(bob, comment: answer) == [.reply, .reply])

            // A muted post silences replies to its author.
            #expect(try await setPost(alice, post, .mute).status == 200)
            #expect(try await kinds(alice, comment: try await bob.comment(post: post, parent: nil, "Muted?").comment.id).isEmpty)
            // So does a muted community, for a reply to a comment.
            let bobs = try await bob.comment(post: post, parent: nil, "Bob's").comment.id
            #expect(try await setCommunity(bob, 1, .mute).status == 200)
            #expect(try await kinds(bob, comment: try await admin.comment(post: post, parent: bobs, "Reply").comment.id).isEmpty)
        }
    }

    @Test(
        "Mentions are @name@domain of this instance, in every version; a bare @name or another domain mentions no one",
        arguments: LemmyDialect.allCases)
    func mentions(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await TestClient(server).login("bob")
            let carol = try await TestClient(server).login("carol")
            func mentionsCarol(_ text: String) async throws -> Bool {
                let id = try await bob.comment(post: 1, parent: nil, text).comment.id
                if dialect == .v1_0 { return try await kinds(carol, comment: id) == [.mention] }
                let mentions = try await carol.send(LemmyV3.GetPersonMentions(ApiGetPersonMentions(sort: .new, limit: 50)))
                return mentions.mentions.contains { $0.comment.id == id }
            }
            #expect(try await mentionsCarol("Hello @carol") == false)
            #expect(try await mentionsCarol("Hello @carol@other.example") == false)
            #expect(try await mentionsCarol("Hello @Carol@\(domain(server))!"))
            #expect(try await mentionsCarol("[@carol@\(domain(server))](/u/carol), again @carol@\(domain(server))"))
        }
    }

    @Test("A banned account may set notifications; a remote community's all_posts follows it")
    func bannedAndRemote() async throws {
        let world = SeedWorlds.remoteCommunity
        try await withServer(.v1_0, scale: world.scale, seed: world.seed) { server in
            let admin = try await TestClient(server).login("admin")
            let carol = try await TestClient(server).login("carol")
            _ = try await carol.follow(community: world.communityId, false)
            #expect(try await setCommunity(carol, world.communityId, .allPosts).status == 200)
            let view = try await carol.send(LemmyV4.GetCommunity(ApiGetCommunity(id: world.communityId))).communityView
            #expect(view.communityActions?.followState == .pending)
            #expect(view.communityActions?.notifications == .allPosts)

            #expect(try await admin.sendRaw(LemmyV4.BanPerson(ApiBanPerson(personId: 4, ban: true, reason: "Test"))).status == 200)
            #expect(try await setCommunity(carol, 1, .mute).status == 200)
            #expect(try await setPost(carol, 1, .mute).status == 200)
        }
    }

    @Test("Approving someone whose only row in the community is a notification setting is couldnt_update, as in Lemmy")
    func settingMakesARow() async throws {
        try await withServer(.v1_0) { server in
            let bob = try await TestClient(server).login("bob")
            let admin = try await TestClient(server).login("admin")
            let approve = LemmyV4.ApproveCommunityPendingFollow(
                ApiApproveCommunityPendingFollower(communityId: 2, followerId: 1, approve: true))
            #expect(refusal(try await bob.sendRaw(approve)).code == "not_found")
            #expect(try await setCommunity(admin, 2, .mute).status == 200)
            #expect(refusal(try await bob.sendRaw(approve)).code == "couldnt_update")
        }
    }
}
