import Foundation
import LemmyAPI
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Which posts GetPosts, profiles and Search leave out for the caller, per version, as Lemmy's
/// `PostQuery::list` does (`post_view.rs` at 0.18.5 and 0.19.13, `db_views/post/src/impls.rs`
/// on 1.0): deleted and removed posts and communities, blocks, languages, bots, read and hidden
/// posts, and 0.19's anonymous listings.
@Suite("Post list filters")
struct PostListFilterTests: RefusalChecking {
    /// Post ids of `form` (every post of every community, newest first, unless it says more).
    static func ids(_ client: TestClient, _ configure: (inout ApiGetPosts) -> Void = { _ in }) async throws -> [Int] {
        var form = ApiGetPosts(type: .all, sort: .new, limit: 50)
        configure(&form)
        return try await client.posts(form).posts.map(\.post.id)
    }

    /// Saves `settings` for `client`.
    func save(_ client: TestClient, _ settings: ApiSaveUserSettings) async throws {
        #expect(try await either(client, LemmyV3.SaveUserSettings(settings), LemmyV4.SaveUserSettings(settings)).status == 200)
    }

    /// Creates a post in community 1 as `client`.
    func newPost(_ client: TestClient, _ name: String, language: Int? = nil) async throws -> Int {
        let form = ApiCreatePost(name: name, communityId: 1, languageId: language)
        return client.dialect == .v1_0
            ? try await client.send(LemmyV4.CreatePost(form)).postView.post.id
            : try await client.send(LemmyV3.CreatePost(form)).postView.post.id
    }

