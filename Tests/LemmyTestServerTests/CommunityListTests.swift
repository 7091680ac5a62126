import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// ListCommunities as each version selects and orders communities (`CommunityQuery::list`:
/// `db_views_actor/src/community_view.rs` at 0.18.5 and 0.19.13, `db_views/community/src/impls.rs`
/// on 1.0). The rules are checked on the database; the orders over HTTP, against the values the
/// views show.
@Suite("Community list")
struct CommunityListTests {
    static let now = 1_700_000_000.0
    static let world = SeedWorlds.remoteCommunity

    static func database() -> Database {
        SeedGenerator(scale: world.scale, seed: world.seed, now: now).generate()
    }

    /// The ids `form` lists for `viewer`, in order.
    static func ids(_ db: Database, _ form: ApiListCommunities = ApiListCommunities(), viewer: Int?, _ dialect: LemmyDialect) -> [Int] {
        db.communityListing(form, viewer: viewer, dialect: dialect, now: now).sorted { $0.key > $1.key }.map(\.id)
    }

    /// A person who is neither admin nor moderator of anything.
    static func plainPerson(_ db: Database) throws -> Int {
        try #require(db.persons.first { person in !person.isAdmin && !db.communities.contains { $0.moderators.contains(person.id) } }?.id)
    }

    @Test("0.19 lists every community for ModeratorView; 1.0 those the caller moderates, an admin no exception")
    func moderatorView() throws {
        let db = Self.database()
        let moderator = try #require(db.communities.first { !$0.moderators.isEmpty }?.moderators.first)
        let moderated = Set(db.communities.filter { $0.moderators.contains(moderator) }.map(\.id))
        let form = ApiListCommunities(type: .moderatorView, limit: 50)
        #expect(Set(Self.ids(db, form, viewer: moderator, .v0_19)) == Set(Self.ids(db, viewer: moderator, .v0_19)))
        #expect(Set(Self.ids(db, form, viewer: moderator, .v1_0)) == moderated)
        #expect(moderated.count < db.communities.count)
        let admin = try #require(db.persons.first { $0.isAdmin }?.id)
        let adminModerates = Set(db.communities.filter { $0.moderators.contains(admin) }.map(\.id))
        #expect(Set(Self.ids(db, form, viewer: admin, .v1_0)) == adminModerates)
        #expect(Self.ids(db, form, viewer: nil, .v1_0).isEmpty)
    }

    @Test("Local keeps the communities of this instance", arguments: LemmyDialect.allCases)
    func local(dialect: LemmyDialect) throws {
        let db = Self.database()
        let all = Self.ids(db, ApiListCommunities(type: .all), viewer: nil, dialect)
        let local = Self.ids(db, ApiListCommunities(type: .local), viewer: nil, dialect)
        #expect(all.contains(Self.world.communityId))
        #expect(!local.contains(Self.world.communityId))
        #expect(local == all.filter { db.community($0)?.instanceId == 1 })
    }

    @Test("Removed and deleted communities are listed to admins only, not to their moderators", arguments: LemmyDialect.allCases)
    func removedForAdminsOnly(dialect: LemmyDialect) throws {
        var db = Self.database()
        let index = try #require(db.communities.firstIndex { !$0.moderators.isEmpty && !$0.nsfw })
        let id = db.communities[index].id
        let moderator = db.communities[index].moderators[0]
        let admin = try #require(db.persons.first { $0.isAdmin && !db.communities[index].moderators.contains($0.id) }?.id)
        db.communities[index].removed = true
        #expect(!Self.ids(db, viewer: moderator, dialect).contains(id))
        #expect(Self.ids(db, viewer: admin, dialect).contains(id))
        db.communities[index].removed = false
        db.communities[index].deleted = true
        #expect(!Self.ids(db, viewer: nil, dialect).contains(id))
        #expect(Self.ids(db, viewer: admin, dialect).contains(id))
    }

