import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// What each Lemmy version refuses and does in moderation, reports and saving, as read in Lemmy's
/// source (0.18.5, 0.19.13, 1.0): the test server answers the same.
@Suite("Lemmy's moderation per dialect")
struct LemmyModerationRefusalTests: RefusalChecking {
    @Test(
        "Moderation and saving as Lemmy does them: duplicate reports, reports resolved by a removal, save marks read",
        arguments: LemmyDialect.allCases)
    func reportsRemovalsAndSaves(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let admin = try await TestClient(server).login("admin")
            let carol = try await TestClient(server).login("carol")
            let report = ApiCreatePostReport(postId: 5, reason: "Spam")
            #expect(try await either(alice, LemmyV3.CreatePostReport(report), LemmyV4.CreatePostReport(report)).status == 200)
            let again = refusal(try await either(alice, LemmyV3.CreatePostReport(report), LemmyV4.CreatePostReport(report)))
            #expect(again.code == (dialect == .v1_0 ? "couldnt_create" : "couldnt_create_report"))
            func unresolved() async throws -> Int {
                if dialect == .v1_0 {
                    return try await admin.send(LemmyV4.ListReports(ApiListReports(unresolvedOnly: true, type: .posts, postId: 5))).items
                        .count
                }
                let listed = try await admin.send(LemmyV3.ListPostReports(ApiListPostReports(unresolvedOnly: true)))
                return listed.postReports.filter { $0.post.id == 5 }.count
            }
            let open = try await unresolved()
            #expect(open >= 1)
            let remove = ApiRemovePost(postId: 5, removed: true, reason: "Spam")
            #expect(try await either(admin, LemmyV3.RemovePost(remove), LemmyV4.RemovePost(remove)).status == 200)
            // 0.19 and 1.0 resolve the post's reports with its removal; 0.18 leaves them open.
            #expect(try await unresolved() == (dialect == .v0_18 ? open : 0))

            // Saving marks the post read, in every version (read in a listing: reading one post marks it too).
            func listed() async throws -> [ApiPostView] { try await carol.posts(ApiGetPosts(sort: .new, limit: 50)).posts }
            let unread = try #require(try await listed().first { !$0.readValue && $0.post.id != 5 }).post.id
            _ = try await carol.save(post: unread, true)
            #expect(try await listed().first { $0.post.id == unread }?.readValue == true)

            // A comment its author deleted cannot be removed or restored from 0.19 on.
            let comment = try await alice.comment(post: 6, parent: nil, "Taken back")
            let delete = ApiDeleteComment(commentId: comment.comment.id, deleted: true)
            #expect(try await either(alice, LemmyV3.DeleteComment(delete), LemmyV4.DeleteComment(delete)).status == 200)
            let removeComment = ApiRemoveComment(commentId: comment.comment.id, removed: true, reason: "Rude")
            let removed = try await either(admin, LemmyV3.RemoveComment(removeComment), LemmyV4.RemoveComment(removeComment))
            let expected = ["0.18": "ok", "0.19": "couldnt_update_comment", "1.0": "couldnt_update"][dialect.rawValue]
            #expect((removed.status == 200 ? "ok" : refusal(removed).code) == expected)
        }
    }

    @Test(
        "Votes from bots, unblocking an admin and featuring without being a moderator are refused as Lemmy refuses them",
        arguments: LemmyDialect.allCases)
    func botsBlocksAndFeatures(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let carol = try await TestClient(server).login("carol")
            let feature = ApiFeaturePost(postId: 6, featured: true, featureType: .local)
            let featured = refusal(try await either(carol, LemmyV3.FeaturePost(feature), LemmyV4.FeaturePost(feature)))
            #expect(featured.code == (dialect == .v0_18 ? "not_an_admin" : "not_a_mod_or_admin"))
            // The admin is person 1; unblocking is refused as blocking is.
            let unblock = ApiBlockPerson(personId: 1, block: false)
            #expect(refusal(try await either(carol, LemmyV3.BlockPerson(unblock), LemmyV4.BlockPerson(unblock))).code == "cant_block_admin")
            let bot = ApiSaveUserSettings(botAccount: true)
            #expect(try await either(carol, LemmyV3.SaveUserSettings(bot), LemmyV4.SaveUserSettings(bot)).status == 200)
            let vote = try await either(
                carol, LemmyV3.LikePost(ApiCreatePostLike(postId: 6, score: 1)),
                LemmyV4.LikePost(ApiCreatePostLike(postId: 6, isUpvote: true)))
            #expect((vote.status == 200 ? "ok" : refusal(vote).code) == (dialect == .v0_18 ? "ok" : "invalid_bot_action"))
        }
    }

    @Test("Distinguishing: moderators and admins only, and from 0.19 on only their own comments", arguments: LemmyDialect.allCases)
    func distinguish(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let admin = try await TestClient(server).login("admin")
            let mine = try await alice.comment(post: 6, parent: nil, "Mine").comment.id
            let theirs = try await admin.comment(post: 6, parent: nil, "The admin's").comment.id
            func code(_ client: TestClient, _ id: Int) async throws -> String {
                let form = ApiDistinguishComment(commentId: id, distinguished: true)
                let raw = try await either(client, LemmyV3.DistinguishComment(form), LemmyV4.DistinguishComment(form))
                return raw.status == 200 ? "ok" : refusal(raw).code
            }
            #expect(try await code(alice, mine) == "not_a_mod_or_admin")
            #expect(try await code(admin, mine) == (dialect == .v0_18 ? "ok" : "no_comment_edit_allowed"))
            #expect(try await code(admin, theirs) == "ok")
            let shown = try await admin.comments(post: 6).first { $0.comment.id == theirs }
            #expect(shown?.comment.distinguished == true)
        }
    }

    @Test(
        "A junior moderator cannot remove, ban or dismiss a senior or an admin from 0.19 on; bans cannot end in the past",
        arguments: LemmyDialect.allCases)
    func higherModerators(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let bob = try await TestClient(server).login("bob")  // moderates communities 1 and 2
            let admin = try await TestClient(server).login("admin")
            func code(_ raw: TestClient.RawResponse) -> String { raw.status == 200 ? "ok" : refusal(raw).code }
            let later = dialect != .v0_18
            let adminPost = try await createPost(admin, ["name": "An admin's post"])
            let postId = try #require(createdId(adminPost, view: "post_view", entity: "post"))
            let remove = ApiRemovePost(postId: postId, removed: true, reason: "Off topic")
            #expect(
                code(try await either(bob, LemmyV3.RemovePost(remove), LemmyV4.RemovePost(remove))) == (later ? "not_higher_mod" : "ok"))
            var ban = ApiBanFromCommunity(communityId: 1, personId: 1, ban: true)
            ban.reason = "Testing"
            #expect(
                code(try await either(bob, LemmyV3.BanFromCommunity(ban), LemmyV4.BanFromCommunity(ban)))
                    == (later ? "not_higher_mod" : "ok"))
            // Carol (person 4) moderates nothing: bob may ban her, but not until a time already past.
            var past = ApiBanFromCommunity(communityId: 1, personId: 4, ban: true, reason: "Testing")
            if dialect == .v1_0 { past.expiresAt = 1 } else { past.expires = 1 }
            let pastBan = try await either(bob, LemmyV3.BanFromCommunity(past), LemmyV4.BanFromCommunity(past))
            #expect(code(pastBan) == (later ? "ban_expiration_in_past" : "ok"), "\(String(decoding: pastBan.body, as: UTF8.self))")
            // Appointing a moderator twice: the table's key refuses it until 1.0, which upserts.
            let again = ApiAddModToCommunity(communityId: 1, personId: 3, added: true)
            let twice = code(try await either(bob, LemmyV3.AddModToCommunity(again), LemmyV4.AddModToCommunity(again)))
            #expect(twice == (dialect == .v1_0 ? "ok" : "community_moderator_already_exists"))
            // The only moderator of a new community leaves it: 1.0 keeps them.
            let created = try await post(bob, "/community", ["name": "bobs_corner", "title": "Bob's corner"])
            let community = try #require(createdId(created, view: "community_view", entity: "community"))
            let leave = ApiAddModToCommunity(communityId: community, personId: 3, added: false)
            let left = code(try await either(bob, LemmyV3.AddModToCommunity(leave), LemmyV4.AddModToCommunity(leave)))
            #expect(left == (dialect == .v1_0 ? "cannot_leave_mod" : "ok"))
        }
    }

    @Test("Comments: the language is checked, and an edit checks its author before its length", arguments: LemmyDialect.allCases)
    func commentLanguageAndEditOrder(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let carol = try await TestClient(server).login("carol")
            func code(_ raw: TestClient.RawResponse) -> String { raw.status == 200 ? "ok" : refusal(raw).code }
            var form = ApiCreateComment(content: "Bonjour", postId: 6)
            form.languageId = 2
            #expect(code(try await either(alice, LemmyV3.CreateComment(form), LemmyV4.CreateComment(form))) == "language_not_allowed")
            let id = try await alice.comment(post: 6, parent: nil, "Mine").comment.id
            var edit = ApiEditComment(commentId: id)
            edit.languageId = 2
            #expect(code(try await either(alice, LemmyV3.EditComment(edit), LemmyV4.EditComment(edit))) == "language_not_allowed")
            // Someone else's comment, too long: the author check comes first.
            var long = ApiEditComment(commentId: id)
            long.content = String(repeating: "x", count: 10_001)
            #expect(code(try await either(carol, LemmyV3.EditComment(long), LemmyV4.EditComment(long))) == "no_comment_edit_allowed")
        }
    }
}
