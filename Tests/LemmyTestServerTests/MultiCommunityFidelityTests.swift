import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// 1.0's multi-communities as Lemmy main serves them (`api_crud/src/multi_community/*.rs`,
/// `api/api/src/community/multi_community_follow.rs`, `api/api/src/federation/read_multi_community.rs`,
/// `db_views/community/src/impls.rs` and GetPosts' `prefetch_community_ids` in
/// `db_views/post/src/impls.rs`). In the tiny seed communities 1 to 3 are local; bob moderates 1
/// and 2; carol is person 4.
@Suite("Multi-communities (1.0)")
struct MultiCommunityFidelityTests: RefusalChecking {
    func create(_ client: TestClient, _ name: String, title: String? = nil, summary: String? = nil, sidebar: String? = nil)
        async throws -> TestClient.RawResponse
    {
        try await client.sendRaw(
            LemmyV4.CreateMultiCommunity(ApiCreateMultiCommunity(name: name, title: title, summary: summary, sidebar: sidebar)))
    }

    func add(_ client: TestClient, _ multi: Int, _ community: Int) async throws -> TestClient.RawResponse {
        try await client.sendRaw(
            LemmyV4.CreateMultiCommunityEntry(ApiCreateOrDeleteMultiCommunityEntry(id: multi, communityId: community)))
    }

    func remove(_ client: TestClient, _ multi: Int, _ community: Int) async throws -> TestClient.RawResponse {
        try await client.sendRaw(
            LemmyV4.DeleteMultiCommunityEntry(ApiCreateOrDeleteMultiCommunityEntry(id: multi, communityId: community)))
    }

    func follow(_ client: TestClient, _ multi: Int, _ follow: Bool) async throws -> ApiMultiCommunityView {
        try await client.send(LemmyV4.FollowMultiCommunity(ApiFollowMultiCommunity(multiCommunityId: multi, follow: follow)))
            .multiCommunityView
    }

    func list(_ client: TestClient, _ form: ApiListMultiCommunities = ApiListMultiCommunities()) async throws -> [String] {
        try await client.send(LemmyV4.ListMultiCommunities(form)).items.map(\.multi.name)
    }

    func communitiesOfPosts(_ client: TestClient, _ form: ApiGetPosts) async throws -> Set<Int> {
        Set(try await client.send(LemmyV4.GetPosts(form)).items.map(\.community.id))
    }

    func decoded<T: Decodable>(_ type: T.Type, _ raw: TestClient.RawResponse) throws -> T {
        try JSONDecoder().decode(T.self, from: raw.body)
    }

    @Test("Creating: the creator follows it; a taken name (in any case) comes before the name's own checks")
    func creating() async throws {
        try await withServer(.v1_0) { server in
            let carol = try await TestClient(server).login("carol")
            let created = try await create(carol, "reading", title: "  Reading list  ", summary: "Picked")
            #expect(created.status == 200)
            let view = try decoded(ApiMultiCommunityResponse.self, created).multiCommunityView
            #expect(view.multi.title == "Reading list")
            #expect(view.followState == .accepted && view.multi.subscribers == 1 && view.multi.subscribersLocal == 1)
            #expect(view.multi.communities == 0 && view.multi.local && view.owner.name == "carol")
            #expect(view.multi.apId.hasSuffix("/m/reading"))

            #expect(refusal(try await create(carol, "READING")).code == "already_exists")
            #expect(refusal(try await create(carol, "x")).code == "invalid_name")
            #expect(refusal(try await create(carol, "has space")).code == "invalid_name")
            #expect(refusal(try await create(carol, "titled", title: " \n ")).code == "invalid_display_name")
            #expect(refusal(try await create(carol, "titled", title: "")).code == "invalid_display_name")
            let long = String(repeating: "é", count: 151)
            #expect(refusal(try await create(carol, "summed", summary: long)).code == "site_description_length_overflow")
            #expect(try await create(carol, "summed", summary: String(long.dropLast())).status == 200)
            let sidebar = String(repeating: "a", count: 10_001)
            #expect(refusal(try await create(carol, "sided", sidebar: sidebar)).code == "invalid_body_field")
            let guest = refusal(try await create(TestClient(server), "guests"))
            #expect(guest.status == 401 && guest.code == "incorrect_login")
        }
    }