    @Test("Blocked communities are left out; blocked instances from 0.19 on", arguments: LemmyDialect.allCases)
    func blocks(dialect: LemmyDialect) throws {
        var db = Self.database()
        let person = try Self.plainPerson(db)
        let remote = try #require(db.community(Self.world.communityId))
        db.users[person, default: UserState()].blockedInstances[remote.instanceId] = Self.now
        #expect(Self.ids(db, viewer: person, dialect).contains(remote.id) == (dialect == .v0_18))
        #expect(Self.ids(db, viewer: nil, dialect).contains(remote.id))
        db.users[person]?.blockedInstances = [:]
        db.users[person]?.blockedCommunities[1] = Self.now
        #expect(!Self.ids(db, viewer: person, dialect).contains(1))
        #expect(Self.ids(db, viewer: person, dialect).contains(remote.id))
    }

    @Test("Subscribed counts a pending follow on 0.18 and 0.19, not on 1.0", arguments: LemmyDialect.allCases)
    func pendingFollows(dialect: LemmyDialect) throws {
        var db = Self.database()
        let person = try Self.plainPerson(db)
        let remote = Self.world.communityId
        db.users[person, default: UserState()].follows = [remote: Self.now]
        db.users[person]?.pendingFollows = [remote]
        let subscribed = Self.ids(db, ApiListCommunities(type: .subscribed), viewer: person, dialect)
        #expect(subscribed == (dialect == .v1_0 ? [] : [remote]))
        #expect(Self.ids(db, ApiListCommunities(type: .subscribed), viewer: nil, dialect).isEmpty)
    }

    @Test("NSFW: 0.18 follows a signed-in caller's setting alone; 0.19 and 1.0 the setting or show_nsfw", arguments: LemmyDialect.allCases)
    func nsfw(dialect: LemmyDialect) throws {
        var db = Self.database()
        let person = try Self.plainPerson(db)
        let index = try #require(db.communities.firstIndex { !$0.nsfw })
        db.communities[index].nsfw = true
        let id = db.communities[index].id
        let asked = ApiListCommunities(showNsfw: true, limit: 50)
        #expect(Self.ids(db, asked, viewer: person, dialect).contains(id) == (dialect != .v0_18))
        #expect(Self.ids(db, asked, viewer: nil, dialect).contains(id))
        #expect(!Self.ids(db, viewer: person, dialect).contains(id))
        db.persons[person - 1].showNSFW = true
        #expect(Self.ids(db, ApiListCommunities(showNsfw: false), viewer: person, dialect).contains(id))
    }

    @Test("Hidden (0.18, 0.19) shows to followers and admins; visibility hides from anonymous callers", arguments: LemmyDialect.allCases)
    func hiddenAndVisibility(dialect: LemmyDialect) throws {
        var db = Self.database()
        let person = try Self.plainPerson(db)
        let index = try #require(db.communities.firstIndex { !$0.nsfw && $0.instanceId == 1 })
        let id = db.communities[index].id
        db.communities[index].hidden = true
        db.users[person, default: UserState()].follows[id] = nil
        #expect(Self.ids(db, viewer: person, dialect).contains(id) == (dialect == .v1_0))
        db.users[person, default: UserState()].follows[id] = Self.now
        #expect(Self.ids(db, viewer: person, dialect).contains(id))
        db.communities[index].hidden = false

        db.communities[index].visibility = "local_only"
        #expect(Self.ids(db, viewer: nil, dialect).contains(id) == (dialect != .v0_19))
        db.communities[index].visibility = "local_only_private"
        #expect(Self.ids(db, viewer: nil, dialect).contains(id) == (dialect == .v0_18))
        db.communities[index].visibility = "unlisted"
        #expect(Self.ids(db, viewer: nil, dialect).contains(id) == (dialect != .v0_19))
        #expect(Self.ids(db, viewer: person, dialect).contains(id))
    }

