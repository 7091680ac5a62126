import Foundation
import LemmyAPI
import LemmyMiddleware
import LemmyTestServer
import LemmyTestSupport
import Testing

/// Site bans through ``Person2Providing/banFromInstance(_:reason:removingContent:until:)``, over
/// HTTP against each version's rules: what the admin's client shows, and what the banned
/// account can still do.
@Suite("Site bans") @MainActor
struct SiteBanTests {
    @Test("A ban shows at once and stays; an unban lifts it", arguments: LemmyDialect.allCases)
    func banAndUnban(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let alice = try await admin.getPerson(id: 2)
            let result = await alice.banFromInstance(reason: "Spam")
            #expect(!result.isFailure)
            #expect(alice.isBanned)
            #expect(try await login(server, "carol").getPerson(id: 2).isBanned, "the server agrees")
            #expect(!(await alice.banFromInstance(false)).isFailure)
            #expect(!alice.isBanned)
            #expect(!(try await admin.getPerson(id: 2).isBanned))
        }
    }

    @Test("The list of banned people: every page, only the banned, admins only", arguments: LemmyDialect.allCases)
    func bannedPeople(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            #expect(try await admin.bannedPeople().items.isEmpty)
            for id in [3, 4] {
                let person = try await admin.getPerson(id: id)
                #expect(!(await person.banFromInstance(reason: "Spam")).isFailure)
            }
            let all = try await admin.allPages { cursor async throws(ApiClientError) in
                try await admin.bannedPeople(limit: 1, cursor: cursor)
            }
            #expect(all.isComplete)
            #expect(Set(all.items.map(\.id)) == [3, 4] && all.items.count == 2 && all.items.allSatisfy(\.isBanned))
            // 1.0 pages by the limit (a full page offers a next one, so the third is empty); 0.18
            // and 0.19 answer with the whole list at once.
            #expect(all.pageCount == (dialect == .v1_0 ? 3 : 1))
            let alice = try await login(server, "alice")
            let error = await #expect(throws: ApiClientError.self) { _ = try await alice.bannedPeople() }
            #expect(error?.lemmyCode?.code == "not_an_admin")
        }
    }

    @Test("A lost answer is settled by reading the person again", arguments: LemmyDialect.allCases)
    func lostAnswer(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let alice = try await admin.getPerson(id: 2)
            server.faults.add(FaultRule(.closeAfterHandling, route: dialect == .v1_0 ? "/admin/ban" : "/user/ban", count: 1))
            #expect(await alice.banFromInstance(reason: "Spam") == .confirmed)
            #expect(alice.isBanned)
        }
    }

    @Test(
        "A lost answer with removal: shown when the ban is new, reported failed when the person was banned already",
        arguments: LemmyDialect.allCases)
    func lostAnswerWithRemoval(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let post = try #require(try await admin.getPosts(feed: .all, sort: .new, limit: 50).items.first { $0.creatorId == 3 })
            let bob = try await admin.getPerson(id: 3)
            let route = dialect == .v1_0 ? "/admin/ban" : "/user/ban"
            server.faults.add(FaultRule(.closeAfterHandling, route: route, count: 1))
            #expect(await bob.banFromInstance(reason: "Spam", removingContent: true) == .confirmed)
            #expect(bob.isBanned && post.removed)

            // Banned already: the re-read cannot tell whether this request removed anything.
            let other = try #require(try await admin.getPosts(feed: .all, sort: .new, limit: 50).items.first { $0.creatorId == 4 })
            let carol = try await admin.getPerson(id: 4)
            #expect(!(await carol.banFromInstance(reason: "Spam")).isFailure)
            server.faults.add(FaultRule(.closeAfterHandling, route: route, count: 1))
            let again = await carol.banFromInstance(reason: "Spam", removingContent: true)
            #expect(again.isFailure, "the client does not claim what it cannot know")
            #expect(carol.isBanned && !other.removed)
        }
    }

    @Test("Someone who is not an admin is refused and the model rolls back", arguments: LemmyDialect.allCases)
    func refused(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let bob = try await alice.getPerson(id: 3)
            let result = await bob.banFromInstance(reason: "No")
            #expect(result.error?.lemmyCode?.code == "not_an_admin")
            #expect(!bob.isBanned)
            #expect(!(try await alice.getPerson(id: 3).isBanned))
        }
    }

    @Test("A banned account: 0.18 refuses its writes, 0.19 ends its session, 1.0 lets it log in and read", arguments: LemmyDialect.allCases)
    func bannedAccount(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let post = try #require(try await alice.getPosts(feed: .all, sort: .new).items.first)
            let admin = try await login(server, "admin")
            let alicePerson = try await admin.getPerson(id: 2)
            #expect(!(await alicePerson.banFromInstance(reason: "Spam")).isFailure)

            let save = await post.toggleSave()
            switch dialect {
            case .v0_18, .v1_0: #expect(save.error?.isBannedFromInstance == true)
            case .v0_19: #expect(save.error?.kind == .notLoggedIn)
            }
            #expect(!post.saved, "the refused save rolled back")
            // Reading goes on: as a guest on 0.18 and 0.19, as the account on 1.0.
            #expect(try await alice.getPost(id: post.id).id == post.id)
            if dialect == .v1_0 {
                #expect(!(await post.markRead()).isFailure, "1.0 checks no ban when marking read")
                #expect(try await login(server, "alice").account != nil, "1.0 lets a banned account log in")
            } else {
                let error = await #expect(throws: ApiClientError.self) { _ = try await login(server, "alice") }
                #expect(error?.isBannedFromInstance == true)
            }
        }
    }

    @Test(
        "Removing content: loaded posts and comments show it; only 1.0 restores them, with an unban that asks",
        arguments: LemmyDialect.allCases)
    func removingContent(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let posts = try await admin.getPosts(feed: .all, sort: .new, limit: 50).items.filter { $0.creatorId == 3 }
            let post = try #require(posts.first, "bob has posts")
            let untouched = try #require(try await admin.getPosts(feed: .all, sort: .new, limit: 50).items.first { $0.creatorId != 3 })
            let bob = try await admin.getPerson(id: 3)
            #expect(!(await bob.banFromInstance(reason: "Spam", removingContent: true)).isFailure)
            #expect(posts.allSatisfy { $0.removed })
            #expect(!untouched.removed)
            #expect(
                try await login(server, "carol").getPosts(feed: .all, sort: .new, limit: 50).items.allSatisfy { $0.creatorId != 3 },
                "the server removed them")

            // An unban alone restores nothing, in any version.
            #expect(!(await bob.banFromInstance(false)).isFailure)
            #expect(post.removed)
            #expect(try await admin.getPost(id: post.id).removed)
            guard dialect == .v1_0 else { return }
            #expect(!(await bob.banFromInstance(reason: "Again")).isFailure)
            #expect(!(await bob.banFromInstance(false, removingContent: true)).isFailure)
            #expect(!post.removed && posts.allSatisfy { !$0.removed })
            #expect(!(try await admin.getPost(id: post.id).removed))
        }
    }

    @Test("0.18 and 0.19 remove content with an unban that asks, and never restore it", arguments: [LemmyDialect.v0_18, .v0_19])
    func unbanRemoves(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let post = try #require(try await admin.getPosts(feed: .all, sort: .new, limit: 50).items.first { $0.creatorId == 3 })
            let bob = try await admin.getPerson(id: 3)
            #expect(!(await bob.banFromInstance(reason: "Spam")).isFailure)
            #expect(!post.removed, "a ban without removal removes nothing")
            #expect(!(await bob.banFromInstance(false, removingContent: true)).isFailure)
            #expect(post.removed)
            #expect(try await admin.getPost(id: post.id).removed)
            #expect(!bob.isBanned)
        }
    }

    @Test("An expiry: 0.19 and 1.0 refuse one in the past; 0.18 takes it, and the ban is over at once", arguments: LemmyDialect.allCases)
    func expiry(dialect: LemmyDialect) async throws {
        let clock = ManualServerClock()
        try await clock.withServer(dialect) { server in
            let admin = try await login(server, "admin")
            let alice = try await admin.getPerson(id: 2)
            let result = await alice.banFromInstance(reason: "Spam", until: clock.date.addingTimeInterval(-60))
            if dialect == .v0_18 {
                #expect(!result.isFailure)
                #expect(try await login(server, "alice").account != nil, "a ban whose end is past holds no more")
            } else {
                #expect(result.error?.lemmyCode?.code == "ban_expiration_in_past")
                #expect(!alice.isBanned)
            }
        }
    }

    @Test(
        "0.18 ends a ban at its expiry; 0.19 and 1.0 when Lemmy's hourly job clears it, at the latest an hour later",
        arguments: LemmyDialect.allCases)
    func banEnds(dialect: LemmyDialect) async throws {
        let clock = ManualServerClock()
        try await clock.withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let post = try #require(try await alice.getPosts(feed: .all, sort: .new).items.first)
            let admin = try await login(server, "admin")
            let alicePerson = try await admin.getPerson(id: 2)
            let end = clock.date.addingTimeInterval(3_600)
            #expect(!(await alicePerson.banFromInstance(reason: "Cool off", until: end)).isFailure)
            #expect(alicePerson.banExpires.map { abs($0.timeIntervalSince(end)) < 1 } == true, "the server's end")
            clock.move(by: 3_600 + 1_800)
            // Past the end, before the job: 0.18 compares the expiry, 1.0 reads the flag.
            switch dialect {
            case .v0_18: #expect(!(await post.toggleSave()).isFailure, "the ban is over")
            case .v0_19: #expect((await post.toggleSave()).error?.kind == .notLoggedIn, "the session ended with the ban")
            case .v1_0: #expect((await post.toggleSave()).error?.isBannedFromInstance == true)
            }
            clock.move(by: 3_600)
            if dialect != .v0_19 { #expect(!(await post.toggleSave()).isFailure, "the hourly job has lifted it") }
            #expect(try await login(server, "alice").account != nil, "and the account logs in")
            #expect(!(try await admin.getPerson(id: 2).isBanned))
        }
    }
}
