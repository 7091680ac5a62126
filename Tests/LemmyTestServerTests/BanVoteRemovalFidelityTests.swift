import Foundation
import LemmyAPI
@testable import LemmyTestServer
import LemmyTestSupport
import Testing

/// The votes a ban that removes a person's data takes back: none on 0.18.5 and 0.19.13; on 1.0
/// (Lemmy commit d274d2bb1) a site ban takes back every vote the person cast, and a community
/// ban everyone's votes on the person's posts and comments there. Tiny seed: admin 1, alice 2,
/// bob 3, carol 4.
@Suite("Votes taken back by bans that remove data")
struct BanVoteRemovalFidelityTests: RefusalChecking {
    /// Votes up `post` (or `comment`) as `client`, in the dialect's form.
    func upvote(_ client: TestClient, _ dialect: LemmyDialect, post: Int? = nil, comment: Int? = nil) async throws {
        var body: [String: Any] = dialect == .v1_0 ? ["is_upvote": true] : ["score": 1]
        if let post { body["post_id"] = post }
        if let comment { body["comment_id"] = comment }
        let answer = try await self.post(client, post != nil ? "/post/like" : "/comment/like", body)
        #expect(answer.status == 200)
    }

    /// The first post and comment of `creator` that stand, in one community.
    func content(by creator: Int, _ server: LemmyTestServer) throws -> (post: Int, comment: Int, community: Int) {
        try server.store.with { db in
            let comment = db.comments.first { $0.creatorId == creator && !$0.deleted && !$0.removed }!
            let communityId = db.post(comment.postId)!.communityId
            let post = db.posts.first { $0.creatorId == creator && $0.communityId == communityId && !$0.deleted && !$0.removed }!
            return (post.id, comment.id, communityId)
        }
    }

    /// A post's and a comment's upvotes and who voted on them, as the server holds them.
    func votes(post: Int, comment: Int, _ server: LemmyTestServer) throws -> (post: Int, comment: Int, voters: Set<Int>) {
        try server.store.with { db in
            let voters = db.users.filter { $0.value.postVotes[post] != nil || $0.value.commentVotes[comment] != nil }.map(\.key)
            return (db.posts[post - 1].upvotes, db.comments[comment - 1].upvotes, Set(voters))
        }
    }

