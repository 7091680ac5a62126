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

    @Test("Removing content: loaded posts and comments show it; 1.0 restores them with the unban", arguments: LemmyDialect.allCases)
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

            #expect(!(await bob.banFromInstance(false, removingContent: true)).isFailure)
            // 0.18 and 0.19 remove on an unban too and never restore; 1.0 restores.
            #expect(post.removed == (dialect != .v1_0))
            #expect(try await admin.getPost(id: post.id).removed == (dialect != .v1_0))
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
        "0.18 ends a ban at its expiry; 0.19 and 1.0 keep it until Lemmy's hourly job, which the test server does not run",
        arguments: LemmyDialect.allCases)
    func banEnds(dialect: LemmyDialect) async throws {
        let clock = ManualServerClock()
        try await clock.withServer(dialect) { server in
            let alice = try await login(server, "alice")
            let post = try #require(try await alice.getPosts(feed: .all, sort: .new).items.first)
            let admin = try await login(server, "admin")
            let alicePerson = try await admin.getPerson(id: 2)
            #expect(!(await alicePerson.banFromInstance(reason: "Cool off", until: clock.date.addingTimeInterval(3_600))).isFailure)
            clock.move(by: 7_200)
            let save = await post.toggleSave()
            switch dialect {
            case .v0_18: #expect(!save.isFailure, "the ban is over")
            case .v0_19: #expect(save.error?.kind == .notLoggedIn, "the session ended with the ban")
            case .v1_0: #expect(save.error?.isBannedFromInstance == true)
            }
        }
    }
}