    @Test("1.0: a search term matches name, title or sidebar (not with search_title_only); a time range keeps newer ones")
    func search10() throws {
        var db = Self.database()
        let index = try #require(db.communities.firstIndex { !$0.nsfw && $0.instanceId == 1 })
        let id = db.communities[index].id
        db.communities[index].description = "Tidepool ZEBRAFISH notes"
        #expect(Self.ids(db, ApiListCommunities(searchTerm: "zebrafish"), viewer: nil, .v1_0) == [id])
        #expect(Self.ids(db, ApiListCommunities(searchTerm: "tidepool notes"), viewer: nil, .v1_0) == [id])
        #expect(Self.ids(db, ApiListCommunities(searchTerm: "notes tidepool"), viewer: nil, .v1_0).isEmpty)
        #expect(Self.ids(db, ApiListCommunities(searchTerm: "zebrafish", searchTitleOnly: true), viewer: nil, .v1_0).isEmpty)
        let name = db.communities[index].name
        #expect(Self.ids(db, ApiListCommunities(searchTerm: name.uppercased(), searchTitleOnly: true), viewer: nil, .v1_0).contains(id))

        db.communities[index].published = Self.now - 3600
        let recent = Self.ids(db, ApiListCommunities(timeRangeSeconds: 7200), viewer: nil, .v1_0)
        #expect(recent == [id])
        // 0.19 has no search or time range in this list.
        #expect(Self.ids(db, ApiListCommunities(timeRangeSeconds: 7200), viewer: nil, .v0_19).count > 1)
    }

    @Test("Hot lists a community published within the week first, then the rest (rank 0) by id", arguments: LemmyDialect.allCases)
    func hotOrder(dialect: LemmyDialect) throws {
        var db = Self.database()
        let index = try #require(db.communities.lastIndex { !$0.nsfw && $0.instanceId == 1 && $0.id > 1 })
        db.communities[index].published = Self.now - 3600
        let form = ApiListCommunities(sort: dialect == .v1_0 ? .hot : nil)
        let ids = Self.ids(db, form, viewer: nil, dialect)
        #expect(ids.first == db.communities[index].id)
        let rest = Array(ids.dropFirst())
        #expect(rest.count > 2)
        #expect(rest == (dialect == .v1_0 ? rest.sorted(by: >) : rest.sorted()))
    }

    @Test("Hot ranks a new community above old ones, by each version's formula")
    func hotRank() {
        let week = 7 * 86_400.0
        for dialect in LemmyDialect.allCases {
            let young = Ranking.communityHot(subscribers: 10, published: Self.now - 3600, now: Self.now, dialect: dialect)
            #expect(young > 0)
            #expect(Ranking.communityHot(subscribers: 10, published: Self.now + 60, now: Self.now, dialect: dialect) == 0)
            let older = Ranking.communityHot(subscribers: 10, published: Self.now - 2 * 3600, now: Self.now, dialect: dialect)
            #expect(older < young)
            // 0.19 and 1.0 stop at a week; 0.18's integer rank lasts while it rounds above 0.
            let weekOld = Ranking.communityHot(subscribers: 100_000, published: Self.now - week - 60, now: Self.now, dialect: dialect)
            #expect((weekOld > 0) == (dialect == .v0_18))
        }
        // 0.18's is an integer (floor(10000 log10(13) / 3^1.8)); 0.19's log10(12) / 3^1.8.
        // At a refresh (every quarter hour), so the hour is exact.
        let refresh = 1_700_000_100.0
        #expect(Ranking.communityHot(subscribers: 10, published: refresh - 3600, now: refresh + 899, dialect: .v0_18) == 1541)
        let v019 = Ranking.communityHot(subscribers: 10, published: Self.now - 3600, now: Self.now, dialect: .v0_19)
        #expect(abs(v019 - log10(12) / pow(3, 1.8)) < 1e-12)
    }
}
