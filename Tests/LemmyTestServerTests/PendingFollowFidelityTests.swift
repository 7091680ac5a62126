import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// 1.0's follow requests to private communities, as Lemmy main lists and decides them
/// (`api/api/src/community/pending_follows`, `db_views/community_follower_approval`). In the tiny
/// seed bob moderates communities 1 and 2, alice follows both and carol every community; each
/// test makes community 2 private and has carol ask to follow it again.
@Suite("Pending follows to private communities (1.0)")
struct PendingFollowFidelityTests: RefusalChecking {
    /// Bob's client, with community 2 private and carol's follow of it waiting.
    func privateCommunityWithRequest(_ server: LemmyTestServer) async throws -> (bob: TestClient, carol: TestClient) {
        let anonymous = TestClient(server)
        let bob = try await anonymous.login("bob")
        try await bob.editCommunity(ApiEditCommunity(communityId: 2, visibility: .private))
        let carol = try await anonymous.login("carol")
        _ = try await carol.follow(community: 2, false)
        let view = try await carol.follow(community: 2, true)
        #expect(view.communityActions?.followState == .approvalRequired)
        return (bob, carol)
    }

    func list(_ client: TestClient, unreadOnly: Bool? = nil, all: Bool? = nil, limit: Int? = nil, cursor: String? = nil)
        async throws -> ApiPagedResponse<ApiPendingFollowerView>
    {
        try await client.send(
            LemmyV4.ListCommunityPendingFollows(
                ApiListCommunityPendingFollows(unreadOnly: unreadOnly, allCommunities: all, pageCursor: cursor, limit: limit)))
    }

    func decide(_ client: TestClient, follower: Int, approve: Bool, community: Int = 2) async throws -> TestClient.RawResponse {
        try await client.sendRaw(
            LemmyV4.ApproveCommunityPendingFollow(
                ApiApproveCommunityPendingFollower(communityId: community, followerId: follower, approve: approve)))
    }

    func pendingCount(_ client: TestClient) async throws -> Int? {
        try await client.send(LemmyV4.GetUnreadCounts()).pendingFollowCount
    }

    func postCommunities(_ client: TestClient) async throws -> Set<Int> {
        Set(try await client.posts(ApiGetPosts(type: .all, sort: .new, communityId: 2, limit: 20)).posts.map(\.community.id))
    }

    @Test("A waiting request is listed and counted for the moderator; approved, the follower sees the community")
    func approve() async throws {
        try await withServer(.v1_0) { server in
            let (bob, carol) = try await privateCommunityWithRequest(server)
            let waiting = try await list(bob, unreadOnly: true)
            #expect(waiting.items.map { [$0.person.id, $0.community.id] } == [[4, 2]])
            #expect(waiting.items.first?.followState == .approvalRequired)
            // Alice's accepted follow is from the same instance: no new instance to warn about.
            #expect(waiting.items.first?.isNewInstance == false)
            // Without unread_only the accepted follow is listed too; the moderator's own never.
            let everyone = try await list(bob)
            #expect(Set(everyone.items.map(\.person.id)) == [2, 4])
            #expect(everyone.items.first { $0.person.id == 2 }?.followState == .accepted)
            #expect(try await pendingCount(bob) == 1)
            #expect(try await postCommunities(carol).isEmpty)

            #expect(try await decide(bob, follower: 4, approve: true).status == 200)
            #expect(try await list(bob, unreadOnly: true).items.isEmpty)
            #expect(try await pendingCount(bob) == 0)
            #expect(try await postCommunities(carol) == [2])
            let view = try await carol.send(LemmyV4.GetCommunity(ApiGetCommunity(id: 2))).communityView
            #expect(view.communityActions?.followState == .accepted)
            // Only a waiting request can be decided: an accepted one stays accepted.
            let again = refusal(try await decide(bob, follower: 4, approve: false))
            #expect(again.status == 400 && again.code == "couldnt_update")
        }
    }