    @Test("Site ban with its data: 1.0 takes back the person's own votes, not those on their content", arguments: LemmyDialect.allCases)
    func siteBan(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let bob = try await TestClient(server).login("bob")
            let carol = try await TestClient(server).login("carol")
            let alices = try content(by: 2, server)
            let bobs = try content(by: 3, server)
            try await upvote(bob, dialect, post: alices.post)
            try await upvote(bob, dialect, comment: alices.comment)
            try await upvote(carol, dialect, post: bobs.post)
            let before = try votes(post: alices.post, comment: alices.comment, server)
            let onBobs = try votes(post: bobs.post, comment: bobs.comment, server)
            let ban = ApiBanPerson(
                personId: 3, ban: true, removeOrRestoreData: dialect == .v1_0 ? true : nil, reason: "Spam",
                removeData: dialect == .v1_0 ? nil : true)
            #expect(try await either(admin, LemmyV3.BanPerson(ban), LemmyV4.BanPerson(ban)).status == 200)
            let after = try votes(post: alices.post, comment: alices.comment, server)
            if dialect == .v1_0 {
                #expect(after.post == before.post - 1 && after.comment == before.comment - 1 && !after.voters.contains(3))
                // An unban that restores the data restores no votes: Lemmy nulled them.
                var unban = ban
                unban.ban = false
                #expect(try await admin.sendRaw(LemmyV4.BanPerson(unban)).status == 200)
                #expect(try votes(post: alices.post, comment: alices.comment, server) == after)
                // The score the admin reads is the counted one.
                let view = try await admin.send(LemmyV4.GetPost(ApiGetPost(id: alices.post))).postView
                #expect((view.counts?.upvotes ?? view.post.upvotes) == after.post)
            } else {
                #expect(after == before)
            }
            // Votes on the banned person's content stay, in every version.
            #expect(try votes(post: bobs.post, comment: bobs.comment, server) == onBobs)
        }
    }

    /// Creates a post in community 1 as `client`; returns its id.
    func newPost(_ client: TestClient, _ title: String = "A post") async throws -> Int {
        let form = ApiCreatePost(name: title, communityId: 1)
        return try #require(
            createdId(try await either(client, LemmyV3.CreatePost(form), LemmyV4.CreatePost(form)), view: "post_view", entity: "post"))
    }

    /// Creates a comment on `post` as `client`; returns its id.
    func newComment(_ client: TestClient, on post: Int) async throws -> Int {
        let form = ApiCreateComment(content: "A comment", postId: post)
        let raw = try await either(client, LemmyV3.CreateComment(form), LemmyV4.CreateComment(form))
        return try #require(createdId(raw, view: "comment_view", entity: "comment"))
    }

    /// Bans bob (3) from community 1 as the admin, with his data.
    func banBob(_ admin: TestClient, ban: Bool = true) async throws -> TestClient.RawResponse {
        let form = ApiBanFromCommunity(
            communityId: 1, personId: 3, ban: ban, removeOrRestoreData: admin.dialect == .v1_0 ? true : nil, reason: "Spam",
            removeData: admin.dialect == .v1_0 ? nil : true)
        return try await either(admin, LemmyV3.BanFromCommunity(form), LemmyV4.BanFromCommunity(form))
    }

    @Test(
        "Community ban with data: posts and comments there removed, the person unfollowed; 1.0 takes back everyone's votes on them",
        arguments: LemmyDialect.allCases)
    func communityBan(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let carol = try await TestClient(server).login("carol")
            let bobsPost = try await newPost(bob)
            let bobsComment = try await newComment(bob, on: bobsPost)
            let alicesPost = try await newPost(alice)
            try await upvote(carol, dialect, post: bobsPost)
            try await upvote(carol, dialect, comment: bobsComment)
            try await upvote(bob, dialect, post: alicesPost)
            try server.store.with { db in try db.follow(1, by: 3, follow: true, now: Date().timeIntervalSince1970) }
            let onBobs = try votes(post: bobsPost, comment: bobsComment, server)
            let tally = try server.store.with { db in db.users[4]?.personVotes[3] }
            let alicesVotes = try server.store.with { db in db.posts[alicesPost - 1].upvotes }

            #expect(try await banBob(admin).status == 200)
            try server.store.with { db in
                #expect(db.posts[bobsPost - 1].removed && db.comments[bobsComment - 1].removed)
                #expect(!db.communities[0].subscribers.contains(3) && db.users[3]?.follows[1] == nil)
                // The banned person's own votes there stay in every version.
                #expect(db.posts[alicesPost - 1].upvotes == alicesVotes && db.users[3]?.postVotes[alicesPost] == 1)
                // Tallies per person are PersonActions::like's alone.
                #expect(db.users[4]?.personVotes[3] == tally)
                if dialect == .v1_0 {
                    // Every post and comment of bob's there, the seed's included, counted on the ban.
                    let posts = db.posts.filter { $0.creatorId == 3 && $0.communityId == 1 }
                    let comments = db.comments.filter { $0.creatorId == 3 && db.post($0.postId)?.communityId == 1 }
                    #expect(db.modlog.last { $0.kind == .banFromCommunity }?.childCount == posts.count + comments.count)
                    #expect(posts.allSatisfy(\.removed) && comments.allSatisfy(\.removed))
                }
            }
            let after = try votes(post: bobsPost, comment: bobsComment, server)
            if dialect == .v1_0 {
                // Carol's votes and bob's own, which Lemmy casts on what he writes.
                #expect(onBobs.voters == [3, 4] && after.post == 0 && after.comment == 0 && after.voters.isEmpty)
            } else {
                #expect(after == onBobs)
            }

            // The unban with data: 1.0 restores the content (not the votes); 0.18 and 0.19 remove it again.
            #expect(try await banBob(admin, ban: false).status == 200)
            try server.store.with { db in
                #expect(db.posts[bobsPost - 1].removed == (dialect != .v1_0))
                #expect(db.comments[bobsComment - 1].removed == (dialect != .v1_0))
            }
            #expect(try votes(post: bobsPost, comment: bobsComment, server) == after)
        }
    }

    @Test(
        "0.18 and 0.19 remove at most 10 comments a ban: 0.18 the next 10 on a second ban, 0.19 the same 10",
        arguments: LemmyDialect.allCases)
    func tenCommentsABan(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let bob = try await TestClient(server).login("bob")
            let post = try await newPost(bob)
            var ids: [Int] = []
            for _ in 0..<12 { ids.append(try await newComment(bob, on: post)) }
            func removedCount() throws -> Int { try server.store.with { db in ids.filter { db.comments[$0 - 1].removed }.count } }
            #expect(try await banBob(admin).status == 200)
            #expect(try removedCount() == (dialect == .v1_0 ? 12 : 10))
            #expect(try await banBob(admin).status == 200)
            #expect(try removedCount() == (dialect == .v0_19 ? 10 : 12))
        }
    }

    @Test("Banning someone who does not exist fails at a write, as each version's tables refuse it", arguments: LemmyDialect.allCases)
    func missingPerson(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            func ban(_ ban: Bool) async throws -> TestClient.RawResponse {
                let form = ApiBanFromCommunity(communityId: 1, personId: 999, ban: ban, reason: "Spam")
                return try await either(admin, LemmyV3.BanFromCommunity(form), LemmyV4.BanFromCommunity(form))
            }
            let entries = try server.store.with { db in db.modlog.count }
            let banned = refusal(try await ban(true))
            #expect(banned.status == 400 && banned.code == (dialect == .v1_0 ? "couldnt_update" : "community_user_already_banned"))
            let unbanned = try await ban(false)
            switch dialect {
            case .v0_18:
                #expect(unbanned.status == 400 && String(decoding: unbanned.body, as: UTF8.self).contains("foreign key"))
            case .v0_19:
                #expect(refusal(unbanned).status == 400 && refusal(unbanned).code == "unknown")
            case .v1_0:
                // The modlog's own foreign key refuses the unban's entry.
                #expect(refusal(unbanned).status == 400 && refusal(unbanned).code == "couldnt_create")
            }
            #expect(try server.store.with { db in db.modlog.count } == entries)
        }
    }

    @Test(
        "0.19 bans a deleted account from a community, then answers couldnt_find_person; 0.18 and 1.0 answer the ban",
        arguments: LemmyDialect.allCases)
    func deletedPerson(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            try server.store.with { db in db.persons[3].deleted = true }
            let form = ApiBanFromCommunity(communityId: 1, personId: 4, ban: true, reason: "Spam")
            let answer = try await either(admin, LemmyV3.BanFromCommunity(form), LemmyV4.BanFromCommunity(form))
            if dialect == .v0_19 {
                #expect(answer.status == 400 && refusal(answer).code == "couldnt_find_person")
            } else {
                #expect(answer.status == 200)
            }
            #expect(try server.store.with { db in db.communities[0].bannedPersons.contains(4) })
        }
    }

    @Test(
        "Banning from a community that does not exist: 1.0 reads it first, 0.18 and 0.19 check the caller first",
        arguments: LemmyDialect.allCases)
    func missingCommunity(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let alice = try await TestClient(server).login("alice")
            func ban(_ client: TestClient, _ ban: Bool) async throws -> TestClient.RawResponse {
                let form = ApiBanFromCommunity(communityId: 999, personId: 3, ban: ban, reason: "Spam")
                return try await either(client, LemmyV3.BanFromCommunity(form), LemmyV4.BanFromCommunity(form))
            }
            let byAlice = refusal(try await ban(alice, true))
            #expect(byAlice.code == (dialect == .v1_0 ? "not_found" : "not_a_mod_or_admin"))
            let banned = refusal(try await ban(admin, true))
            let unbanned = try await ban(admin, false)
            switch dialect {
            case .v0_18:
                #expect(banned.status == 400 && banned.code == "community_user_already_banned")
                #expect(unbanned.status == 400 && String(decoding: unbanned.body, as: UTF8.self).contains("foreign key"))
            case .v0_19:
                #expect(banned.code == "couldnt_find_community" && refusal(unbanned).code == "couldnt_find_community")
            case .v1_0:
                #expect(banned.status == 404 && banned.code == "not_found" && refusal(unbanned).code == "not_found")
            }
        }
    }

    @Test(
        "0.18's purge of a person cascades: their votes, follows, moderatorships and others' blocks of them go; 0.19 and 1.0 keep votes and follows",
        arguments: LemmyDialect.allCases)
    func purgeCascades(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let bob = try await TestClient(server).login("bob")
            let alices = try content(by: 2, server)
            try await upvote(bob, dialect, post: alices.post)
            let moderated = try server.store.with { db in
                _ = try db.follow(1, by: 3, follow: true, now: Date().timeIntervalSince1970)
                db.users[2, default: UserState()].blockedPersons[3] = Date().timeIntervalSince1970
                return db.communities.filter { $0.moderators.contains(3) }.map(\.id)
            }
            #expect(!moderated.isEmpty)
            let before = try votes(post: alices.post, comment: alices.comment, server)
            let form = ApiPurgePerson(personId: 3, reason: "Spam")
            #expect(try await either(admin, LemmyV3.PurgePerson(form), LemmyV4.PurgePerson(form)).status == 200)
            let after = try votes(post: alices.post, comment: alices.comment, server)
            try server.store.with { db in
                #expect(!moderated.contains { db.communities[$0 - 1].moderators.contains(3) })
                let cascades = dialect == .v0_18
                #expect(db.communities[0].subscribers.contains(3) != cascades)
                #expect((db.users[2]?.blockedPersons[3] != nil) != cascades)
                #expect(after.post == before.post - (cascades ? 1 : 0) && after.voters.contains(3) != cascades)
            }
        }
    }

    @Test(
        "0.18's purge of a person deletes their private messages, both ways, and the reports they made or resolved; 0.19 keeps them",
        arguments: [LemmyDialect.v0_18, .v0_19])
    func purgeTakesMessagesAndReports(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            // Everything alice has read, so that bob's message is her one unread one.
            _ = try await alice.send(LemmyV3.MarkAllAsRead(ApiMarkAllAsRead()))
            let sent = try await bob.send(LemmyV3.CreatePrivateMessage(ApiCreatePrivateMessage(content: "Hello", recipientId: 2)))
            let message = sent.privateMessageView.privateMessage.id
            let report = ApiCreatePrivateMessageReport(privateMessageId: message, reason: "Unwanted")
            _ = try await alice.send(LemmyV3.CreatePrivateMessageReport(report))
            let reportIds = try server.store.with { db in
                // One report bob made, one he resolved, one neither: only the last survives 0.18.
                let base = (db.reports.map(\.id).max() ?? 0) + 1
                for (offset, (creator, resolver)) in [(3, nil), (4, 3), (4, nil)].enumerated() {
                    db.reports.append(
                        ReportRecord(
                            id: base + offset, kind: .post, creatorId: creator, targetId: 1, originalText: "", reason: "Spam",
                            resolved: resolver != nil, resolverId: resolver, published: 0))
                }
                return [base, base + 1, base + 2]
            }
            #expect(try server.store.with { $0.unreadCounts(for: 2, dialect: dialect).messages } == 1)
            let form = ApiPurgePerson(personId: 3, reason: "Spam")
            #expect(try await admin.send(LemmyV3.PurgePerson(form)).success == true)

            let cascades = dialect == .v0_18
            let listed = try await alice.send(LemmyV3.GetPrivateMessages(ApiGetPrivateMessages(limit: 50))).privateMessages
            #expect(listed.contains { $0.privateMessage.id == message } != cascades)
            try server.store.with { db in
                #expect(db.unreadCounts(for: 2, dialect: dialect).messages == (cascades ? 0 : 1))
                let reports = try db.reports(ReportListing(), viewer: 1, dialect: dialect, now: Date().timeIntervalSince1970).map(\.id)
                #expect(reportIds.map(reports.contains) == (cascades ? [false, false, true] : [true, true, true]))
            }
            let messageReports = try await admin.send(LemmyV3.ListPrivateMessageReports(ApiListPrivateMessageReports()))
                .privateMessageReports
            #expect(messageReports.contains { $0.privateMessage.id == message } != cascades)
            guard cascades else { return }
            // What the purge deleted cannot be written to: a message to bob, a resolve of a report gone.
            let toBob = ApiCreatePrivateMessage(content: "Still there?", recipientId: 3)
            #expect(refusal(try await alice.sendRaw(LemmyV3.CreatePrivateMessage(toBob))).code == "couldnt_create_private_message")
            let messageReportId = try server.store.with { db in db.privateMessageReports.last!.id }
            let resolveMessage = ApiResolvePrivateMessageReport(reportId: messageReportId, resolved: true)
            #expect(try await admin.sendRaw(LemmyV3.ResolvePrivateMessageReport(resolveMessage)).status == 404)
            let resolvePost = ApiResolvePostReport(reportId: reportIds[1], resolved: false)
            #expect(try await admin.sendRaw(LemmyV3.ResolvePostReport(resolvePost)).status == 404)
            let reports = try server.store.with { db in try db.reports(ReportListing(), viewer: 1, dialect: dialect, now: 0).map(\.id) }
            #expect(!reports.contains(reportIds[1]))
        }
    }

    @Test(
        "0.18's purge of a person deletes their registration application and those they decided; 0.19 keeps them",
        arguments: [LemmyDialect.v0_18, .v0_19])
    func purgeTakesRegistrationApplications(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            // Bob's own application; carol's, which bob decided; alice's, which the admin decided.
            let ids = try server.store.with { db in
                let base = db.registrationApplications.count + 1
                for (offset, (applicant, decider)) in [(3, nil), (4, 3), (2, 1)].enumerated() {
                    db.registrationApplications.append(
                        RegistrationApplicationRecord(
                            id: base + offset, personId: applicant, answer: "Hello", published: 0, adminId: decider))
                }
                return [base, base + 1, base + 2]
            }
            #expect(try await admin.send(LemmyV3.PurgePerson(ApiPurgePerson(personId: 3, reason: "Spam"))).success == true)
            let listed = try await admin.send(LemmyV3.ListRegistrationApplications(ApiListRegistrationApplications(limit: 50)))
                .registrationApplications.map(\.registrationApplication.id)
            let cascades = dialect == .v0_18
            #expect(ids.map(listed.contains) == (cascades ? [false, false, true] : [true, true, true]))
            // Deciding one the purge took is the update's diesel NotFound, passed on as it is.
            let decide = ApiApproveRegistrationApplication(id: ids[1], approve: true)
            let answer = try await admin.sendRaw(LemmyV3.ApproveRegistrationApplication(decide))
            #expect(answer.status == (cascades ? 404 : 200))
        }
    }

    @Test("A purged comment's reply is gone from its recipient's replies (0.18, 0.19)", arguments: [LemmyDialect.v0_18, .v0_19])
    func purgedReplyIsGone(dialect: LemmyDialect) async throws {
        try await withServer(dialect) { server in
            let admin = try await TestClient(server).login("admin")
            let alice = try await TestClient(server).login("alice")
            let bob = try await TestClient(server).login("bob")
            let mine = try await alice.send(LemmyV3.CreateComment(ApiCreateComment(content: "Alice asks", postId: 1)))
            let answer = ApiCreateComment(content: "Bob answers", postId: 1, parentId: mine.commentView.comment.id)
            let reply = try await bob.send(LemmyV3.CreateComment(answer)).commentView.comment.id
            func listed() async throws -> Bool {
                try await alice.send(LemmyV3.GetReplies(ApiGetReplies(sort: .new, limit: 50))).replies.contains { $0.comment.id == reply }
            }
            #expect(try await listed())
            #expect(try await admin.send(LemmyV3.PurgeComment(ApiPurgeComment(commentId: reply, reason: "Spam"))).success == true)
            #expect(try await !listed())
        }
    }
}