    @Test("Editing: the creator or an admin; an empty summary clears it, an empty title is refused")
    func editing() async throws {
        try await withServer(.v1_0) { server in
            let anonymous = TestClient(server)
            let (carol, alice, admin) = (
                try await anonymous.login("carol"), try await anonymous.login("alice"), try await anonymous.login("admin")
            )
            _ = try await create(carol, "reading", summary: "Picked", sidebar: "About")
            let edit = { (client: TestClient, form: ApiEditMultiCommunity) in
                try await client.sendRaw(LemmyV4.EditMultiCommunity(form))
            }
            let wrong = refusal(try await edit(alice, ApiEditMultiCommunity(id: 1, title: "Alice's")))
            #expect(wrong.code == "multi_community_update_wrong_user")
            let missing = refusal(try await edit(carol, ApiEditMultiCommunity(id: 9, title: "Nothing")))
            #expect(missing.status == 404 && missing.code == "not_found")
            #expect(refusal(try await edit(carol, ApiEditMultiCommunity(id: 1, title: ""))).code == "invalid_display_name")
            let byAdmin = try await edit(admin, ApiEditMultiCommunity(id: 1, title: "The admin's", summary: ""))
            let multi = try decoded(ApiMultiCommunityResponse.self, byAdmin).multiCommunityView.multi
            #expect(multi.title == "The admin's" && multi.summary == nil && multi.sidebar == "About" && multi.updatedAt != nil)
            #expect(multi.name == "reading")
            let deleted = try await edit(carol, ApiEditMultiCommunity(id: 1, deleted: true))
            #expect(try decoded(ApiMultiCommunityResponse.self, deleted).multiCommunityView.multi.deleted)
        }
    }

    @Test("Entries: once each, of live communities, by the creator; removing one not there is a success")
    func entries() async throws {
        try await withServer(.v1_0) { server in
            let anonymous = TestClient(server)
            let (carol, bob, admin) = (
                try await anonymous.login("carol"), try await anonymous.login("bob"), try await anonymous.login("admin")
            )
            _ = try await create(carol, "reading")
            let added = try await add(carol, 1, 2)
            #expect(try decoded(ApiCommunityResponse.self, added).communityView.community.id == 2)
            #expect(refusal(try await add(carol, 1, 2)).code == "couldnt_create")
            #expect(refusal(try await add(bob, 1, 3)).code == "multi_community_update_wrong_user")
            #expect(refusal(try await add(carol, 1, 99)).code == "not_found")
            #expect(refusal(try await add(carol, 9, 1)).code == "not_found")
            _ = try await admin.send(
                LemmyV4.RemoveCommunity(ApiRemoveCommunity(communityId: 3, removed: true, reason: "Closed")))
            #expect(refusal(try await add(carol, 1, 3)).code == "deleted")
            #expect(try await remove(carol, 1, 1).status == 200)
            #expect(refusal(try await remove(carol, 1, 99)).code == "not_found")
            #expect(refusal(try await remove(bob, 1, 2)).code == "multi_community_update_wrong_user")
            #expect(try await remove(carol, 1, 2).status == 200)
            let read = try await anonymous.send(LemmyV4.GetMultiCommunity(ApiGetMultiCommunity(id: 1)))
            #expect(read.multiCommunityView.multi.communities == 0 && read.communities.isEmpty)
        }
    }

    @Test("Following: accepted at once, counted; unfollowing leaves no state; the owner may unfollow")
    func following() async throws {
        try await withServer(.v1_0) { server in
            let anonymous = TestClient(server)
            let (carol, bob) = (try await anonymous.login("carol"), try await anonymous.login("bob"))
            _ = try await create(carol, "reading")
            let followed = try await follow(bob, 1, true)
            #expect(followed.followState == .accepted && followed.multi.subscribers == 2)
            #expect(try await follow(bob, 1, true).multi.subscribers == 2)
            let unfollowed = try await follow(bob, 1, false)
            #expect(unfollowed.followState == nil && unfollowed.multi.subscribers == 1)
            #expect(try await follow(carol, 1, false).multi.subscribers == 0)
            let missing = refusal(
                try await bob.sendRaw(LemmyV4.FollowMultiCommunity(ApiFollowMultiCommunity(multiCommunityId: 5, follow: true))))
            #expect(missing.code == "not_found")
        }
    }

