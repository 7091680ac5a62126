import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// What a GetPosts that leaves things out gets, and where featured posts go, per version:
/// `list_posts.rs` and `post_view.rs` at 0.18.5 and 0.19.13; `api/api/src/federation/list_posts.rs`,
/// `federation/mod.rs` and `db_views/post/src/impls.rs` on 1.0.
@Suite("Post list defaults")
struct PostListDefaultsTests: RefusalChecking {
    /// Post ids of `form` (every community's posts unless it says more).
    static func ids(_ client: TestClient, _ configure: (inout ApiGetPosts) -> Void = { _ in }) async throws -> [Int] {
        var form = ApiGetPosts(type: .all, limit: 50)
        configure(&form)
        return try await client.posts(form).posts.map(\.post.id)
    }

    /// Features `postId` as `client` (an admin for `.local`, a moderator for `.community`).
    func feature(_ client: TestClient, _ postId: Int, _ type: ApiPostFeatureType) async throws {
        let form = ApiFeaturePost(postId: postId, featured: true, featureType: type)
        #expect(try await either(client, LemmyV3.FeaturePost(form), LemmyV4.FeaturePost(form)).status == 200)
    }

    @Test(
        "Featured posts go first: 0.18 and 0.19 by the front page's flag unless the list names a community; 1.0 by the community's for any list limited to communities, and not under New or Old",
        arguments: LemmyDialect.allCases)
    func featuredFirst(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let bob = try await TestClient(server).login("bob")
            let carol = try await TestClient(server).login("carol")
            // Two of the first posts of community 1 under Old (on 0.18 and 0.19 the seed's
            // community-featured post leads that list): one featured on the front page, one in
            // the community.
            let oldest = try await Self.ids(admin) {
                $0.sort = .old
                $0.communityId = 1
            }
            try #require(oldest.count >= 3)
            let (local, inCommunity) = (oldest[0], oldest[1])
            try await feature(admin, local, .local)
            try await feature(bob, inCommunity, .community)
            let anonymous = TestClient(server)

            let hot = try await anonymous.posts(ApiGetPosts(type: .all, sort: .hot, limit: 50)).posts
            #expect(hot.first?.post.featuredLocal == true)
            let community = try await anonymous.posts(ApiGetPosts(type: .all, sort: .hot, communityId: 1, limit: 50)).posts
            #expect(community.prefix { $0.post.featuredCommunity }.contains { $0.post.id == inCommunity })
            // carol follows every community: a Subscribed list is limited to communities.
            let subscribed = try await carol.posts(ApiGetPosts(type: .subscribed, sort: .hot, limit: 50)).posts
            if dialect == .v1_0 {
                #expect(subscribed.prefix { $0.post.featuredCommunity }.contains { $0.post.id == inCommunity })
            } else {
                let lead = subscribed.prefix { $0.post.featuredLocal }.map(\.post.id)
                #expect(lead.contains(local) && !lead.contains(inCommunity))
            }

            let new = try await anonymous.posts(ApiGetPosts(type: .all, sort: .new, limit: 50)).posts
            let byTime = new.sorted { $0.post.publishedAt > $1.post.publishedAt }.map(\.post.id)
            #expect((new.map(\.post.id) == byTime) == (dialect == .v1_0))
            if dialect != .v1_0 { #expect(new.prefix { $0.post.featuredLocal }.contains { $0.post.id == local }) }
            let old = try await Self.ids(anonymous) {
                $0.sort = .old
                $0.communityId = 1
            }
            #expect((old.first == inCommunity) == (dialect != .v1_0))
        }
    }