    @Test("A denied request stays listed as denied, hides the community, and can be asked again")
    func deny() async throws {
        try await withServer(.v1_0) { server in
            let (bob, carol) = try await privateCommunityWithRequest(server)
            #expect(try await decide(bob, follower: 4, approve: false).status == 200)
            #expect(try await list(bob, unreadOnly: true).items.isEmpty)
            #expect(try await list(bob).items.first { $0.person.id == 4 }?.followState == .denied)
            #expect(try await postCommunities(carol).isEmpty)
            let approveDenied = refusal(try await decide(bob, follower: 4, approve: true))
            #expect(approveDenied.code == "couldnt_update")
            let view = try await carol.follow(community: 2, true)
            #expect(view.communityActions?.followState == .approvalRequired)
            #expect(try await pendingCount(bob) == 1)
        }
    }

    @Test("is_new_instance warns when no follower from the requester's instance was accepted yet")
    func newInstance() async throws {
        try await withServer(.v1_0) { server in
            let (bob, _) = try await privateCommunityWithRequest(server)
            // A moderator's own follow counts as an accepted follower from its instance too.
            _ = try await bob.follow(community: 2, false)
            #expect(try await list(bob, unreadOnly: true).items.first?.isNewInstance == false)
            let alice = try await TestClient(server).login("alice")
            _ = try await alice.follow(community: 2, false)
            #expect(try await list(bob, unreadOnly: true).items.first?.isNewInstance == true)
        }
    }

    @Test("Lemmy's refusals: not_a_mod_or_admin, not_found without a row, 401 for a guest")
    func refusals() async throws {
        try await withServer(.v1_0) { server in
            let (bob, _) = try await privateCommunityWithRequest(server)
            let alice = try await TestClient(server).login("alice")
            let listed = refusal(try await get(alice, "/community/pending_follows/list", [:]))
            #expect(listed.status == 400 && listed.code == "not_a_mod_or_admin")
            #expect(refusal(try await decide(alice, follower: 4, approve: true)).code == "not_a_mod_or_admin")
            // Someone who never followed, blocked or moderated the community has no row to decide.
            let rowless = refusal(try await decide(bob, follower: 5, approve: true))
            #expect(rowless.status == 404 && rowless.code == "not_found")
            // A community bob does not moderate: refused before any row is read.
            #expect(refusal(try await decide(bob, follower: 4, approve: true, community: 3)).code == "not_a_mod_or_admin")
            let guest = refusal(try await get(TestClient(server), "/community/pending_follows/list", [:]))
            #expect(guest.status == 401 && guest.code == "incorrect_login")
            // Someone who moderates nothing gets no pending-follow count at all.
            #expect(try await pendingCount(alice) == nil)
        }
    }

    @Test("An admin sees every community's requests with all_communities, once per moderator, and can decide them")
    func adminAllCommunities() async throws {
        try await withServer(.v1_0) { server in
            let (bob, _) = try await privateCommunityWithRequest(server)
            let admin = try await TestClient(server).login("admin")
            #expect(try await list(admin, unreadOnly: true).items.isEmpty)
            #expect(try await list(admin, unreadOnly: true, all: true).items.map(\.person.id) == [4])
            _ = try await bob.send(LemmyV4.AddModToCommunity(ApiAddModToCommunity(communityId: 2, personId: 2, added: true)))
            // Lemmy joins each moderator's row with each follower's: two moderators, two rows.
            #expect(try await list(admin, unreadOnly: true, all: true).items.map(\.person.id) == [4, 4])
            // A moderator's own follow is not a request, and bob's list is not widened.
            #expect(try await list(bob, all: true).items.map(\.person.id) == [4])
            #expect(try await pendingCount(admin) == 0)
            #expect(try await decide(admin, follower: 4, approve: true).status == 200)
        }
    }

    // Lemmy orders by the moderator row's `followed_at` and reads its cursor back as the
    // follower's row, so a second page is mostly empty; this server pages by the follower's.
    @Test("The list pages by cursor, oldest request first (this server's order)")
    func paging() async throws {
        try await withServer(.v1_0) { server in
            let (bob, _) = try await privateCommunityWithRequest(server)
            let first = try await list(bob, limit: 1)
            // Alice followed when the seed was made, carol just now.
            #expect(first.items.map(\.person.id) == [2])
            let next = try #require(first.nextPage)
            let second = try await list(bob, limit: 1, cursor: next)
            #expect(second.items.map(\.person.id) == [4])
        }
    }