    @Test("Listing: by subscribers unless told, deleted ones too; followed, by creator, by text; pages of a limit")
    func listing() async throws {
        try await withServer(.v1_0) { server in
            let anonymous = TestClient(server)
            let (carol, bob) = (try await anonymous.login("carol"), try await anonymous.login("bob"))
            _ = try await create(carol, "alpha", summary: "Garden things")
            _ = try await create(bob, "Beta")
            _ = try await create(bob, "gamma", title: "Reading list")
            _ = try await follow(carol, 2, true)
            _ = try await carol.send(LemmyV4.EditMultiCommunity(ApiEditMultiCommunity(id: 1, deleted: true)))
            // Beta has two followers, the others one; ties by id, highest first.
            #expect(try await list(anonymous) == ["Beta", "gamma", "alpha"])
            #expect(try await list(anonymous, ApiListMultiCommunities(sort: .nameAsc)) == ["alpha", "Beta", "gamma"])
            #expect(try await list(anonymous, ApiListMultiCommunities(sort: .nameDesc)) == ["gamma", "Beta", "alpha"])
            #expect(try await list(anonymous, ApiListMultiCommunities(sort: .old)) == ["alpha", "Beta", "gamma"])
            #expect(try await list(carol, ApiListMultiCommunities(type: .subscribed, sort: .nameAsc)) == ["alpha", "Beta"])
            #expect(try await list(anonymous, ApiListMultiCommunities(type: .subscribed)).count == 3)
            #expect(try await list(anonymous, ApiListMultiCommunities(sort: .nameAsc, creatorId: 3)) == ["Beta", "gamma"])
            #expect(try await list(anonymous, ApiListMultiCommunities(searchTerm: "garden")) == ["alpha"])
            #expect(try await list(anonymous, ApiListMultiCommunities(searchTerm: "garden", searchTitleOnly: true)).isEmpty)
            #expect(try await list(anonymous, ApiListMultiCommunities(searchTerm: "read list")) == ["gamma"])

            let first = try await anonymous.send(LemmyV4.ListMultiCommunities(ApiListMultiCommunities(sort: .nameAsc, limit: 2)))
            #expect(first.items.map(\.multi.name) == ["alpha", "Beta"])
            let next = try await anonymous.send(
                LemmyV4.ListMultiCommunities(ApiListMultiCommunities(sort: .nameAsc, pageCursor: first.nextPage, limit: 2)))
            #expect(next.items.map(\.multi.name) == ["gamma"] && next.nextPage == nil)
            for limit in [0, 51] {
                let refused = refusal(try await anonymous.sendRaw(LemmyV4.ListMultiCommunities(ApiListMultiCommunities(limit: limit))))
                #expect(refused.code == "invalid_fetch_limit")
            }
            // GetMyUser: the followed ones by name, deleted ones too.
            let mine = try await carol.send(LemmyV4.GetMyUser())
            #expect(mine.multiCommunityFollows?.map(\.multi.name) == ["alpha", "Beta"])
        }
    }

