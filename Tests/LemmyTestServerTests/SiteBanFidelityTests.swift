import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// Site bans as each Lemmy version's `ban_person.rs`, `list_banned.rs` / `admin_list_users.rs`
/// and authentication code have them (0.18.5, 0.19.13, 1.0): refusals, the modlog, the lists,
/// and what a banned account's requests get.
@Suite("Site bans per dialect")
struct SiteBanFidelityTests: RefusalChecking {
    @Test(
        "Refusals: not an admin, no such person, an expiry past or out of range, a reason too long or (1.0) missing",
        arguments: LemmyDialect.allCases)
    func refusals(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let alice = try await TestClient(server).login("alice")
            let path = dialect == .v1_0 ? "/admin/ban" : "/user/ban"
            let expiryKey = dialect == .v1_0 ? "expires_at" : "expires"
            func ban(_ client: TestClient, _ fields: [String: Any]) async throws -> (status: Int, code: String, message: String?) {
                refusal(try await post(client, path, ["person_id": 3, "ban": true, "reason": "Spam"].merging(fields) { _, new in new }))
            }
            #expect(try await ban(alice, [:]).code == "not_an_admin")
            let missing = try await ban(admin, ["person_id": 999])
            if dialect == .v1_0 {
                #expect(missing.status == 400 && missing.code == "unknown")
                // An unban updates nothing; the modlog's foreign key refuses its entry.
                let unban = refusal(try await post(admin, path, ["person_id": 999, "ban": false, "reason": "Spam"]))
                #expect(unban.status == 400 && unban.code == "couldnt_create")
            } else {
                #expect(missing.status == 404 && missing.code == "couldnt_update_user")
            }
            #expect(try await ban(admin, ["reason": String(repeating: "x", count: 10_001)]).code == "invalid_body_field")
            let past = Int(Date().timeIntervalSince1970) - 3_600
            let farOff = 9_000_000_000_000
            if dialect == .v0_18 {
                // 0.18 checks no expiry: a past one makes a ban that is already over.
                #expect(try await post(admin, path, ["person_id": 3, "ban": true, expiryKey: past]).status == 200)
            } else {
                #expect(try await ban(admin, [expiryKey: past]).code == "ban_expiration_in_past")
                #expect(try await ban(admin, [expiryKey: farOff]).code == "invalid_unix_time")
            }
            if dialect == .v1_0 {
                // `reason` is a String in 1.0's form: without it the JSON does not deserialize.
                let noReason = refusal(try await post(admin, path, ["person_id": 3, "ban": true]))
                #expect(noReason.status == 400 && noReason.code == "unknown")
            }
            #expect(try await ban(admin, [:]).status == 200)
        }
    }

    @Test("The modlog's ban entry and the list of banned people", arguments: LemmyDialect.allCases)
    func modlogAndList(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let alice = try await TestClient(server).login("alice")
            let expiry = Int(Date().timeIntervalSince1970) + 86_400
            let form = ApiBanPerson(
                personId: 4, ban: true, reason: "Spam", expiresAt: dialect == .v1_0 ? expiry : nil,
                expires: dialect == .v1_0 ? nil : expiry)
            if dialect == .v1_0 {
                #expect(try await admin.send(LemmyV4.BanPerson(form)).personView.banned == true)
                let log = try await admin.send(LemmyV4.GetModlog(ApiGetModlog(type: .string("admin_ban")))).items
                let entry = try #require(log.first)
                #expect(log.count == 1 && entry.modlog.kind == .adminBan && !entry.modlog.isRevert)
                #expect(entry.targetPerson?.name == "carol" && entry.targetInstance?.id == 1)
                #expect(entry.modlog.expiresAt.map { Int($0.date.timeIntervalSince1970) } == expiry)
                let banned = try await admin.send(LemmyV4.AdminListUsers(ApiAdminListUsers(bannedOnly: true))).items
                #expect(banned.map(\.person.name) == ["carol"] && banned.first?.banned == true)
                #expect(banned.first?.banExpiresAt != nil)
                let everyone = try await admin.send(LemmyV4.AdminListUsers(ApiAdminListUsers())).items.map(\.person.id)
                let oldest = try await admin.send(LemmyV4.AdminListUsers(ApiAdminListUsers(sort: .old))).items.map(\.person.id)
                #expect(everyone.count >= 4 && oldest == everyone.reversed())
                var walked: [Int] = []
                var cursor: ApiPaginationCursor?
                repeat {
                    let page = try await admin.send(LemmyV4.AdminListUsers(ApiAdminListUsers(pageCursor: cursor, sort: .old, limit: 3)))
                    walked += page.items.map(\.person.id)
                    cursor = page.nextPage
                } while cursor != nil && walked.count <= oldest.count
                #expect(walked == oldest, "pages of three walk the whole list")
                #expect(refusal(try await alice.sendRaw(LemmyV4.AdminListUsers(ApiAdminListUsers()))).code == "not_an_admin")
                let posts = try await alice.posts(ApiGetPosts(sort: .new, limit: 50)).posts.filter { $0.creator.id == 4 }
                #expect(!posts.isEmpty && posts.allSatisfy { $0.creatorBanned == true && $0.creatorBanExpiresAt != nil })
            } else {
                let answer = try await admin.send(LemmyV3.BanPerson(form))
                #expect(answer.banned && answer.personView.person.banned == true && answer.personView.person.banExpires != nil)
                let log = try await admin.send(LemmyV3.GetModlog(ApiGetModlog())).banned
                #expect(log.map(\.bannedPerson.name) == ["carol"] && log.first?.modBan.banned == true)
                #expect(log.first?.modBan.expires.map { Int($0.date.timeIntervalSince1970) } == expiry)
                #expect(log.first?.modBan.reason == "Spam")
                let banned = try await admin.send(LemmyV3.GetBannedPersons(ApiGetBannedPersons())).banned
                #expect(banned.map(\.person.name) == ["carol"])
                #expect(refusal(try await alice.sendRaw(LemmyV3.GetBannedPersons(ApiGetBannedPersons()))).code == "not_an_admin")
            }
        }
    }

    @Test(
        "The banned account: 0.18 site_ban and a guest's reads, 0.19 no session, 1.0 writes refused but not all",
        arguments: LemmyDialect.allCases)
    func bannedAccount(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let carol = try await TestClient(server).login("carol")
            let save = ApiSavePost(postId: 1, save: true)
            let markRead = ApiMarkPostAsRead(postId: 1, read: true)
            #expect(
                try await either(
                    admin, LemmyV3.BanPerson(ApiBanPerson(personId: 4, ban: true)),
                    LemmyV4.BanPerson(ApiBanPerson(personId: 4, ban: true, reason: ""))
                ).status == 200)
            let saved = refusal(try await either(carol, LemmyV3.SavePost(save), LemmyV4.SavePost(save)))
            let login = refusal(
                try await post(
                    TestClient(server), dialect == .v1_0 ? "/account/auth/login" : "/user/login",
                    ["username_or_email": "carol", "password": "password"]))
            switch dialect {
            case .v0_18:
                #expect(saved.status == 400 && saved.code == "site_ban")
                #expect(try await carol.site().myUser == nil, "a read that needs no login is a guest's")
                #expect(login.code == "site_ban")
            case .v0_19:
                #expect(saved.status == 401 && saved.code == "incorrect_login", "the ban ended the session")
                #expect(login.status == 400 && login.code == "site_ban")
            case .v1_0:
                #expect(saved.status == 400 && saved.code == "site_ban")
                #expect(try await carol.sendRaw(LemmyV4.MarkPostAsRead(markRead)).status == 200, "marking read checks no ban")
                #expect(try await carol.send(LemmyV4.GetMyUser()).localUserView.banned == true)
                #expect(login.status == 200, "1.0 lets a banned account log in")
            }
        }
    }

    @Test("Hostile numbers: an expiry chrono cannot hold, a negative list limit", arguments: LemmyDialect.allCases)
    func hostileNumbers(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let path = dialect == .v1_0 ? "/admin/ban" : "/user/ban"
            let expiryKey = dialect == .v1_0 ? "expires_at" : "expires"
            for expires in [Int.min, Int.max, 8_210_298_412_800, -8_334_632_937_601] {
                let answer = refusal(try await post(admin, path, ["person_id": 3, "ban": true, "reason": "x", expiryKey: expires]))
                if dialect == .v0_18 {
                    // 0.18 panics (`naive_from_unix(...).expect`): no Lemmy error.
                    #expect(answer.status == 500, "\(expires)")
                } else {
                    #expect(answer.code == "invalid_unix_time", "\(expires)")
                }
            }
            // In chrono's range but before now: past, not invalid.
            if dialect != .v0_18 {
                let past = refusal(
                    try await post(admin, path, ["person_id": 3, "ban": true, "reason": "x", expiryKey: -8_000_000_000_000]))
                #expect(past.code == "ban_expiration_in_past")
            }
            // The server still answers, and its modlog renders.
            #expect(try await get(admin, "/modlog", [:]).status == 200)
            if dialect == .v1_0 {
                #expect(refusal(try await get(admin, "/admin/users", ["limit": "-1"])).code == "unknown")
                #expect(try await get(admin, "/admin/users", ["limit": "\(Int.max)"]).status == 200)
            }
        }
    }

    @Test("Who can be banned: 0.18 not a purged person, 0.19 a deleted one with an error after the ban")
    func targets() async throws {
        try await withServer(.v0_18) { server in
            let admin = try await TestClient(server).login("admin")
            #expect(try await admin.sendRaw(LemmyV3.PurgePerson(ApiPurgePerson(personId: 4, reason: "x"))).status == 200)
            let purged = refusal(try await admin.sendRaw(LemmyV3.BanPerson(ApiBanPerson(personId: 4, ban: true))))
            #expect(purged.status == 404 && purged.code == "couldnt_update_user")
        }
        try await withServer(.v0_19) { server in
            let admin = try await TestClient(server).login("admin")
            let carol = try await TestClient(server).login("carol")
            #expect(
                try await carol.sendRaw(LemmyV3.DeleteAccount(ApiDeleteAccount(password: "password", deleteContent: false))).status == 200)
            let deleted = refusal(try await admin.sendRaw(LemmyV3.BanPerson(ApiBanPerson(personId: 4, ban: true))))
            #expect(deleted.status == 400 && deleted.code == "couldnt_find_person")
            #expect(try await admin.send(LemmyV3.GetModlog(ApiGetModlog())).banned.map(\.bannedPerson.id) == [4], "the ban happened first")
        }
    }

    @Test("0.19 bans a remote person from the local communities they wrote in")
    func remotePerson() async throws {
        try await withServer(.v0_19) { server in
            let admin = try await TestClient(server).login("admin")
            let posts = try await admin.posts(ApiGetPosts(type: .all, sort: .new, limit: 50)).posts
            let written = try #require(
                posts.first { !$0.creator.local && $0.community.local }, "the seed has a remote author in a local community")
            let person = written.creator.id
            _ = try await admin.send(LemmyV3.BanPerson(ApiBanPerson(personId: person, ban: true, reason: "Spam")))
            let log = try await admin.send(LemmyV3.GetModlog(ApiGetModlog()))
            #expect(log.bannedFromCommunity.contains { $0.bannedPerson.id == person && $0.community.id == written.community.id })
            let after = try await admin.post(written.post.id)
            #expect(after.creatorBannedFromCommunity)
            // The banned person's sessions are not touched (a remote person has none here), and
            // they are not in the local list of bans.
            #expect(try await admin.send(LemmyV3.GetBannedPersons(ApiGetBannedPersons())).banned.isEmpty)
        }
    }

    @Test(
        "0.19's remote ban: a removed community they posted in counts, one they only commented in does not; a deleted person is refused before"
    )
    func remotePersonEdges() async throws {
        try await withServer(.v0_19) { server in
            let admin = try await TestClient(server).login("admin")
            let remote = try server.store.with { db -> (person: Int, postCommunity: Int)? in
                for post in db.posts where db.person(post.creatorId)?.instanceId != 1 && db.community(post.communityId)?.instanceId == 1 {
                    return (post.creatorId, post.communityId)
                }
                return nil
            }
            let (person, community) = try #require(remote, "the seed has a remote author in a local community")
            // Community removed: the post half of `list_local_community_ids` still names it.
            try server.store.with { db in db.communities[community - 1].removed = true }
            _ = try await admin.send(LemmyV3.BanPerson(ApiBanPerson(personId: person, ban: true, reason: "Spam")))
            let bans = try server.store.with { db in db.modlog.filter { $0.kind == .banFromCommunity && $0.targetId == person } }
            #expect(bans.contains { $0.communityId == community })

            // A deleted remote person: the ban, then couldnt_find_person, and no community bans.
            try server.store.with { db in db.persons[person - 1].deleted = true }
            let before = try server.store.with { db in db.modlog.count }
            let refused = refusal(try await admin.sendRaw(LemmyV3.BanPerson(ApiBanPerson(personId: person, ban: false, reason: "x"))))
            #expect(refused.code == "couldnt_find_person")
            #expect(try server.store.with { db in db.modlog.count } == before + 1, "only the site ban's entry")
        }
    }

    @Test("1.0: a banned admin's lists refused, logout still allowed; a permanent re-ban keeps a running ban's end; removals counted")
    func banned10() async throws {
        try await withServer(.v1_0) { server in
            let admin = try await TestClient(server).login("admin")
            let expiry = Int(Date().timeIntervalSince1970) + 86_400
            _ = try await admin.send(LemmyV4.BanPerson(ApiBanPerson(personId: 3, ban: true, reason: "a", expiresAt: expiry)))
            let again = try await admin.send(
                LemmyV4.BanPerson(ApiBanPerson(personId: 3, ban: true, removeOrRestoreData: true, reason: "b")))
            #expect(again.personView.banExpiresAt.map { Int($0.date.timeIntervalSince1970) } == expiry, "a None expiry leaves the column")
            let entry = try #require(try await admin.send(LemmyV4.GetModlog(ApiGetModlog(type: .string("admin_ban")))).items.first)
            let written = try server.store.with { db in
                db.posts.filter { $0.creatorId == 3 }.count + db.comments.filter { $0.creatorId == 3 }.count
            }
            #expect(written > 0 && entry.modlog.childCount == written, "one bulk entry per post and comment")

            // An admin may ban themselves; then their lists are refused, logging out is not.
            _ = try await admin.send(LemmyV4.BanPerson(ApiBanPerson(personId: 1, ban: true, reason: "")))
            #expect(refusal(try await admin.sendRaw(LemmyV4.AdminListUsers(ApiAdminListUsers()))).code == "site_ban")
            #expect(refusal(try await get(admin, "/report/list", [:])).code == "site_ban")
            #expect(try await admin.sendRaw(LemmyV4.GetPosts(ApiGetPosts())).status == 200)
            #expect(try await post(admin, "/account/auth/logout", [:]).status == 200)
        }
    }

    @Test(
        "Removing content takes the banned person's private messages out of lists and counts (0.19, 1.0; 1.0 restores)",
        arguments: LemmyDialect.allCases)
    func privateMessages(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            // Bob's messages that alice sees: the ban also removes his comments, some of them replies.
            func fromBob() async throws -> Int {
                if dialect == .v1_0 {
                    let page = try await alice.send(LemmyV4.ListNotifications(ApiListNotifications(limit: 50)))
                    return page.items.filter { item in
                        if case .privateMessage(let view) = item.data { return view.creator.id == 3 }
                        return false
                    }.count
                }
                let listed = try await alice.send(LemmyV3.GetPrivateMessages(ApiGetPrivateMessages(unreadOnly: false, limit: 50)))
                return listed.privateMessages.filter { $0.creator.id == 3 }.count
            }
            // And the unread count, which leaves removed messages out too.
            func unreadMessages() async throws -> Int {
                if dialect == .v1_0 { return try await alice.send(LemmyV4.GetUnreadCounts()).notificationCount }
                return try await alice.send(LemmyV3.GetUnreadCount(ApiGetUnreadCount(auth: ""))).privateMessages
            }
            let message = ApiCreatePrivateMessage(content: "Buy now", recipientId: 2)
            #expect(try await either(bob, LemmyV3.CreatePrivateMessage(message), LemmyV4.CreatePrivateMessage(message)).status == 200)
            let sent = try await fromBob()
            let unread = try await unreadMessages()
            #expect(sent >= 1)
            let ban = ApiBanPerson(
                personId: 3, ban: true, removeOrRestoreData: dialect == .v1_0 ? true : nil, reason: "Spam",
                removeData: dialect == .v1_0 ? nil : true)
            #expect(try await either(admin, LemmyV3.BanPerson(ban), LemmyV4.BanPerson(ban)).status == 200)
            // 0.18 removes no messages.
            #expect(try await fromBob() == (dialect == .v0_18 ? sent : 0))
            if dialect == .v0_19 { #expect(try await unreadMessages() < unread) }
            if dialect == .v1_0 {
                var unban = ban
                unban.ban = false
                #expect(try await admin.sendRaw(LemmyV4.BanPerson(unban)).status == 200)
                #expect(try await fromBob() == sent, "restored with the unban")
            }
        }
    }
}