    @Test("GetPost, GetComment and the post actions find a private community's content for accepted followers, moderators and admins")
    func contentReads() async throws {
        try await withServer(.v1_0) { server in
            let (bob, carol) = try await privateCommunityWithRequest(server)
            let admin = try await TestClient(server).login("admin")
            let post = try #require(
                try await admin.posts(ApiGetPosts(type: .all, sort: .mostComments, communityId: 2, limit: 5)).posts.first)
            let commentId = try #require(try await admin.comments(post: post.post.id).first?.comment.id)
            // Bob moderates without following; the admin neither follows nor moderates.
            _ = try await bob.follow(community: 2, false)
            for (client, sees) in [(carol, false), (TestClient(server), false), (bob, true), (admin, true)] {
                let postRead = try await client.sendRaw(LemmyV4.GetPost(ApiGetPost(id: post.post.id)))
                #expect(postRead.status == (sees ? 200 : 404), "GetPost \(String(describing: client.token))")
                let commentRead = try await client.sendRaw(LemmyV4.GetComment(ApiGetComment(id: commentId)))
                #expect(commentRead.status == (sees ? 200 : 404))
            }
            #expect(try await bob.sendRaw(LemmyV4.SavePost(ApiSavePost(postId: post.post.id, save: true))).status == 200)
            #expect(try await carol.sendRaw(LemmyV4.SavePost(ApiSavePost(postId: post.post.id, save: true))).status == 404)
        }
    }

    @Test("GetMyUser lists accepted follows only, by lower-cased name, and no deleted or removed community")
    func myUserFollows() async throws {
        try await withServer(.v1_0) { server in
            let (bob, carol) = try await privateCommunityWithRequest(server)
            func follows() async throws -> [String] {
                try await carol.send(LemmyV4.GetMyUser()).follows.map(\.community.name)
            }
            let waiting = try await follows()
            #expect(!waiting.contains("gardening"))
            #expect(waiting == waiting.sorted { $0.lowercased().utf8.lexicographicallyPrecedes($1.lowercased().utf8) })
            _ = try await decide(bob, follower: 4, approve: true)
            #expect(try await follows().contains("gardening"))
            _ = try await bob.send(LemmyV4.DeleteCommunity(ApiDeleteCommunity(communityId: 2, deleted: true)))
            #expect(!(try await follows()).contains("gardening"))
        }
    }

    @Test("A site-banned moderator is refused the list and gets no counts")
    func bannedModerator() async throws {
        try await withServer(.v1_0) { server in
            let (bob, _) = try await privateCommunityWithRequest(server)
            let admin = try await TestClient(server).login("admin")
            _ = try await admin.send(LemmyV4.BanPerson(ApiBanPerson(personId: 3, ban: true, reason: "Spam")))
            let listed = refusal(try await get(bob, "/community/pending_follows/list", [:]))
            #expect(listed.code == "site_ban")
            let counts = try await bob.send(LemmyV4.GetUnreadCounts())
            #expect(counts.pendingFollowCount == nil && counts.reportCount == nil)
            #expect(refusal(try await decide(bob, follower: 4, approve: true)).code == "site_ban")
        }
    }

    @Test("Changing a community's visibility writes 1.0's mod_change_community_visibility; other edits write nothing")
    func visibilityModlog() async throws {
        try await withServer(.v1_0) { server in
            let (bob, _) = try await privateCommunityWithRequest(server)
            let admin = try await TestClient(server).login("admin")
            func entries() async throws -> [ApiModlogView] {
                try await admin.send(LemmyV4.GetModlog(ApiGetModlog(communityId: 2, type: .string("mod_change_community_visibility"))))
                    .items
            }
            let made = try await entries()
            #expect(made.count == 1)
            #expect(made.first?.modlog.kind == .modChangeCommunityVisibility && made.first?.modlog.isRevert == false)
            #expect(made.first?.moderator?.name == "bob" && made.first?.targetCommunity?.id == 2)
            try await bob.editCommunity(ApiEditCommunity(communityId: 2, title: "Gardening together"))
            try await bob.editCommunity(ApiEditCommunity(communityId: 2, visibility: .private))
            #expect(try await entries().count == 1)
            try await bob.editCommunity(ApiEditCommunity(communityId: 2, visibility: .public))
            #expect(try await entries().count == 2)
        }
    }
}