    @Test(
        "A deleted community's posts leave every list; 0.18 still shows them to admins and, in the community, its moderators",
        arguments: LemmyDialect.allCases)
    func deletedCommunity(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let anonymous = TestClient(server)
            let bob = try await TestClient(server).login("bob")
            let admin = try await TestClient(server).login("admin")
            let inCommunity = try await Self.ids(anonymous) { $0.communityId = 1 }
            try #require(!inCommunity.isEmpty)
            let delete = ApiDeleteCommunity(communityId: 1, deleted: true)
            #expect(try await either(bob, LemmyV3.DeleteCommunity(delete), LemmyV4.DeleteCommunity(delete)).status == 200)
            #expect(try await Self.ids(anonymous).allSatisfy { !inCommunity.contains($0) })
            #expect(try await Self.ids(anonymous) { $0.communityId = 1 }.isEmpty)
            let adminSees = try await Self.ids(admin).filter(inCommunity.contains)
            let moderatorSees = try await Self.ids(bob) { $0.communityId = 1 }
            #expect(adminSees.isEmpty == (dialect != .v0_18))
            #expect(moderatorSees.isEmpty == (dialect != .v0_18))
            // Out of the community, 0.18 asks whether the caller is an admin, which bob is not.
            #expect(try await Self.ids(bob).allSatisfy { !inCommunity.contains($0) })
        }
    }

    @Test("Deleted posts: 0.19 and 1.0 list them to their author; 0.18 to admins alone", arguments: LemmyDialect.allCases)
    func deletedPost(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let admin = try await TestClient(server).login("admin")
            let id = try await newPost(alice, "Soon gone")
            let delete = ApiDeletePost(postId: id, deleted: true)
            #expect(try await either(alice, LemmyV3.DeletePost(delete), LemmyV4.DeletePost(delete)).status == 200)
            #expect(try await Self.ids(alice).contains(id) == (dialect != .v0_18))
            #expect(try await Self.ids(TestClient(server)).contains(id) == false)
            #expect(try await Self.ids(admin).contains(id) == (dialect == .v0_18))
        }
    }

    @Test(
        "Removed posts: 0.18 lists them to admins and the community's moderators in it; 0.19 to admins on a profile; 1.0 to admins",
        arguments: LemmyDialect.allCases)
    func removedPost(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let admin = try await TestClient(server).login("admin")
            let id = try await newPost(alice, "Soon removed")
            let remove = ApiRemovePost(postId: id, removed: true, reason: "Off topic")
            #expect(try await either(bob, LemmyV3.RemovePost(remove), LemmyV4.RemovePost(remove)).status == 200)
            #expect(try await Self.ids(alice).contains(id) == false)
            #expect(try await Self.ids(bob) { $0.communityId = 1 }.contains(id) == (dialect == .v0_18))
            #expect(try await Self.ids(admin).contains(id) == (dialect != .v0_19))
            if dialect == .v0_19 {
                let profile = try await admin.send(LemmyV3.GetPersonDetails(ApiGetPersonDetails(personId: 2, sort: .new, limit: 50)))
                #expect(profile.posts?.contains { $0.post.id == id } == true)
            }
        }
    }

    @Test("A blocked community's posts leave the list of that community too", arguments: LemmyDialect.allCases)
    func blockedCommunityInIt(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            try #require(try await !Self.ids(alice) { $0.communityId = 3 }.isEmpty)
            let block = ApiBlockCommunity(communityId: 3, block: true)
            #expect(try await either(alice, LemmyV3.BlockCommunity(block), LemmyV4.BlockCommunity(block)).status == 200)
            #expect(try await Self.ids(alice) { $0.communityId = 3 }.isEmpty)
        }
    }

    @Test(
        "Posts and comments in languages the caller does not read leave their lists; 0.19 and 1.0 keep them in the moderator view",
        arguments: LemmyDialect.allCases)
    func languages(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let english = try await newPost(bob, "In English", language: 37)
            let form = ApiCreateComment(content: "Also in English", postId: 1, languageId: 37)
            let comment =
                dialect == .v1_0
                ? try await bob.send(LemmyV4.CreateComment(form)).commentView.comment
                : try await bob.send(LemmyV3.CreateComment(form)).commentView.comment
            #expect(comment.languageId == 37)
            func commentListed() async throws -> Bool {
                try await alice.comments(ApiGetComments(type: .all, sort: .new, limit: 50, postId: 1)).contains {
                    $0.comment.id == comment.id
                }
            }
            #expect(try await Self.ids(alice).contains(english))
            #expect(try await commentListed())
            try await save(alice, ApiSaveUserSettings(discussionLanguages: [0]))
            #expect(try await !Self.ids(alice).contains(english))
            #expect(try await !commentListed())
            #expect(try await Self.ids(TestClient(server)).contains(english))
            // The moderator view lists it to a moderator who does not read English.
            try await save(bob, ApiSaveUserSettings(discussionLanguages: [0]))
            if dialect != .v0_18 {
                #expect(try await Self.ids(bob) { $0.type = .moderatorView }.contains(english))
            }
            // English alone: 0.18 and 0.19 add undetermined, 1.0 leaves the seed's posts (all
            // undetermined) out.
            try await save(alice, ApiSaveUserSettings(discussionLanguages: [37]))
            let englishOnly = try await Self.ids(alice)
            #expect(englishOnly.contains(english))
            #expect(englishOnly.allSatisfy { $0 == english } == (dialect == .v1_0))
        }
    }

    @Test("A bot's posts leave the lists of someone who hides bots", arguments: LemmyDialect.allCases)
    func bots(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let carol = try await TestClient(server).login("carol")
            let id = try await newPost(carol, "Beep")
            try await save(carol, ApiSaveUserSettings(botAccount: true))
            #expect(try await Self.ids(alice).contains(id))
            try await save(alice, ApiSaveUserSettings(showBotAccounts: false))
            #expect(try await !Self.ids(alice).contains(id))
            #expect(try await !Self.ids(alice) { $0.communityId = 1 }.contains(id))
        }
    }

    @Test("show_read_posts off hides read posts; saved lists (0.18, 0.19) and 0.19 profiles keep them", arguments: LemmyDialect.allCases)
    func readPosts(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let id = try #require(try await Self.ids(alice) { $0.communityId = 1 }.first)
            _ = try await alice.post(id)  // reading a post marks it read
            _ = try await alice.save(post: id, true)
            #expect(try await Self.ids(alice).contains(id))
            try await save(alice, ApiSaveUserSettings(showReadPosts: false))
            #expect(try await !Self.ids(alice).contains(id))
            if dialect != .v1_0 {
                #expect(try await Self.ids(alice) { $0.savedOnly = true }.contains(id))
            }
            if dialect != .v0_18 {
                // The form's show_read wins over the setting.
                #expect(try await Self.ids(alice) { $0.showRead = true }.contains(id))
            }
            if dialect == .v0_19 {
                let creator = try await alice.post(id).creator.id
                let profile = try await alice.send(LemmyV3.GetPersonDetails(ApiGetPersonDetails(personId: creator, sort: .new, limit: 50)))
                #expect(profile.posts?.contains { $0.post.id == id } == true)
            }
        }
    }

    @Test(
        "0.19 lists every unhidden community's posts to an anonymous caller for Subscribed and the moderator view; 0.18 and 1.0 nothing",
        arguments: LemmyDialect.allCases)
    func anonymousListings(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let anonymous = TestClient(server)
            let all = try await Self.ids(anonymous)
            try #require(!all.isEmpty)
            let subscribed = try await Self.ids(anonymous) { $0.type = .subscribed }
            #expect(subscribed == (dialect == .v0_19 ? all : []))
            if dialect != .v0_18 {
                #expect(try await Self.ids(anonymous) { $0.type = .moderatorView } == (dialect == .v0_19 ? all : []))
            }
            // Search's posts go through the same query.
            func searched(_ listing: ApiListingType) async throws -> [Int] {
                let form = ApiSearch(type: .posts, listingType: listing, limit: 50, q: "")
                return try await anonymous.send(LemmyV3.Search(form)).posts.map(\.post.id)
            }
            if dialect != .v1_0 {
                let everything = try await searched(.all)
                try #require(!everything.isEmpty)
                #expect(try await searched(.subscribed) == (dialect == .v0_19 ? everything : []))
            }
        }
    }

    @Test("0.19 and 1.0 keep blocked people's posts in the moderator view; 0.18 has none", arguments: [LemmyDialect.v0_19, .v1_0])
    func moderatorViewIgnoresBlocks(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let id = try await newPost(alice, "Seen by the moderator")
            try await bob.blockPerson(2, true)
            #expect(try await !Self.ids(bob).contains(id))
            #expect(try await Self.ids(bob) { $0.type = .moderatorView }.contains(id))
        }
    }

    @Test(
        "0.19 leaves the posts of a blocked instance's communities out; 1.0 those of a blocked instance's people",
        arguments: [LemmyDialect.v0_19, .v1_0])
    func instanceBlocks(dialect: LemmyDialect) async throws {
        // A world with a remote community (and remote people).
        let world = SeedWorlds.remoteCommunity
        try await withServer(dialect, scale: world.scale, seed: world.seed) { server in
            let alice = try await TestClient(server).login("alice")
            let views = try await alice.posts(ApiGetPosts(type: .all, sort: .new, limit: 50)).posts
            let remote: ApiPostView
            if dialect == .v1_0 {
                remote = try #require(views.first { $0.creator.instanceId != 1 })
                let block = ApiUserBlockInstancePersonsParams(instanceId: remote.creator.instanceId, block: true)
                #expect(try await alice.sendRaw(LemmyV4.UserBlockInstancePersons(block)).status == 200)
                #expect(
                    try await Self.ids(alice).allSatisfy { id in
                        views.first { $0.post.id == id }?.creator.instanceId != remote.creator.instanceId
                    })
            } else {
                remote = try #require(views.first { $0.community.instanceId != 1 })
                let block = ApiBlockInstance(instanceId: remote.community.instanceId, block: true)
                #expect(try await alice.sendRaw(LemmyV3.BlockInstance(block)).status == 200)
                #expect(
                    try await Self.ids(alice).allSatisfy { id in
                        views.first { $0.post.id == id }?.community.instanceId != remote.community.instanceId
                    })
            }
            #expect(try await !Self.ids(alice).contains(remote.post.id))
            #expect(try await Self.ids(TestClient(server)).contains(remote.post.id))
        }
    }

    @Test("0.19: liked_only leaves out one's own posts and means nothing to an anonymous caller")
    func liked() async throws {
        try await withServer(.v0_19) { server in
            let alice = try await TestClient(server).login("alice")
            let mine = try await newPost(alice, "Upvoted by its author")
            let other = try #require(try await Self.ids(alice).first { $0 != mine })
            _ = try await alice.vote(post: other, 1)
            let liked = try await Self.ids(alice) { $0.likedOnly = true }
            #expect(liked.contains(other) && !liked.contains(mine))
            let anonymous = TestClient(server)
            #expect(try await Self.ids(anonymous) { $0.likedOnly = true } == (try await Self.ids(anonymous)))
        }
    }

    @Test("0.19 profiles: hidden posts stay, hidden communities go even for their followers")
    func profile019() async throws {
        try await withServer(.v0_19) { server in
            let alice = try await TestClient(server).login("alice")
            let admin = try await TestClient(server).login("admin")
            let bob = try await newPost(TestClient(server).login("bob"), "Bob's post in community 1")
            func profile() async throws -> [Int] {
                try await alice.send(LemmyV3.GetPersonDetails(ApiGetPersonDetails(personId: 3, sort: .new, limit: 50))).posts?.map(
                    \.post.id) ?? []
            }
            #expect(try await alice.sendRaw(LemmyV3.HidePost(ApiHidePost(hide: true, postIds: [bob]))).status == 200)
            #expect(try await !Self.ids(alice).contains(bob))
            #expect(try await profile().contains(bob))
            // Alice follows community 1; its being hidden keeps it in her All list, not in a profile.
            #expect(try await admin.sendRaw(LemmyV3.HideCommunity(ApiHideCommunity(communityId: 1, hidden: true))).status == 200)
            #expect(try await !profile().contains(bob))
            #expect(try await Self.ids(alice) { $0.showHidden = true }.contains(bob))
        }
    }
}