    @Test("1.0's Suggested and multi-communities list nothing on a site without them; a community beside a multi-community is refused")
    func multiCommunities() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            #expect(try await !Self.ids(alice).isEmpty)
            #expect(try await Self.ids(alice) { $0.type = .suggested }.isEmpty)
            #expect(try await Self.ids(alice) { $0.multiCommunityId = 1 }.isEmpty)
            let comments = try await alice.send(LemmyV4.GetComments(ApiGetComments(type: .suggested, limit: 50))).items
            #expect(comments.isEmpty)
            let both = refusal(try await alice.sendRaw(LemmyV4.GetPosts(ApiGetPosts(communityId: 1, multiCommunityId: 1))))
            #expect(both.status == 400 && both.code == "cannot_combine_community_id_and_multi_community_id")
            let unknown = refusal(try await alice.sendRaw(LemmyV4.GetPosts(ApiGetPosts(multiCommunityName: "nowhere"))))
            #expect(unknown.status == 404 && unknown.code == "not_found")
        }
    }

    @Test(
        "Without a sort 0.18 sorts Hot, 0.19 the caller's default else Active, 1.0 the caller's default else Hot",
        arguments: LemmyDialect.allCases)
    func defaultSort(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            // A comment on the oldest post lifts it under Active, so Active and Hot differ.
            let byAge = try await alice.posts(ApiGetPosts(type: .all, sort: .old, limit: 50)).posts
            let oldestPost = try #require(byAge.first { !$0.post.locked }?.post.id)
            let comment = ApiCreateComment(content: "Still here", postId: oldestPost)
            #expect(try await either(alice, LemmyV3.CreateComment(comment), LemmyV4.CreateComment(comment)).status == 200)
            let hot = try await Self.ids(alice) { $0.sort = .hot }
            let active = try await Self.ids(alice) { $0.sort = .active }
            try #require(hot != active)
            #expect(try await Self.ids(alice) == (dialect == .v0_19 ? active : hot))
            #expect(try await Self.ids(TestClient(server)) == (dialect == .v0_19 ? active : hot))

            let settings =
                dialect == .v1_0 ? ApiSaveUserSettings(defaultPostSortType: .new) : ApiSaveUserSettings(defaultSortType: .new)
            #expect(try await either(alice, LemmyV3.SaveUserSettings(settings), LemmyV4.SaveUserSettings(settings)).status == 200)
            let new = try await Self.ids(alice) { $0.sort = .new }
            try #require(new != hot)
            #expect(try await Self.ids(alice) == (dialect == .v0_18 ? hot : new))
        }
    }

    @Test("1.0 takes the caller's default time range when the request has none; 0 means no limit")
    func defaultTimeRange() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            let everything = try await Self.ids(alice) { $0.sort = .new }
            let post = try await alice.send(LemmyV4.CreatePost(ApiCreatePost(name: "Just now", communityId: 1))).postView.post.id
            let settings = ApiSaveUserSettings(defaultPostTimeRangeSeconds: 3600)
            #expect(try await alice.sendRaw(LemmyV4.SaveUserSettings(settings)).status == 200)
            let recent = try await Self.ids(alice) { $0.sort = .new }
            #expect(recent.contains(post))
            // The seed's oldest post is older than an hour.
            #expect(!recent.contains(try #require(everything.last)))
            #expect(
                try await Self.ids(alice) {
                    $0.sort = .new
                    $0.timeRangeSeconds = 0
                } == Array(([post] + everything).prefix(50)))
        }
    }

    @Test("1.0 takes the caller's page size when the request gives no limit, for posts and flat comment lists; one over 50 is refused")
    func defaultPageSize() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            #expect(try await alice.posts(ApiGetPosts(type: .all)).posts.count == 20)
            let refused = refusal(try await alice.sendRaw(LemmyV4.SaveUserSettings(ApiSaveUserSettings(defaultItemsPerPage: 51))))
            #expect(refused.status == 400 && refused.code == "invalid_fetch_limit")
            #expect(try await alice.sendRaw(LemmyV4.SaveUserSettings(ApiSaveUserSettings(defaultItemsPerPage: 3))).status == 200)
            #expect(try await alice.posts(ApiGetPosts(type: .all)).posts.count == 3)
            #expect(try await alice.posts(ApiGetPosts(type: .all, limit: 7)).posts.count == 7)
            #expect(try await alice.send(LemmyV4.GetComments(ApiGetComments(type: .all))).items.count == 3)
            #expect(try await alice.send(LemmyV4.GetMyUser()).localUserView.localUser.defaultItemsPerPage == 3)
            // Another caller keeps the site's 20.
            #expect(try await TestClient(server).posts(ApiGetPosts(type: .all)).posts.count == 20)
        }
    }

    @Test("1.0 sorts comments by the caller's default comment sort when the request has none")
    func defaultCommentSort() async throws {
        try await withServer(.v1_0) { server in
            let alice = try await TestClient(server).login("alice")
            func ids(_ sort: ApiCommentSortType?) async throws -> [Int] {
                try await alice.send(LemmyV4.GetComments(ApiGetComments(type: .all, sort: sort, limit: 50))).items.map(\.comment.id)
            }
            let hot = try await ids(.hot)
            let old = try await ids(.old)
            try #require(hot != old)
            #expect(try await ids(nil) == hot)
            #expect(try await alice.sendRaw(LemmyV4.SaveUserSettings(ApiSaveUserSettings(defaultCommentSortType: .old))).status == 200)
            #expect(try await ids(nil) == old)
        }
    }

    @Test("0.19 applies a page's offset after a cursor too (1.0's form has no page)")
    func pageAfterCursor() async throws {
        try await withServer(.v0_19, scale: .small, seed: 3) { server in
            let client = TestClient(server)
            let all = try await Self.ids(client) { $0.sort = .new }
            try #require(all.count >= 20)
            let first = try await client.posts(ApiGetPosts(type: .all, sort: .new, limit: 5))
            let next = try #require(first.next)
            let skipped = try await client.posts(ApiGetPosts(type: .all, sort: .new, pageCursor: next, limit: 5, page: 2))
            #expect(skipped.posts.map(\.post.id) == Array(all[10..<15]))
            // A signed-in Subscribed list goes through a first query that refuses the two at once.
            let carol = try await TestClient(server).login("carol")
            let subscribed = ApiGetPosts(type: .subscribed, sort: .new, limit: 5)
            let cursor = try #require(try await carol.posts(subscribed).next)
            var both = subscribed
            both.pageCursor = cursor
            both.page = 2
            let refused = refusal(try await carol.sendRaw(LemmyV3.GetPosts(both)))
            #expect(refused.status == 400 && refused.code == "couldnt_get_posts")
            both.page = 1
            #expect(try await carol.sendRaw(LemmyV3.GetPosts(both)).status == 200)
        }
    }
}
