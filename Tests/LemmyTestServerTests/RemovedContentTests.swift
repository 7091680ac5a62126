import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Who sees a removed comment, and its text, as each Lemmy version decides: 0.18 leaves it out
/// of lists for all but admins (and the community's moderators when the list names the
/// community) and never blanks it; 0.19 blanks it for everyone but admins; 1.0 for everyone
/// but its author and those who can moderate it, and blanks removed posts' bodies the same way.
@Suite("Removed content per version")
struct RemovedContentTests: RefusalChecking {
    @Test(arguments: LemmyDialect.allCases)
    func removedComment(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let anonymous = TestClient(server)
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let carol = try await TestClient(server).login("carol")
            let admin = try await TestClient(server).login("admin")
            let post = try #require(try await anonymous.posts(ApiGetPosts(type: .all, sort: .new, communityId: 1, limit: 1)).posts.first)
            let text = "Words a moderator took down"
            let id = try await alice.comment(post: post.post.id, parent: nil, text).comment.id
            let remove = ApiRemoveComment(commentId: id, removed: true, reason: "Rude")
            #expect(try await either(bob, LemmyV3.RemoveComment(remove), LemmyV4.RemoveComment(remove)).status == 200)

            /// The comment's text as `client` lists it under the post (or in community 1), nil when left out.
            func listed(_ client: TestClient, inCommunity: Bool = false) async throws -> String? {
                let form =
                    inCommunity ? ApiGetComments(type: .all, sort: .new, limit: 50, communityId: 1) : ApiGetComments(postId: post.post.id)
                return try await client.comments(form).first { $0.comment.id == id }?.comment.content
            }
            switch dialect {
            case .v0_18:
                for client in [anonymous, alice, bob, carol] { #expect(try await listed(client) == nil) }
                #expect(try await listed(admin) == text)
                #expect(try await listed(bob, inCommunity: true) == text)
                #expect(try await listed(alice, inCommunity: true) == nil)
            case .v0_19:
                for client in [anonymous, alice, bob, carol] { #expect(try await listed(client) == "") }
                #expect(try await listed(admin) == text)
            case .v1_0:
                for client in [anonymous, carol] { #expect(try await listed(client) == "") }
                for client in [alice, bob, admin] { #expect(try await listed(client) == text) }
            }
            // The modlog shows the removed text to anyone: its views select the comment as it is.
            if dialect == .v1_0 {
                let log = try await carol.send(LemmyV4.GetModlog(ApiGetModlog(type: .string("mod_remove_comment"), limit: 50)))
                #expect(log.items.first { $0.targetComment?.id == id }?.targetComment?.content == text)
            } else {
                let log = try await carol.send(LemmyV3.GetModlog(ApiGetModlog(type: .string("ModRemoveComment"))))
                #expect(log.removedComments.first { $0.comment.id == id }?.comment.content == text)
                // A profile: 0.18 leaves the comment out for everyone; 0.19 blanks it.
                let profile = try await carol.send(LemmyV3.GetPersonDetails(ApiGetPersonDetails(personId: 2, sort: .new, limit: 50)))
                let shown = profile.comments?.first { $0.comment.id == id }
                #expect(dialect == .v0_18 ? shown == nil : shown?.comment.content == "")
            }
        }
    }

    @Test(
        "GetPost of a deleted post: 0.18 shows it to no one but moderators, 0.19 to its author too, 1.0 also to anyone once it has comments, its body blanked",
        arguments: LemmyDialect.allCases)
    func deletedPost(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let carol = try await TestClient(server).login("carol")
            let body = "A body its author took back"
            let form = ApiCreatePost(name: "Taken back", communityId: 1, body: body)
            let created = try await either(alice, LemmyV3.CreatePost(form), LemmyV4.CreatePost(form))
            let id = try #require(createdId(created, view: "post_view", entity: "post"))
            _ = try await carol.comment(post: id, parent: nil, "A comment that keeps it up on 1.0")
            let delete = ApiDeletePost(postId: id, deleted: true)
            #expect(try await either(alice, LemmyV3.DeletePost(delete), LemmyV4.DeletePost(delete)).status == 200)
            let get = ApiGetPost(id: id)
            func shown(_ client: TestClient) async throws -> Bool {
                let answer = try await either(client, LemmyV3.GetPost(get), LemmyV4.GetPost(get))
                if answer.status != 200 {
                    #expect(refusal(answer).code.contains("not_found") || refusal(answer).code == "couldnt_find_post")
                }
                return answer.status == 200
            }
            #expect(try await shown(bob))
            #expect(try await shown(alice) == (dialect != .v0_18))
            #expect(try await shown(carol) == (dialect == .v1_0))
            if dialect == .v1_0 {
                #expect(try await carol.post(id).post.body == "")
                #expect(try await alice.post(id).post.body == body)
                #expect(try await bob.post(id).post.body == body)
            } else {
                #expect(try await bob.post(id).post.body == body)
            }
        }
    }

    @Test("1.0 can_mod: admins, and moderators over content of people who became moderators after them or never did")
    func canMod() {
        var db = SeedGenerator(scale: .tiny, seed: 1, now: 1_700_000_000).generate()
        // Community 1: bob (3) first, then alice (2).
        db.communities[0].moderators = [3, 2]
        #expect(db.canMod(3, creator: 2, community: 1))
        #expect(!db.canMod(2, creator: 3, community: 1))
        #expect(db.canMod(2, creator: 2, community: 1))
        #expect(db.canMod(2, creator: 4, community: 1))
        #expect(!db.canMod(4, creator: 2, community: 1))
        #expect(db.canMod(1, creator: 3, community: 1))
        // Nobody but an admin moderates an admin's content.
        #expect(!db.canMod(3, creator: 1, community: 1))
        #expect(!db.canMod(nil, creator: 2, community: 1))
    }
}