    @Test("Reading: by name in any case (it wins over the id), deleted ones too; its communities as a guest sees them")
    func reading() async throws {
        try await withServer(.v1_0) { server in
            let anonymous = TestClient(server)
            let carol = try await anonymous.login("carol")
            _ = try await create(carol, "reading")
            _ = try await create(carol, "other")
            for community in [1, 2] { _ = try await add(carol, 1, community) }
            _ = try await carol.send(LemmyV4.EditMultiCommunity(ApiEditMultiCommunity(id: 1, deleted: true)))
            let read = try await carol.send(LemmyV4.GetMultiCommunity(ApiGetMultiCommunity(id: 2, name: "READING")))
            #expect(read.multiCommunityView.multi.id == 1 && read.multiCommunityView.multi.deleted)
            // Most active in the month first (gardening, 2); no actions, though carol follows both.
            #expect(read.communities.map(\.community.id) == [2, 1])
            #expect(read.communities.allSatisfy { $0.communityActions == nil })
            let host = "\(server.baseURL.host ?? ""):\(server.baseURL.port ?? 0)"
            let remote = refusal(try await anonymous.sendRaw(LemmyV4.GetMultiCommunity(ApiGetMultiCommunity(name: "reading@\(host)"))))
            #expect(remote.code == "not_found")
            #expect(
                try await anonymous.send(LemmyV4.GetMultiCommunity(ApiGetMultiCommunity(name: "other@\(host)"))).multiCommunityView.multi.id
                    == 2)
            #expect(refusal(try await anonymous.sendRaw(LemmyV4.GetMultiCommunity(ApiGetMultiCommunity()))).code == "no_id_given")
            #expect(refusal(try await anonymous.sendRaw(LemmyV4.GetMultiCommunity(ApiGetMultiCommunity(id: 7)))).code == "not_found")
        }
    }

    @Test("Posts: its communities', under the listing type or the caller's default; never beside a community")
    func posts() async throws {
        let world = SeedWorlds.remoteCommunity
        try await withServer(.v1_0, scale: world.scale, seed: world.seed) { server in
            let anonymous = TestClient(server)
            let carol = try await anonymous.login("carol")
            _ = try await create(carol, "mixed")
            for community in [1, world.communityId] { _ = try await add(carol, 1, community) }
            let all = try await communitiesOfPosts(anonymous, ApiGetPosts(type: .all, multiCommunityId: 1, limit: 50))
            #expect(all == [1, world.communityId])
            // Without a type the default is Local: the remote community's posts drop out.
            #expect(try await communitiesOfPosts(anonymous, ApiGetPosts(multiCommunityId: 1, limit: 50)) == [1])
            // Subscribed does not narrow a multi-community (carol follows neither by default here).
            #expect(try await communitiesOfPosts(carol, ApiGetPosts(type: .subscribed, multiCommunityId: 1, limit: 50)) == all)
            #expect(try await communitiesOfPosts(anonymous, ApiGetPosts(type: .all, multiCommunityName: "MIXED", limit: 50)) == all)
            #expect(try await anonymous.send(LemmyV4.GetPosts(ApiGetPosts(type: .all, multiCommunityId: 9))).items.isEmpty)
            let unknown = refusal(try await anonymous.sendRaw(LemmyV4.GetPosts(ApiGetPosts(multiCommunityName: "nothing"))))
            #expect(unknown.status == 404 && unknown.code == "not_found")
            let both = refusal(try await anonymous.sendRaw(LemmyV4.GetPosts(ApiGetPosts(communityId: 1, multiCommunityId: 1))))
            #expect(both.code == "cannot_combine_community_id_and_multi_community_id")
            // ListCommunities keeps the multi-community's communities.
            let listed = try await anonymous.send(LemmyV4.ListCommunities(ApiListCommunities(type: .all, multiCommunityId: 1)))
            #expect(Set(listed.items.map(\.community.id)) == [1, world.communityId])
        }
    }

    @Test("Search finds them (alone, or in All without a community or creator), profiles list the ones made")
    func searchAndProfiles() async throws {
        try await withServer(.v1_0) { server in
            let anonymous = TestClient(server)
            let (carol, bob) = (try await anonymous.login("carol"), try await anonymous.login("bob"))
            _ = try await create(carol, "zeta", title: "Garden reading")
            _ = try await create(carol, "alpha", summary: "Garden things")
            _ = try await create(bob, "gardenbob")
            let search = { (form: ApiSearch) in try await anonymous.send(LemmyV4.Search(form)).multiCommunities?.map(\.multi.name) ?? [] }
            // Newest first, by name, title and (unless titles only) descriptions.
            #expect(try await search(ApiSearch(searchTerm: "garden", type: .multiCommunities)) == ["gardenbob", "alpha", "zeta"])
            #expect(try await search(ApiSearch(searchTerm: "garden", type: .multiCommunities, titleOnly: true)) == ["gardenbob", "zeta"])
            #expect(try await search(ApiSearch(searchTerm: "garden", creatorId: 4, type: .multiCommunities)) == ["alpha", "zeta"])
            #expect(try await search(ApiSearch(searchTerm: "garden")) == ["gardenbob", "alpha", "zeta"])
            #expect(try await search(ApiSearch(searchTerm: "garden", creatorId: 4)).isEmpty)
            #expect(try await search(ApiSearch(searchTerm: "garden", type: .posts)).isEmpty)

            let profile = try await anonymous.send(LemmyV4.GetPersonDetails(ApiGetPersonDetails(username: "carol")))
            #expect(profile.multiCommunitiesCreated?.map(\.multi.name) == ["alpha", "zeta"])
        }
    }

    @Test("A purged community leaves every multi-community; GetPosts resolves names before refusing a community beside one")
    func purgesAndOrder() async throws {
        try await withServer(.v1_0) { server in
            let anonymous = TestClient(server)
            let (carol, admin) = (try await anonymous.login("carol"), try await anonymous.login("admin"))
            _ = try await create(carol, "reading")
            for community in [1, 3] { _ = try await add(carol, 1, community) }
            let duplicate = try await add(carol, 1, 3)
            #expect(refusal(duplicate).code == "couldnt_create")
            #expect(String(decoding: duplicate.body, as: UTF8.self).contains("multi_community_entry_pkey"))
            _ = try await admin.send(LemmyV4.PurgeCommunity(ApiPurgeCommunity(communityId: 3, reason: "Gone")))
            let read = try await admin.send(LemmyV4.GetMultiCommunity(ApiGetMultiCommunity(id: 1)))
            #expect(read.multiCommunityView.multi.communities == 1)
            let listed = try await admin.send(LemmyV4.ListCommunities(ApiListCommunities(type: .all, multiCommunityId: 1)))
            #expect(listed.items.map(\.community.id) == [1])
            #expect(refusal(try await add(carol, 1, 3)).code == "not_found")
            #expect(refusal(try await remove(carol, 1, 3)).code == "not_found")

            let unknownCreator = refusal(
                try await anonymous.sendRaw(
                    LemmyV4.GetPosts(ApiGetPosts(communityId: 1, creatorUsername: "nobody", multiCommunityId: 1))))
            #expect(unknownCreator.code == "not_found")
            let badLimit = refusal(
                try await anonymous.sendRaw(LemmyV4.GetPosts(ApiGetPosts(communityId: 1, multiCommunityId: 1, limit: 99))))
            #expect(badLimit.code == "invalid_fetch_limit")
        }
    }
}
