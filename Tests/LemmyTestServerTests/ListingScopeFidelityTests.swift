import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// What Subscribed, ModeratorView and hidden communities mean for a post list in each version.
@Suite("Listing scopes per version")
struct ListingScopeFidelityTests {
    static let now = 1_700_000_000.0

    /// The communities of the posts `viewer` lists with `type` (all, newest first, NSFW too).
    static func communities(_ db: Database, _ type: ApiListingType?, viewer: Int?, _ dialect: LemmyDialect) throws -> Set<Int> {
        var query = PostQuery()
        query.listing = db.listingScope(type, communityId: nil, viewer: viewer, dialect: dialect)
        query.outOfSight = db.hiddenCommunities(viewer: viewer, dialect: dialect, listing: query.listing)
        query.sort = .new
        query.limit = 10_000
        query.showNSFW = true
        return Set(try db.listPosts(query, viewer: viewer, now: Self.now).ids.compactMap { db.post($0)?.communityId })
    }

    @Test("The moderator view lists the communities one moderates: an admin gets no others")
    func moderatorView() throws {
        let db = SeedGenerator(scale: .tiny, seed: 1, now: Self.now).generate()
        for dialect in [LemmyDialect.v0_19, .v1_0] {
            // admin (1) moderates community 3, bob (3) communities 1 and 2.
            #expect(try Self.communities(db, .moderatorView, viewer: 1, dialect) == [3])
            #expect(try Self.communities(db, .moderatorView, viewer: 3, dialect) == [1, 2])
        }
    }

    @Test("Subscribed: a pending follow counts on 0.18 and 0.19, not on 1.0")
    func pendingFollow() throws {
        var db = SeedGenerator(scale: .tiny, seed: 1, now: Self.now).generate()
        // alice (2) follows communities 1 and 2; the follow of 2 still waits for approval.
        db.users[2]?.pendingFollows.insert(2)
        for dialect in LemmyDialect.allCases {
            let listed = try Self.communities(db, .subscribed, viewer: 2, dialect)
            #expect(listed == (dialect == .v1_0 ? [1] : [1, 2]), "\(dialect)")
        }
    }

    /// 0.19 only: lemmy-js-client 0.18 declares no HideCommunity, so the 0.18 test server has no
    /// route to hide one (Lemmy 0.18.5 itself has it).
    @Test("0.19 leaves a hidden community's posts out of All unless followed")
    func hiddenCommunity() async throws {
        try await withServer(.v0_19) { server in
            let admin = try await TestClient(server).login("admin")
            let carol = try await TestClient(server).login("carol")
            let commenter = try #require(try await TestClient(server).comments(ApiGetComments(type: .all, limit: 1, communityId: 1)).first)
                .creator.id
            let hide = ApiHideCommunity(communityId: 1, hidden: true)
            #expect(try await admin.sendRaw(LemmyV3.HideCommunity(hide)).status == 200)
            func communities(_ client: TestClient) async throws -> Set<Int> {
                Set(try await client.posts(ApiGetPosts(type: .all, sort: .new, limit: 50)).posts.map(\.community.id))
            }
            // carol (4) follows every community; an anonymous caller follows none.
            #expect(try await communities(carol).contains(1))
            let anonymous = try await communities(TestClient(server))
            #expect(!anonymous.isEmpty && !anonymous.contains(1))
            // Comments: out of All, but a profile has no listing type, so no hidden filter.
            let all = try await TestClient(server).comments(ApiGetComments(type: .all, sort: .new, limit: 50))
            #expect(!all.isEmpty && all.allSatisfy { $0.community.id != 1 })
            let profile = try await TestClient(server).send(
                LemmyV3.GetPersonDetails(ApiGetPersonDetails(personId: commenter, sort: .new, limit: 50)))
            #expect(profile.comments?.contains { $0.community.id == 1 } == true)
        }
    }
}
